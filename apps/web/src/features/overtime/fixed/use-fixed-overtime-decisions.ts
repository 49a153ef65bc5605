import { useState } from 'react';
import { FIXED_STAFF_STATUS as S } from '@tms/contracts/overtime';
import { fixedActions, type FixedDetail, type FixedStatusPayload } from '@tms/contracts/overtime-fixed';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { localizedText } from '../../../lib/server-messages.ts';
import { useFixedCommand } from './api/fixed-overtime-api.ts';
import { overtimeTexts } from '../i18n/index.ts';
import type { StaffAction } from './fixed-staff-table.tsx';
import { blockedOwnRow, rowsDecidedBy, seenSteps, viewerOf } from './fixed-overtime-view.ts';

export type ReasonFor = { kind: 'rejectOne' | 'override'; employeeId: number; name: string } | { kind: 'rejectAll' } | { kind: 'withdrawAll' };

/**
 * The decisions of the fixed overtime drawer: what the viewer may do (contracts `fixedActions`, the server refuses the
 * same), approve / reject / withdraw per row or for all, with the reason they ask for, the offset-day choice, delegate.
 */
export function useFixedOvertimeDecisions(d: FixedDetail, onChanged: () => void) {
  const user = useCurrentUser().data;
  const viewer = viewerOf(user);
  const command = useFixedCommand();
  const [offset, setOffset] = useState(d.is_ot_paid_by_offset_day);
  const [reason, setReason] = useState<ReasonFor | null>(null);
  const [delegating, setDelegating] = useState(false);
  const actions = viewer ? fixedActions(d, viewer, { now: d.server_now, lockDate: d.lock_date }) : d.actions;
  const isCreator = viewer !== null && d.created_by_user_id === viewer.userId;
  // The rows the viewer decides — as their approver, or as one of the role a row waits on (issue 29) — never their own
  // (RULES.md §5), even where a delegation named them its approver.
  const mine = rowsDecidedBy(d.staff, viewer);
  const { t } = overtimeTexts;

  const send = async (body: FixedStatusPayload) => {
    try {
      // No version: each row moves only from its expected status, so a decision made meanwhile answers 409 anyway.
      const res = await command.mutateAsync({ kind: 'status', id: d.id, body });
      // Issue 27 §2: an Approve All some rows of which an overtime limit refused names them (207).
      const refused = (res.items ?? []).filter((i) => i.code !== 200);
      if (refused.length > 0) notifyWarning([t('fixed.approvedSome'), ...refused.map((i) => localizedText(i.message, i.messageKey ? { key: i.messageKey, params: i.params ?? {} } : null))]);
      else notifySuccess(t('messages.updateStatusSuccess'));
      onChanged();
      return true;
    } catch (error) {
      notifyFailure(t('messages.updateStatusFailed'), error);
      return false;
    }
  };
  // Each row's approval names the step it was seen at (issue 29), so a stale click never approves the next one.
  const approve = (employeeIds: number[]) => send({ data: seenSteps(d.staff, employeeIds).map((r) => ({ ...r, status: S.approved })), is_ot_paid_by_offset_day: offset });
  // Issue 26: an approval asks first, as a reject does through its reason dialog (one click used to decide).
  const confirmApprove = (employeeIds: number[], content: string) =>
    confirmDialog({ title: t('fixed.approve'), content, okText: t('fixed.approve'), onOk: () => approve(employeeIds) });

  const onRow = ({ kind, staff }: StaffAction) => {
    if (kind === 'approve') confirmApprove([staff.employee_id], t('fixed.approveOneConfirm', { name: staff.employee.name }));
    else if (kind === 'reject') setReason({ kind: 'rejectOne', employeeId: staff.employee_id, name: staff.employee.name });
    else if (kind === 'override') setReason({ kind: 'override', employeeId: staff.employee_id, name: staff.employee.name });
    else
      confirmDialog({
        title: t('fixed.withdraw'),
        content: t('fixed.withdrawOne', { name: staff.employee.name }),
        danger: true,
        onOk: () => send({ data: [{ employee_id: staff.employee_id, status: S.withdrawn }] }),
      });
  };

  const submitReason = async (text: string) => {
    if (!reason) return;
    let ok: boolean;
    if (reason.kind === 'rejectOne') ok = await send({ data: [{ employee_id: reason.employeeId, status: S.rejected, reject_reason: text }] });
    else if (reason.kind === 'override') ok = await send({ data: seenSteps(d.staff, [reason.employeeId]).map((r) => ({ ...r, status: S.approved })), override_reason: text, is_ot_paid_by_offset_day: offset });
    else if (reason.kind === 'rejectAll') {
      const rows = mine.filter((s) => s.shown_status === S.pending || s.shown_status === S.approved);
      ok = await send({ data: rows.map((s) => ({ employee_id: s.employee_id, status: S.rejected, reject_reason: text })) });
    } else ok = await send({ data: d.staff.map((s) => ({ employee_id: s.employee_id, status: S.cancelled })), withdraw_reason: text });
    if (!ok) throw new Error('kept open');
    setReason(null);
  };

  const delegate = async (assignee: number) => {
    try {
      await command.mutateAsync({ kind: 'assignee', id: d.id, body: { data: { assignee } } });
      notifySuccess(t('messages.updateAssigneeSuccess'));
      setDelegating(false);
      onChanged();
    } catch (error) {
      notifyFailure(t('messages.updateStatusFailed'), error);
    }
  };

  return {
    user,
    actions,
    isCreator,
    isApprover: mine.length > 0,
    approveAll: () => {
      const rows = mine.filter((s) => s.shown_status === S.pending).map((s) => s.employee_id);
      confirmApprove(rows, t('fixed.approveAllConfirm', { count: rows.length }));
    },
    blockedOwnRow: blockedOwnRow(d, viewer),
    /** Issue 27 §2: HR and HRM may approve a pending row over an overtime limit, with a reason. */
    mayOverride: hasRole(user, 'HR', 'HRM'),
    onRow,
    busy: command.isPending,
    offset,
    setOffset,
    reason,
    setReason,
    submitReason,
    delegating,
    setDelegating,
    delegate,
  };
}

export type FixedOvertimeDecisions = ReturnType<typeof useFixedOvertimeDecisions>;
