import { Descriptions } from 'antd';
import { REASON_ANNUAL, REASON_BIRTHDAY, REASON_OFFSET } from '@tms/contracts/requests';
import { commonTexts } from '../i18n/index.ts';
import type { Approver, Balance } from './request-api.ts';
import { formatBalance, showsBalance } from './request-form-rules.ts';

type RequestApprovalSummaryProps = {
  reason: string | undefined;
  balance: { data?: Balance; isLoading: boolean };
  approver: Approver | null | undefined;
};

function balanceText(reason: string | undefined, bal: Balance | undefined, t: typeof commonTexts.t): string {
  return reason === REASON_ANNUAL
    ? t('requestForm.balanceAnnual', { remain: formatBalance(bal?.remain_annual_leave), advance: formatBalance(bal?.annual_leave_balance_hours) })
    : reason === REASON_OFFSET
      ? t('requestForm.balanceOffset', { remain: formatBalance(bal?.remainOffsetLeave) })
      : reason === REASON_BIRTHDAY
        ? t('requestForm.balanceBirthday', { remain: formatBalance(bal?.remain_birthday_leave) })
        : '';
}

/**
 * Who will approve: the approver (name - username), or, when an approval flow applies (issue 29), each step's approver
 * in order ('Giang - gl → Dung - dl'), or that the flow approves it automatically.
 */
export function approverText(approver: Approver | null | undefined, t: typeof commonTexts.t): string {
  if (!approver) return '';
  const flow = approver.approval_flow;
  if (flow?.auto_approve) return t('requestForm.autoApproved', { name: flow.name });
  const person = (p: { name?: string | null; user_name?: string | null; username?: string | null }) => [p.name, p.user_name ?? p.username].filter(Boolean).join(' - ');
  if (flow && flow.steps.length > 1) return flow.steps.map(person).join(' → ');
  return person(approver);
}

/** The balance of the chosen reason (for the reasons that draw one) and who will approve the request. */
export function RequestApprovalSummary({ reason, balance, approver }: RequestApprovalSummaryProps) {
  const { t } = commonTexts.useT();
  const approverName = approverText(approver, t);
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
      {showsBalance(reason) ? (
        <Descriptions.Item label={t('requestForm.balance')}>
          <span data-testid="request-balance">{balance.isLoading ? '…' : balanceText(reason, balance.data, t)}</span>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('requestForm.approver')}>
        <span data-testid="request-approver">{approverName || '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
