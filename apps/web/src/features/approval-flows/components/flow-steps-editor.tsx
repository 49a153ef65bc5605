import type { ReactNode } from 'react';
import { Alert, Button, Form, Select, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { APPROVER_RULES, MAX_APPROVAL_STEPS, POOL_ROLES } from '@tms/contracts/approval-flows';
import type { AssigneeCandidate } from '@tms/contracts/reassign';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { roleLabel, ruleLabel } from '../flow-display.ts';
import type { FlowFormValues, FlowStepValue } from '../flow-form-values.ts';
import { approvalFlowsTexts, type ApprovalFlowsT } from '../i18n/index.ts';
import { UserStepSelect } from './user-step-select.tsx';

type IconButtonProps = { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean; danger?: boolean; testId: string };

/** An icon button named by its tooltip's words (the keyboard and screen readers get the same name). */
function IconButton({ label, icon, onClick, disabled, danger, testId }: IconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={label} onClick={onClick} disabled={disabled} danger={danger} data-testid={testId} />
    </Tooltip>
  );
}

const stepsRule = (t: ApprovalFlowsT) => ({
  validator: async (_: unknown, list: FlowStepValue[] | undefined) => {
    if ((list?.length ?? 0) > MAX_APPROVAL_STEPS) throw new Error(t('messages.tooManySteps'));
  },
});

/**
 * The ordered steps of a flow (0 to 5): each names its approver by rule, a USER step its user (searched by name); steps
 * move up and down and are removed. With no step the flow approves automatically, which the editor says.
 */
export function FlowStepsEditor({ userOptions }: { userOptions: RemoteOption<AssigneeCandidate>[] }) {
  const { t } = approvalFlowsTexts.useT();
  const form = Form.useFormInstance<FlowFormValues>();
  const steps = (Form.useWatch('steps', form) ?? []) as FlowStepValue[];
  const ruleOptions = APPROVER_RULES.map((rule) => ({ value: rule, label: ruleLabel(rule, t) }));
  const roleOptions = POOL_ROLES.map((role) => ({ value: role, label: roleLabel(role, t) }));
  return (
    <Form.List name="steps" rules={[stepsRule(t)]}>
      {(fields, { add, remove, move }, { errors }) => (
        <div data-testid="flow-steps">
          <Typography.Title level={5}>{t('steps.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('steps.hint')}</Typography.Paragraph>
          {fields.length === 0 ? <Alert type="info" showIcon title={t('steps.none')} style={{ marginBottom: 12 }} data-testid="flow-steps-none" /> : null}
          {fields.map((field, index) => {
            const n = index + 1;
            return (
              <div key={field.key} data-testid={`flow-step-${n}`} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start', marginBottom: 12 }}>
                <Typography.Text strong style={{ minWidth: 56, lineHeight: '32px' }}>
                  {t('steps.step', { n })}
                </Typography.Text>
                <Form.Item name={[field.name, 'rule']} style={{ marginBottom: 0, flex: '1 1 180px', maxWidth: 240 }}>
                  <Select aria-label={t('steps.rule', { n })} options={ruleOptions} data-testid={`flow-step-rule-${n}`} />
                </Form.Item>
                {steps[index]?.rule === 'USER' ? (
                  <Form.Item name={[field.name, 'user_id']} rules={[{ required: true, message: t('messages.stepUserRequired') }]} style={{ marginBottom: 0, flex: '1 1 200px' }}>
                    <UserStepSelect aria-label={t('steps.user', { n })} placeholder={t('steps.userPlaceholder')} initialOptions={userOptions} data-testid={`flow-step-user-${n}`} />
                  </Form.Item>
                ) : null}
                {steps[index]?.rule === 'ROLE' ? (
                  <Form.Item name={[field.name, 'role']} rules={[{ required: true, message: t('messages.stepRoleRequired') }]} style={{ marginBottom: 0, flex: '1 1 200px', maxWidth: 260 }}>
                    <Select aria-label={t('steps.role', { n })} options={roleOptions} data-testid={`flow-step-role-${n}`} />
                  </Form.Item>
                ) : null}
                <Space size={4}>
                  <IconButton label={t('steps.moveUp', { n })} icon={<ArrowUpOutlined aria-hidden />} disabled={index === 0} onClick={() => move(index, index - 1)} testId={`flow-step-up-${n}`} />
                  <IconButton label={t('steps.moveDown', { n })} icon={<ArrowDownOutlined aria-hidden />} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} testId={`flow-step-down-${n}`} />
                  <IconButton label={t('steps.remove', { n })} icon={<DeleteOutlined aria-hidden />} danger onClick={() => remove(index)} testId={`flow-step-remove-${n}`} />
                </Space>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ rule: 'GROUP_LEAD', user_id: null })} disabled={fields.length >= MAX_APPROVAL_STEPS} data-testid="flow-step-add">
            {t('steps.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
