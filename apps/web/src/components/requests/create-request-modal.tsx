import { Alert, Button, Form, Input, Modal } from 'antd';
import { CC_MAX_TAG_COUNT, REQUEST_TEXT_MAX, REASON_ANNUAL } from '@tms/contracts/requests';
import { EmployeeSelect, employeeLabel } from '../employee-select.tsx';
import { commonTexts } from '../i18n/index.ts';
import { AwayHint } from './away-hint.tsx';
import { BatchResultModal } from './batch-result-modal.tsx';
import { RequestApprovalSummary } from './request-approval-summary.tsx';
import { RequestAttachmentsField } from './request-attachments-field.tsx';
import { DateRows, OnsiteFields } from './request-date-fields.tsx';
import { applyDateShiftRules, type RequestFormValues } from './request-form-rules.ts';
import { initialValues } from './request-form-values.ts';
import { RequestStaffField, RequestTypeFields } from './request-type-fields.tsx';
import { useRequestOwner, type RequestOwnerProps } from './use-request-owner.ts';
import { useRequestSelections } from './use-request-selections.ts';
import { useSubmitRequest } from './use-submit-request.ts';

export type { RequestModalMode } from './request-form-values.ts';

/** Spec 001 §5.2: the CC list "scrolls if more than 6 names" (6 rows of antd's 32 px options). */
const CC_LIST_HEIGHT = 6 * 32;

export type CreateRequestModalProps = RequestOwnerProps & {
  onClose: () => void;
  /** After a successful save. */
  onSaved?: () => void;
};

/**
 * Create Request / Update Request (spec 001 §2.3, §4.2, §5.2): 800 wide; single, batch (HR: usernames) and onsite
 * modes. A failure keeps the form open with the server's message; a success closes it and reloads the list.
 */
export function CreateRequestModal(props: CreateRequestModalProps) {
  const { open, onClose, mode = 'single', editing, onSaved } = props;
  const { t } = commonTexts.useT();
  const [form] = Form.useForm<RequestFormValues>();
  const selections = useRequestSelections(form, open, mode);
  const { requestType, reason, fileRequired } = selections;
  const { user, owner, hourBased, standardHours, block, balance, approver, disabledDate } = useRequestOwner(form, props, reason, requestType);
  const request = useSubmitRequest({ form, open, mode, editing, owner, userName: user?.userName, hourBased, fileRequired, onSaved, onClose });
  const workOutside = requestType === 'WORK_OUTSIDE';

  const onValuesChange = (changed: Partial<RequestFormValues>, all: RequestFormValues) => {
    const key = (['start_date', 'end_date', 'start_shift', 'end_shift'] as const).find((k) => k in changed);
    if (key) {
      const map = { start_date: 'startDate', end_date: 'endDate', start_shift: 'startShift', end_shift: 'endShift' } as const;
      const next = applyDateShiftRules(
        { startDate: all.start_date ?? null, endDate: all.end_date ?? null, startShift: all.start_shift ?? null, endShift: all.end_shift ?? null },
        map[key],
      );
      form.setFieldsValue({ start_date: next.startDate, end_date: next.endDate, start_shift: next.startShift, end_shift: next.endShift });
    }
    if ('request_type' in changed) form.setFieldsValue({
        request: changed.request_type === 'LEAVE_REQUEST' ? 'TIME_OFF' : undefined,
        reason_type: changed.request_type === 'LEAVE_REQUEST' ? REASON_ANNUAL : undefined,
      });
    else if ('request' in changed) form.setFieldsValue({ reason_type: undefined });
  };

  return (
    <>
      <Modal
        open={open && !request.finished}
        title={editing ? t('requestForm.updateTitle') : t('requestForm.createTitle')}
        width={800}
        onCancel={onClose}
        destroyOnHidden
        mask={{ closable: false }}
        footer={[
          <Button key="cancel" onClick={onClose} data-testid="request-form-cancel">
            {t('actions.cancel')}
          </Button>,
          <Button key="save" type="primary" loading={request.saving} disabled={workOutside} onClick={() => void request.submit()} data-testid="request-form-save">
            {editing ? t('actions.update') : t('actions.create')}
          </Button>,
        ]}
      >
        <Form<RequestFormValues> form={form} name="request-form" layout="vertical" initialValues={initialValues(props)} onValuesChange={onValuesChange} data-testid="request-form">
          {workOutside ? <Alert type="warning" showIcon title={t('requestForm.messages.onsiteNotSupported')} style={{ marginBottom: 12 }} data-testid="request-onsite-unsupported" /> : null}
          <RequestTypeFields selections={selections} editing={!!editing} />
          <RequestStaffField mode={mode} editing={!!editing} owner={owner} userName={user?.userName} />

          {mode === 'onsite' ? (
            <OnsiteFields disabledDate={disabledDate} />
          ) : (
            <DateRows hourBased={hourBased} standardHours={standardHours} block={block} disabledDate={disabledDate} />
          )}

          <AwayHint mode={mode} ownerId={owner?.id} />
          {mode !== 'batch' ? <RequestApprovalSummary reason={reason} balance={balance} approver={approver.data} /> : null}

          <Form.Item name="mail_cc" label={t('requestForm.cc', { shown: CC_MAX_TAG_COUNT })}>
            {/* Spec 001 §5.2: a remote multi-select of employee ids showing at most 3 tags. */}
            <EmployeeSelect
              mode="multiple"
              valueField="id"
              maxTagCount={CC_MAX_TAG_COUNT}
              listHeight={CC_LIST_HEIGHT}
              initialOptions={(editing?.mail ?? []).map((p) => ({ value: p.id, label: employeeLabel(p) }))}
              data-testid="request-cc"
            />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('requestForm.description')}
            rules={[
              { required: requestType === 'EXPLANATION_REQUEST', whitespace: true, message: t('requestForm.messages.descriptionRequired') },
              { max: REQUEST_TEXT_MAX, message: t('requestForm.messages.textTooLong') },
            ]}
          >
            <Input.TextArea rows={3} showCount={{ formatter: ({ count }) => `${count}/${REQUEST_TEXT_MAX}` }} data-testid="request-description" />
          </Form.Item>
          <RequestAttachmentsField files={request.files} required={fileRequired} error={request.fileError} onChange={request.changeFiles} />
          {request.serverError ? (
            <Alert type="error" showIcon role="alert" title={<div style={{ whiteSpace: 'pre-line' }}>{request.serverError.join('\n')}</div>} data-testid="request-form-error" />
          ) : null}
        </Form>
      </Modal>
      <BatchResultModal items={request.batchResult} onClose={request.closeBatchResult} />
    </>
  );
}
