import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Spin, TimePicker, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import { FLEXIBLE_OT_TYPES, OVERTIME_TEXT_MAX, OVERTIME_TITLE_MAX } from '@tms/contracts/overtime';
import { FIXED_MEMBERS_PATH } from '@tms/contracts/overtime-fixed';
import { FLEXIBLE_MESSAGES as M, type FlexibleDetail } from '@tms/contracts/overtime-flexible';
import { EmployeeSelect, employeeLabel, type EmployeeLookup } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { DATE_DMY, TIME_HM } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { endNotStartRule, endsNextDay, useOtDateDisabled } from '../ot-window.ts';
import { uploadFlexibleFile, useFlexibleCommand, useFlexibleDetail, useFlexibleProjects } from './api/flexible-overtime-api.ts';
import { fromFlexibleDetail, toFlexiblePayload, type FlexibleFormValues } from './flexible-overtime-view.ts';

const option = (e: { employeeId: number | null; name: string; username: string }): RemoteOption<EmployeeLookup> => ({
  value: e.employeeId ?? 0,
  label: employeeLabel({ name: e.name, user_name: e.username }),
  item: { id: e.employeeId ?? 0, name: e.name, user_name: e.username, sf4c_id: null, department_name: { name: '', nameEn: '' }, division_name: { name: '', nameEn: '' } },
});

/**
 * The flexible overtime create/edit modal (spec 001 §3 Flexible create payload, §5.6; width 800): title, project (the
 * user's own projects, spec 001 §6), OT date (weekends, locked dates and dates past the 10-day limit disabled), request
 * type, start/end HH:mm (an end at or before the start is the next day), requesters (a PM for members of the project,
 * HR and ADMIN for anyone; one request each), CC, description, attachments. The server checks every rule again.
 */
export function FlexibleOvertimeModal({ open, editId, onClose, onSaved }: { open: boolean; editId?: number | null; onClose: () => void; onSaved: () => void }) {
  const editing = editId != null;
  const detail = useFlexibleDetail(open && editing ? editId : null);
  if (!open) return null;
  if (editing && !detail.data) return <Spin fullscreen />;
  return <FlexibleForm key={editing ? `edit-${editId}-${detail.data?.version}` : 'create'} detail={editing ? detail.data : undefined} onClose={onClose} onSaved={onSaved} />;
}

function FlexibleForm({ detail, onClose, onSaved }: { detail?: FlexibleDetail; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<FlexibleFormValues>();
  const user = useCurrentUser().data;
  const otDateDisabled = useOtDateDisabled();
  const projects = useFlexibleProjects(true);
  const command = useFlexibleCommand();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const projectId = Form.useWatch('projectId', form);
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  const project = projects.data?.find((p) => p.project_id === projectId);
  // RULES.md brief: others than oneself only for the project's PM (its members) or HR / ADMIN.
  const forOthers = !detail && (hasRole(user, 'HR', 'ADMIN') || project?.role === 'PM');
  const memberQuery = useMemo(() => (projectId ? { projectId } : undefined), [projectId]);
  const ccInitial = useMemo(() => detail?.ccMails.map(option) ?? [], [detail]);
  const initialValues: FlexibleFormValues = detail ? fromFlexibleDetail(detail) : { requestType: FLEXIBLE_OT_TYPES[0].value };

  const submit = async (values: FlexibleFormValues) => {
    const body = toFlexiblePayload(values);
    let ids: number[];
    try {
      if (detail) {
        const saved = (await command.mutateAsync({ kind: 'edit', body: { ...body, requesterIds: null, id: detail.id, version: detail.version } })) as { id: number };
        ids = [saved.id];
      } else {
        ids = ((await command.mutateAsync({ kind: 'create', body })) as { id: number }[]).map((d) => d.id);
      }
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
    const failed: string[] = [];
    for (const id of ids) {
      for (const f of files) {
        if (!f.originFileObj) continue;
        try {
          await uploadFlexibleFile(id, f.originFileObj);
        } catch {
          failed.push(f.name);
        }
      }
    }
    notifySuccess(M.success);
    if (failed.length > 0) notifyWarning(`Upload file failed: ${failed.join(', ')}`);
    onSaved();
    onClose();
  };

  const projectOptions = (projects.data ?? []).map((p) => ({ value: p.project_id, label: `${p.project_code} - ${p.project_name}` }));
  if (detail && !projectOptions.some((p) => p.value === detail.project.projectId)) {
    projectOptions.push({ value: detail.project.projectId, label: `${detail.project.projectCode} - ${detail.project.projectName}` });
  }

  return (
    <FormModal<FlexibleFormValues>
      open
      form={form}
      title={detail ? 'Edit Overtime Request' : 'Create Overtime Request'}
      name="flexible-ot-form"
      width={800}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={command.isPending}
      okText={detail ? 'Save' : 'Create'}
      saveTestId="flexible-ot-save"
      cancelTestId="flexible-ot-cancel"
      formTestId="flexible-ot-form"
    >
      <Form.Item
        name="title"
        label="Title"
        rules={[
          { required: true, whitespace: true, message: M.titleRequired },
          { max: OVERTIME_TITLE_MAX, message: M.titleTooLong },
        ]}
      >
        <Input maxLength={OVERTIME_TITLE_MAX + 1} showCount data-testid="flexible-ot-title" />
      </Form.Item>
      <Form.Item name="projectId" label="Project" rules={[{ required: true, message: M.projectRequired }]}>
        <Select
          options={projectOptions}
          loading={projects.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a project"
          onChange={() => form.setFieldValue('requesterIds', [])}
          data-testid="flexible-ot-project"
        />
      </Form.Item>
      <Space size="large" wrap align="start">
        <Form.Item name="overtimeDate" label="OT Date" rules={[{ required: true, message: M.dateRequired }]}>
          <DatePicker format={DATE_DMY} disabledDate={otDateDisabled} data-testid="flexible-ot-date" />
        </Form.Item>
        <Form.Item name="requestType" label="Request type" rules={[{ required: true, message: M.typeRequired }]}>
          <Select options={FLEXIBLE_OT_TYPES.map((t) => ({ value: t.value, label: t.label }))} style={{ width: 160 }} data-testid="flexible-ot-type" />
        </Form.Item>
        <Form.Item name="start" label="Start time" rules={[{ required: true, message: M.startRequired }]}>
          <TimePicker format={TIME_HM} minuteStep={1} needConfirm={false} data-testid="flexible-ot-start" />
        </Form.Item>
        <Form.Item
          name="end"
          label="End time"
          dependencies={['start']}
          rules={[{ required: true, message: M.endRequired }, endNotStartRule(M.endAfterStart)]}
          extra={endsNextDay(start, end) ? <Typography.Text type="warning" data-testid="flexible-ot-overnight">Ends on the next day</Typography.Text> : null}
        >
          <TimePicker format={TIME_HM} minuteStep={1} needConfirm={false} data-testid="flexible-ot-end" />
        </Form.Item>
      </Space>
      {forOthers ? (
        <Form.Item name="requesterIds" label="Staff" extra="Empty: yourself. One request is filed per staff member.">
          <EmployeeSelect
            mode="multiple"
            valueField="id"
            path={hasRole(user, 'HR', 'ADMIN') ? undefined : FIXED_MEMBERS_PATH}
            extraQuery={hasRole(user, 'HR', 'ADMIN') ? undefined : memberQuery}
            disabled={!projectId}
            placeholder={projectId ? 'Search staff (3 characters)' : M.projectRequired}
            data-testid="flexible-ot-staff"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="ccMailList" label="CC">
        <EmployeeSelect mode="multiple" valueField="id" initialOptions={ccInitial} data-testid="flexible-ot-cc" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: OVERTIME_TEXT_MAX, message: M.descriptionTooLong }]}>
        <Input.TextArea rows={3} showCount maxLength={OVERTIME_TEXT_MAX + 1} data-testid="flexible-ot-description" />
      </Form.Item>
      <Form.Item label="Attachments">
        <Upload
          multiple
          fileList={files}
          accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
          beforeUpload={() => false}
          onChange={({ fileList }) => setFiles(fileList)}
          data-testid="flexible-ot-files"
        >
          <Button icon={<UploadOutlined />}>Attach files</Button>
        </Upload>
      </Form.Item>
    </FormModal>
  );
}
