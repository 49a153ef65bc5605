import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space, Spin, TimePicker, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import { FIXED_OT_TYPES, OVERTIME_MESSAGES as M, OVERTIME_TEXT_MAX, OVERTIME_TITLE_MAX, otTypeNeedsFile } from '@tms/contracts/overtime';
import { FIXED_MEMBERS_PATH, FIXED_MESSAGES as F } from '@tms/contracts/overtime-fixed';
import { EmployeeSelect, employeeLabel, type EmployeeLookup } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { DATE_DMY } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useFixedCommand, useFixedDetail } from './api/fixed-overtime-api.ts';
import { MultipleStaffModal } from './multiple-staff-modal.tsx';
import { endNotStartRule, endsNextDay, useOtDateDisabled } from '../ot-window.ts';
import { fromFixedDetail, toFixedPayload, type FixedFormValues } from './fixed-overtime-view.ts';

const employeeOption = (e: { employee_id: number; name: string; user_name: string }): RemoteOption<EmployeeLookup> => ({
  value: e.employee_id,
  label: employeeLabel(e),
  item: { id: e.employee_id, name: e.name, user_name: e.user_name, sf4c_id: null, department_name: { name: '', nameEn: '' }, division_name: { name: '', nameEn: '' } },
});

/**
 * The fixed overtime create/edit modal (spec 001 §5.6; width 800): title, project (all projects), OT date (weekends,
 * locked dates and dates past the 10-day limit disabled), start/end time (1-minute steps; an end before the start is
 * the next day), OT type, staff (members of the project; HR and ADMIN may paste several usernames), CC, description,
 * attachments (required for OT from home and work outside). The server checks every rule again.
 */
export function FixedOvertimeModal({ open, editId, onClose, onSaved }: { open: boolean; editId?: number | null; onClose: () => void; onSaved: () => void }) {
  const editing = editId != null;
  const detail = useFixedDetail(open && editing ? editId : null);
  if (!open) return null;
  if (editing && !detail.data) return <Spin fullscreen />;
  return <FixedOvertimeForm key={editing ? `edit-${editId}-${detail.data?.version}` : 'create'} detail={editing ? detail.data : undefined} onClose={onClose} onSaved={onSaved} />;
}

function FixedOvertimeForm({ detail, onClose, onSaved }: { detail?: NonNullable<ReturnType<typeof useFixedDetail>['data']>; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<FixedFormValues>();
  const user = useCurrentUser().data;
  const otDateDisabled = useOtDateDisabled();
  const command = useFixedCommand();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [extraStaff, setExtraStaff] = useState<RemoteOption<EmployeeLookup>[]>([]);
  const projectId = Form.useWatch('project_id', form);
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  const otType = Form.useWatch('ot_type', form);
  const mayPaste = hasRole(user, 'HR', 'ADMIN');
  const memberQuery = useMemo(() => (projectId ? { projectId } : undefined), [projectId]);
  const staffInitial = useMemo(() => [...(detail?.staff.map((s) => employeeOption({ employee_id: s.employee_id, ...s.employee })) ?? []), ...extraStaff], [detail, extraStaff]);
  const ccInitial = useMemo(() => detail?.mailList.map(employeeOption) ?? [], [detail]);
  const existingFiles = detail?.files.length ?? 0;

  const submit = async (values: FixedFormValues) => {
    if (values.ot_type && otTypeNeedsFile(values.ot_type) && files.length + existingFiles === 0) {
      setFileError(M.fileRequired);
      return;
    }
    const body = toFixedPayload(values);
    const uploads = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => f !== undefined);
    try {
      if (detail) await command.mutateAsync({ kind: 'update', body: { ...body, id: detail.id, version: detail.version }, files: uploads });
      else await command.mutateAsync({ kind: 'create', body, files: uploads });
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
    notifySuccess(detail ? F.updated : F.created);
    onSaved();
    onClose();
  };

  const addPasted = (found: EmployeeLookup[]) => {
    const current = form.getFieldValue('staff') ?? [];
    setExtraStaff((list) => [...list, ...found.map((e) => employeeOption({ employee_id: e.id, name: e.name, user_name: e.user_name }))]);
    form.setFieldValue('staff', [...new Set([...current, ...found.map((e) => e.id)])]);
    void form.validateFields(['staff']);
  };

  return (
    <FormModal<FixedFormValues>
      open
      form={form}
      title={detail ? 'Edit Overtime Request' : 'Create Overtime Request'}
      name="fixed-overtime-form"
      width={800}
      initialValues={detail ? fromFixedDetail(detail) : {}}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={command.isPending}
      okText={detail ? 'Save' : 'Create'}
      saveTestId="fixed-ot-save"
      cancelTestId="fixed-ot-cancel"
      formTestId="fixed-ot-form"
      onValuesChange={(changed) => {
        if ('project_id' in changed && !detail) form.setFieldValue('staff', []);
      }}
    >
      <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: M.titleRequired }, { max: OVERTIME_TITLE_MAX, message: M.titleTooLong }]}>
        <Input data-testid="fixed-ot-title" />
      </Form.Item>
      <Form.Item name="project_id" label="Project" rules={[{ required: true, message: M.projectRequired }]}>
        <ProjectSelect
          data-testid="fixed-ot-project"
          initialOptions={detail ? [{ value: detail.project_id, label: `${detail.project_code} - ${detail.project_name}`, item: { project_id: detail.project_id, project_code: detail.project_code, project_name: detail.project_name, status: 'Active' } }] : undefined}
        />
      </Form.Item>
      <Space align="start" wrap>
        <Form.Item name="ot_date" label="OT Date" rules={[{ required: true, message: M.dateRequired }]}>
          <DatePicker format={DATE_DMY} disabledDate={otDateDisabled} data-testid="fixed-ot-date" />
        </Form.Item>
        <Form.Item name="start" label="Start time" rules={[{ required: true, message: M.startRequired }]}>
          <TimePicker format="HH:mm" minuteStep={1} needConfirm={false} data-testid="fixed-ot-start" />
        </Form.Item>
        <Form.Item
          name="end"
          label="End time"
          dependencies={['start']}
          extra={endsNextDay(start, end) ? 'Ends on the next day' : undefined}
          rules={[{ required: true, message: M.endRequired }, endNotStartRule(M.endAfterStart)]}
        >
          <TimePicker format="HH:mm" minuteStep={1} needConfirm={false} data-testid="fixed-ot-end" />
        </Form.Item>
        <Form.Item name="ot_type" label="OT Type" rules={[{ required: true, message: M.typeRequired }]}>
          <Select style={{ width: 180 }} options={FIXED_OT_TYPES.map((t) => ({ value: t.value, label: t.label }))} data-testid="fixed-ot-type" />
        </Form.Item>
      </Space>
      <Form.Item
        label="Staff"
        required
        extra={
          mayPaste ? (
            <Button size="small" type="link" icon={<UsergroupAddOutlined />} onClick={() => setPasteOpen(true)} disabled={!projectId} data-testid="fixed-ot-add-multiple">
              Add Multiple Staffs
            </Button>
          ) : undefined
        }
      >
        <Form.Item
          name="staff"
          noStyle
          rules={[
            () => ({
              validator: (_rule, value: number[] | undefined) =>
                !form.getFieldValue('project_id') ? Promise.reject(new Error(M.projectRequired)) : value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(M.staffRequired)),
            }),
          ]}
        >
          <EmployeeSelect
            mode="multiple"
            valueField="id"
            path={FIXED_MEMBERS_PATH}
            extraQuery={memberQuery}
            disabled={!projectId}
            placeholder={projectId ? 'Search project members (3 characters)' : M.projectRequired}
            initialOptions={staffInitial}
            data-testid="fixed-ot-staff"
          />
        </Form.Item>
      </Form.Item>
      <Form.Item name="mail_cc" label="CC">
        <EmployeeSelect mode="multiple" valueField="id" initialOptions={ccInitial} data-testid="fixed-ot-cc" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: OVERTIME_TEXT_MAX, message: M.descriptionTooLong }]}>
        <Input.TextArea rows={3} showCount maxLength={OVERTIME_TEXT_MAX + 1} data-testid="fixed-ot-description" />
      </Form.Item>
      <Form.Item
        label="Attachments"
        required={otType ? otTypeNeedsFile(otType) : false}
        validateStatus={fileError ? 'error' : undefined}
        help={fileError ?? (existingFiles > 0 ? `${existingFiles} file(s) attached; manage them in the detail drawer` : undefined)}
      >
        <Upload
          multiple
          accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
          fileList={files}
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setFiles(fileList);
            setFileError(null);
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="fixed-ot-files">
            Attach files
          </Button>
        </Upload>
      </Form.Item>
      {pasteOpen ? <MultipleStaffModal onClose={() => setPasteOpen(false)} onAdd={addPasted} /> : null}
      <Typography.Text type="secondary">OT on a workday starts at least 30 minutes after the end of the working day.</Typography.Text>
    </FormModal>
  );
}
