import { Col, Form, Row, Typography } from 'antd';
import type { ApprovalItemKind } from '@tms/contracts/approval-flows';
import { ROLES } from '@tms/contracts/roles';
import { NumberInput } from '../../../components/number-input.tsx';
import { amountUnitOf, roleLabel } from '../flow-display.ts';
import { AMOUNT_MAX, isReasonTyped, type FlowFormValues } from '../flow-form-values.ts';
import { approvalFlowsTexts, type ApprovalFlowsT } from '../i18n/index.ts';
import type { FlowLookups } from '../use-flow-lookups.ts';
import { SearchMultiSelect } from './search-multi-select.tsx';

const amountRules = (t: ApprovalFlowsT) => [{ type: 'number' as const, min: 0, max: AMOUNT_MAX, message: t('messages.amountInvalid') }];

/** 'at most' must be above 'over' when both are set (the server checks the same, contracts approvalFlowInputSchema). */
const rangeRule = (t: ApprovalFlowsT) => ({ getFieldValue }: { getFieldValue: (name: keyof FlowFormValues) => unknown }) => ({
  validator: async (_: unknown, atMost: number | null | undefined) => {
    const over = getFieldValue('amount_over');
    if (typeof over === 'number' && typeof atMost === 'number' && !(over < atMost)) throw new Error(t('messages.amountRange'));
  },
});

/**
 * The conditions of a flow of `kind`, every one optional (empty matches every item): reason types (leave requests and
 * explanations, each their own), the amount (days; minutes for an explanation), divisions, departments and the
 * requester's roles. One column on a phone.
 */
export function FlowConditionFields({ lookups, kind }: { lookups: FlowLookups; kind: ApprovalItemKind }) {
  const { t } = approvalFlowsTexts.useT();
  const roleOptions = ROLES.map((role) => ({ value: role, label: roleLabel(role, t) }));
  const unit = amountUnitOf(kind);
  const reasons = lookups.reasons[kind];
  return (
    <div data-testid="flow-conditions">
      <Typography.Title level={5}>{t('form.conditions')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('form.conditionsHint')}</Typography.Paragraph>
      {isReasonTyped(kind) ? (
        <Form.Item<FlowFormValues> name="reason_types" label={t('form.reasonTypes')}>
          <SearchMultiSelect<string> options={reasons.options} loading={reasons.loading} placeholder={t('form.any')} data-testid="flow-reason-types" />
        </Form.Item>
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item<FlowFormValues> name="amount_over" label={t(`form.amountOver.${unit}`)} rules={amountRules(t)}>
            <NumberInput min={0} max={AMOUNT_MAX} style={{ width: '100%' }} placeholder={t('form.any')} data-testid="flow-amount-over" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<FlowFormValues> name="amount_at_most" label={t(`form.amountAtMost.${unit}`)} dependencies={['amount_over']} rules={[...amountRules(t), rangeRule(t)]}>
            <NumberInput min={0} max={AMOUNT_MAX} style={{ width: '100%' }} placeholder={t('form.any')} data-testid="flow-amount-at-most" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<FlowFormValues> name="division_ids" label={t('form.divisions')}>
        <SearchMultiSelect<number> options={lookups.divisionOptions} loading={lookups.loadingTree} placeholder={t('form.any')} data-testid="flow-divisions" />
      </Form.Item>
      <Form.Item<FlowFormValues> name="department_ids" label={t('form.departments')}>
        <SearchMultiSelect<number> options={lookups.departmentOptions} loading={lookups.loadingTree} placeholder={t('form.any')} data-testid="flow-departments" />
      </Form.Item>
      <Form.Item<FlowFormValues> name="requester_roles" label={t('form.requesterRoles')}>
        <SearchMultiSelect<string> options={roleOptions} placeholder={t('form.any')} data-testid="flow-requester-roles" />
      </Form.Item>
    </div>
  );
}
