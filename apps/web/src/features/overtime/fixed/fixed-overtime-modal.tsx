import { OtLimitsPanel } from '../ot-limits-panel.tsx';
import { Form, Spin, Typography } from 'antd';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import { useFixedDetail } from './api/fixed-overtime-api.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { OvertimeDescriptionField, OvertimeTitleField } from '../overtime-text-fields.tsx';
import { FixedAttachmentsField, FixedStaffField, FixedTimeFields } from './fixed-overtime-fields.tsx';
import { fromFixedDetail, type FixedFormValues } from './fixed-overtime-view.ts';
import { MultipleStaffModal } from './multiple-staff-modal.tsx';
import { useFixedOvertimeForm, type FixedDetail } from './use-fixed-overtime-form.ts';

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

function FixedOvertimeForm({ detail, onClose, onSaved }: { detail?: FixedDetail; onClose: () => void; onSaved: () => void }) {
  const state = useFixedOvertimeForm(detail, onSaved, onClose);
  const { form } = state;
  const { t } = overtimeTexts.useT();
  return (
    <FormModal<FixedFormValues>
      open
      form={form}
      title={detail ? t('form.editTitle') : t('form.createTitle')}
      name="fixed-overtime-form"
      width={800}
      initialValues={detail ? fromFixedDetail(detail) : {}}
      onSubmit={state.submit}
      onCancel={onClose}
      confirmLoading={state.saving}
      okText={detail ? t('form.save') : t('form.create')}
      saveTestId="fixed-ot-save"
      cancelTestId="fixed-ot-cancel"
      formTestId="fixed-ot-form"
      onValuesChange={(changed) => {
        if ('project_id' in changed && !detail) form.setFieldValue('staff', []);
      }}
    >
      <OvertimeTitleField testId="fixed-ot-title" />
      <Form.Item name="project_id" label={t('form.project')} rules={[{ required: true, message: t('messages.projectRequired') }]}>
        <ProjectSelect
          data-testid="fixed-ot-project"
          initialOptions={detail ? [{ value: detail.project_id, label: `${detail.project_code} - ${detail.project_name}`, item: { project_id: detail.project_id, project_code: detail.project_code, project_name: detail.project_name, status: 'Active' } }] : undefined}
        />
      </Form.Item>
      <FixedTimeFields start={state.start} end={state.end} />
      <FixedStaffField state={state} />
      <OtLimitsPanel
        employeeIds={state.staffIds}
        date={state.otDate ? state.otDate.format('YYYY-MM-DD') : null}
        startTime={state.start ? state.start.format('HH:mm') : null}
        endTime={state.end ? state.end.format('HH:mm') : null}
        kind="FIXED"
        requestId={detail?.id}
      />
      <Form.Item name="mail_cc" label="CC">
        <EmployeeSelect mode="multiple" valueField="id" initialOptions={state.ccInitial} data-testid="fixed-ot-cc" />
      </Form.Item>
      <OvertimeDescriptionField testId="fixed-ot-description" />
      <FixedAttachmentsField state={state} />
      {state.pasteOpen ? <MultipleStaffModal onClose={() => state.setPasteOpen(false)} onAdd={state.addPasted} /> : null}
      <Typography.Text type="secondary">{t('form.workdayNote')}</Typography.Text>
    </FormModal>
  );
}
