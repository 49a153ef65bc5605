import { FormModal } from '../../../components/form-modal.tsx';
import type { PolicyFormValues } from './policy-form.ts';
import { PolicyDateFields, PolicyExplanationFields, PolicyRuleFields, PolicyScheduleFields, PolicyTargetField } from './policy-form-fields.tsx';
import { usePolicyForm, type PolicyFormModalProps } from './use-policy-form.ts';
import { policiesTexts } from '../i18n/index.ts';
import { SelfCheckInPolicyFields } from './self-check-in/policy-fields.tsx';

export type { PolicyFormModalProps } from './use-policy-form.ts';

/**
 * The staff (or department) policy modal (spec 002 §5): every rule is the contract's, the same the server checks;
 * when the policy starts in an approved timesheet, the work schedule and apply date are locked (§4).
 */
export function PolicyFormModal(props: PolicyFormModalProps) {
  const { kind, staff, fixedStaff, onClose } = props;
  const policy = usePolicyForm(props);
  const { editing } = policy;
  const { t } = policiesTexts.useT();
  return (
    <FormModal<PolicyFormValues>
      guardUnsaved
      open
      form={policy.form}
      title={editing ? t('editPolicy') : t('setPolicy')}
      initialValues={policy.initialValues}
      onSubmit={policy.submit}
      onCancel={onClose}
      confirmLoading={policy.saving}
      name="policy-form"
      formTestId="policy-form"
      saveTestId="policy-form-save"
      onValuesChange={policy.onValuesChange}
    >
      <PolicyTargetField kind={kind} staff={staff} fixedStaff={fixedStaff} editing={editing} />
      <PolicyScheduleFields schedules={policy.schedules} rules={policy.rules} locked={policy.locked} />
      <PolicyExplanationFields />
      <PolicyRuleFields rules={policy.rules} />
      <PolicyDateFields locked={policy.locked} dateRule={policy.dateRule} />
      <SelfCheckInPolicyFields />
    </FormModal>
  );
}
