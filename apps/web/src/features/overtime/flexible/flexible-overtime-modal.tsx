import { OtLimitsPanel } from '../ot-limits-panel.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { Button, Form, Select, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import type { FlexibleDetail } from '@tms/contracts/overtime-flexible';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useFlexibleDetail } from './api/flexible-overtime-api.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { OvertimeDescriptionField, OvertimeTitleField } from '../overtime-text-fields.tsx';
import { FlexibleStaffField, FlexibleTimeFields } from './flexible-overtime-fields.tsx';
import type { FlexibleFormValues } from './flexible-overtime-view.ts';
import { useFlexibleOvertimeForm } from './use-flexible-overtime-form.ts';

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
  const state = useFlexibleOvertimeForm(detail, onSaved, onClose);
  const { form } = state;
  const { t } = overtimeTexts.useT();
  // Without other staff chosen, the request is the caller's own (or, when editing, its requester's).
  const me = useCurrentUser().data;
  const selfEmployee = detail?.staff[0]?.employeeId ?? me?.employeeId ?? null;
  const selfIds = selfEmployee !== null ? [selfEmployee] : [];
  return (
    <FormModal<FlexibleFormValues>
      open
      form={form}
      title={detail ? t('form.editTitle') : t('form.createTitle')}
      name="flexible-ot-form"
      width={800}
      initialValues={state.initialValues}
      onSubmit={state.submit}
      onCancel={onClose}
      confirmLoading={state.saving}
      okText={detail ? t('form.save') : t('form.create')}
      saveTestId="flexible-ot-save"
      cancelTestId="flexible-ot-cancel"
      formTestId="flexible-ot-form"
    >
      <OvertimeTitleField testId="flexible-ot-title" />
      <Form.Item name="projectId" label={t('form.project')} rules={[{ required: true, message: t('messages.projectRequired') }]}>
        <Select
          options={state.projectOptions}
          loading={state.projectsLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.selectProject')}
          onChange={() => form.setFieldValue('requesterIds', [])}
          data-testid="flexible-ot-project"
        />
      </Form.Item>
      <FlexibleTimeFields start={state.start} end={state.end} />
      <FlexibleStaffField state={state} />
      <OtLimitsPanel
        employeeIds={state.requesterIds.length > 0 ? state.requesterIds : selfIds}
        date={state.otDate ? state.otDate.format('YYYY-MM-DD') : null}
        startTime={state.start ? state.start.format('HH:mm') : null}
        endTime={state.end ? state.end.format('HH:mm') : null}
        kind="FLEXIBLE"
        requestId={detail?.id}
      />
      <Form.Item name="ccMailList" label="CC">
        <EmployeeSelect mode="multiple" valueField="id" initialOptions={state.ccInitial} data-testid="flexible-ot-cc" />
      </Form.Item>
      <OvertimeDescriptionField testId="flexible-ot-description" />
      <Form.Item label={t('form.attachments')}>
        <Upload
          multiple
          fileList={state.files}
          accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
          beforeUpload={() => false}
          onChange={({ fileList }) => state.setFiles(fileList)}
          data-testid="flexible-ot-files"
        >
          <Button icon={<UploadOutlined />}>{t('form.attachFiles')}</Button>
        </Upload>
      </Form.Item>
    </FormModal>
  );
}
