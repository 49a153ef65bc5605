import { approvalTimelineTexts, type ApprovalTimelineT } from './i18n/index.ts';

/**
 * Issue 29: 'Pending — step 2 of 3 (dl)' for a pending item (request or explanation) in an approval flow (contracts
 * `pendingStepText`), in the language on screen when called (`t`: a component's); undefined otherwise, so the usual
 * status shows. The list columns and the detail drawers show it; the steps themselves are the Approval section.
 */
export function pendingStepLabel(
  item: { approval_step: { step: number; count: number } | null; pending: boolean; approverUserName: string | null | undefined },
  t: ApprovalTimelineT = approvalTimelineTexts.t,
): string | undefined {
  if (!item.approval_step || !item.pending) return undefined;
  const { step, count } = item.approval_step;
  return item.approverUserName ? t('approval.pendingStepOf', { step, count, approver: item.approverUserName }) : t('approval.pendingStep', { step, count });
}
