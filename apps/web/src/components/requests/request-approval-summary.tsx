import { Descriptions } from 'antd';
import { REASON_ANNUAL, REASON_BIRTHDAY, REASON_OFFSET } from '@tms/contracts/requests';
import type { Approver, Balance } from './request-api.ts';
import { formatBalance, showsBalance } from './request-form-rules.ts';

type RequestApprovalSummaryProps = {
  reason: string | undefined;
  balance: { data?: Balance; isLoading: boolean };
  approver: Approver | null | undefined;
};

function balanceText(reason: string | undefined, bal: Balance | undefined): string {
  return reason === REASON_ANNUAL
    ? `${formatBalance(bal?.remain_annual_leave)} hours (with advance: ${formatBalance(bal?.annual_leave_balance_hours)})`
    : reason === REASON_OFFSET
      ? `${formatBalance(bal?.remainOffsetLeave)} hours`
      : reason === REASON_BIRTHDAY
        ? `${formatBalance(bal?.remain_birthday_leave)} day`
        : '';
}

/** The balance of the chosen reason (for the reasons that draw one) and who will approve the request. */
export function RequestApprovalSummary({ reason, balance, approver }: RequestApprovalSummaryProps) {
  const approverName = approver ? [approver.name, approver.user_name ?? approver.username].filter(Boolean).join(' - ') : '';
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
      {showsBalance(reason) ? (
        <Descriptions.Item label="Balance">
          <span data-testid="request-balance">{balance.isLoading ? '…' : balanceText(reason, balance.data)}</span>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="Approver">
        <span data-testid="request-approver">{approverName || '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
