import { REQUEST_STATUS, type RequestRecord } from '@tms/contracts/requests';
import { shownStatus } from '../../../components/requests/request-form-rules.ts';
import { requestsTexts } from '../i18n/index.ts';

type RequestsT = typeof requestsTexts.t;

/**
 * Issue 29: 'Pending — step 2 of 3 (dl)' for a pending request in an approval flow (contracts `pendingStepText`), in
 * the language on screen when called (`t`: a component's); undefined otherwise. The Status column and the detail
 * drawer show it; the steps themselves are the shared Approval section (components/approval-timeline).
 */
export function pendingStepLabel(row: Pick<RequestRecord, 'approval_step' | 'status' | 'is_expired' | 'approver'>, t: RequestsT = requestsTexts.t): string | undefined {
  if (!row.approval_step || shownStatus(row) !== REQUEST_STATUS.pending) return undefined;
  const { step, count } = row.approval_step;
  const approver = row.approver?.user_name ?? null;
  return approver ? t('approval.pendingStepOf', { step, count, approver }) : t('approval.pendingStep', { step, count });
}
