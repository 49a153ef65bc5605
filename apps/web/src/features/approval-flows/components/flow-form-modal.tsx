import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { APPROVAL_FLOW_NAME_MAX, APPROVAL_ITEM_KINDS, type ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { FormModal } from '../../../components/form-modal.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { kindLabel } from '../flow-display.ts';
import { PRIORITY_MAX, type FlowFormValues } from '../flow-form-values.ts';
import { approvalFlowsTexts } from '../i18n/index.ts';
import type { FlowLookups } from '../use-flow-lookups.ts';
import { useFlowForm } from '../use-flow-form.ts';
import { FlowConditionFields } from './flow-condition-fields.tsx';
import { FlowStepsEditor } from './flow-steps-editor.tsx';

type FlowFormModalProps = { flow: ApprovalFlowRow | null; flows: readonly ApprovalFlowRow[]; lookups: FlowLookups; onClose: () => void };

/**
 * 'New approval flow' / 'Edit approval flow': name, kind, priority, active, the conditions and the ordered steps. Save
 * sends the whole flow (with its version when editing); closing with changes asks first, and so does leaving the page.
 */
export function FlowFormModal({ flow, flows, lookups, onClose }: FlowFormModalProps) {
  const { t } = approvalFlowsTexts.useT();
  const state = useFlowForm(flow, flows, onClose);
  const kind = Form.useWatch('item_kind', state.form) ?? state.initialValues.item_kind;
  const kindOptions = APPROVAL_ITEM_KINDS.map((k) => ({ value: k, label: kindLabel(k, t) }));
  return (
    <FormModal<FlowFormValues>
      open
      form={state.form}
      title={flow ? t('form.editTitle') : t('form.createTitle')}
      initialValues={state.initialValues}
      onSubmit={state.submit}
      onCancel={state.cancel}
      onValuesChange={state.onValuesChange}
      confirmLoading={state.saving}
      width={760}
      name="approval-flow-form"
      formTestId="approval-flow-form"
      saveTestId="approval-flow-save"
      cancelTestId="approval-flow-cancel"
      guardUnsaved
    >
      <Form.Item<FlowFormValues>
        name="name"
        label={t('form.name')}
        rules={[
          { required: true, whitespace: true, message: t('messages.nameRequired') },
          { max: APPROVAL_FLOW_NAME_MAX, message: t('messages.nameTooLong') },
        ]}
      >
        <Input maxLength={APPROVAL_FLOW_NAME_MAX} data-testid="flow-name" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item<FlowFormValues> name="item_kind" label={t('form.kind')} rules={[{ required: true, message: t('messages.kindRequired') }]}>
            <Select options={kindOptions} data-testid="flow-kind" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<FlowFormValues>
            name="priority"
            label={t('form.priority')}
            tooltip={t('form.priorityHint')}
            rules={[{ required: true, type: 'integer', min: 1, max: PRIORITY_MAX, message: t('messages.priorityInvalid') }]}
          >
            <NumberInput min={1} max={PRIORITY_MAX} precision={0} style={{ width: '100%' }} data-testid="flow-priority" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item<FlowFormValues> name="active" label={t('form.active')} valuePropName="checked">
            <Switch data-testid="flow-active" />
          </Form.Item>
        </Col>
      </Row>
      <FlowConditionFields lookups={lookups} kind={kind ?? 'LEAVE_REQUEST'} />
      <FlowStepsEditor userOptions={state.userOptions} />
    </FormModal>
  );
}
