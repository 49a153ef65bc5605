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

/** The balance of the chosen reason (for the reasons that draw one) and who will approve the request. */
export function RequestApprovalSummary({ reason, balance, approver }: RequestApprovalSummaryProps) {
  const { t } = commonTexts.useT();
  const approverName = approver ? [approver.name, approver.user_name ?? approver.username].filter(Boolean).join(' - ') : '';
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
