import dayjs, { type Dayjs } from 'dayjs';
import { FIXED_STAFF_STATUS as S } from '@tms/contracts/overtime';
import type { PoolRole } from '@tms/contracts/approval-flows';
import { decidesRow, type FixedCreatePayload, type FixedDetail, type FixedStaff, type FixedViewer } from '@tms/contracts/overtime-fixed';
import type { FixedListRow } from '@tms/contracts/overtime-list';
import type { Actor } from '@tms/contracts/roles';
import { endsNextDay } from '../ot-window.ts';
import { approvalTimelineTexts, type ApprovalTimelineT } from '../../../components/approval-timeline/i18n/index.ts';
import { pendingStepLabel } from '../../../components/approval-timeline/pending-step-label.ts';

/** The modal's values (times as picked; the end before the start means the next day). */
export type FixedFormValues = {
  title?: string;
  project_id?: number;
  ot_date?: Dayjs | null;
  start?: Dayjs | null;
  end?: Dayjs | null;
  ot_type?: string;
  staff?: number[];
  mail_cc?: number[];
  description?: string;
};

/** The payload of create/edit (spec 001 §3): times `YYYY-MM-DD HH:mm:ss`, the end on the next day when overnight. */
export function toFixedPayload(v: FixedFormValues): FixedCreatePayload {
  const date = v.ot_date ? v.ot_date.format('YYYY-MM-DD') : '';
  const at = (d: string, t: Dayjs | null | undefined) => (d && t ? `${d} ${t.format('HH:mm')}:00` : '');
  const endDate = v.ot_date && endsNextDay(v.start, v.end) ? v.ot_date.add(1, 'day').format('YYYY-MM-DD') : date;
  return {
    title: v.title?.trim() ?? '',
    project_id: v.project_id ?? null,
    description: v.description?.trim() || null,
    start_time: at(date, v.start),
    end_time: at(endDate, v.end),
    mail_cc: v.mail_cc ?? [],
    ot_date: date,
    ot_type: v.ot_type ?? '',
    staff: (v.staff ?? []).map((employee_id) => ({ employee_id, status: 1 })),
    comment: [],
  };
}

/** The edit modal's starting values from the detail. */
export function fromFixedDetail(d: FixedDetail): FixedFormValues {
  return {
    title: d.title,
    project_id: d.project_id,
    ot_date: dayjs(d.ot_date),
    start: dayjs(d.start_time, 'YYYY-MM-DD HH:mm:ss'),
    end: dayjs(d.end_time, 'YYYY-MM-DD HH:mm:ss'),
    ot_type: d.ot_type,
    staff: d.staff.map((s) => s.employee_id),
    mail_cc: d.mail_cc,
    description: d.description ?? '',
  };
}

/** The viewer as the enable rules read it. */
export function viewerOf(user: { userId: number; employeeId?: number | null; roles: readonly string[]; isPm: boolean } | null | undefined): FixedViewer | null {
  if (!user) return null;
  return { userId: user.userId, employeeId: user.employeeId ?? null, actors: [...(user.roles as Actor[]), ...(user.isPm ? (['PM'] as const) : [])] };
}

/** Issue 29: who decides a row at an approval flow's ROLE step — 'Anyone: HR manager' (the first of them to act). */
export const anyoneOfRole = (role: PoolRole, t: ApprovalTimelineT = approvalTimelineTexts.t) => t('approval.anyoneOf', { role: t(`approval.poolRoles.${role}`) });

/**
 * The approver a staff row names beside the request's one approver (the drawer header): only one that differs — the
 * PM's own row on a team request goes to the PM's lead (issue 26: the header and the rows named two approvers) — or,
 * for a pending row waiting on a role (issue 29, a ROLE step; no one person), the role.
 */
export const rowApproverNote = (s: FixedStaff, assigneeId: number | null, t?: ApprovalTimelineT): string | null => {
  if (s.approver) return s.approver.id !== assigneeId ? s.approver.name : null;
  return s.approver_role && s.shown_status === S.pending ? anyoneOfRole(s.approver_role, t) : null;
};

/**
 * The request's one approver as the drawer header names it: the assignee; when there is none because the rows still
 * waiting wait on a role (issue 29), that role ('Anyone: HR manager'); else nothing.
 */
export function requestApproverText(d: Pick<FixedDetail, 'assignee_ob' | 'staff'>, t?: ApprovalTimelineT): string {
  if (d.assignee_ob) return `${d.assignee_ob.name} (${d.assignee_ob.user_name})`;
  const role = d.staff.find((s) => s.shown_status === S.pending && s.approver_id === null && s.approver_role)?.approver_role;
  return role ? anyoneOfRole(role, t) : '';
}

/**
 * The viewer's own pending row on a request they decide for others (a PM on the team they filed for): the drawer shows
 * its Approve / Reject disabled with the reason, as the server refuses them (RULES.md §5: nobody approves their own).
 */
export function blockedOwnRow(d: Pick<FixedDetail, 'staff'>, viewer: FixedViewer | null): number | null {
  if (!viewer || viewer.employeeId == null) return null;
  const decidesOthers = d.staff.some((s) => decidesRow(s, viewer) && s.employee_id !== viewer.employeeId);
  const own = d.staff.find((s) => s.employee_id === viewer.employeeId && s.shown_status === S.pending);
  return decidesOthers && own ? own.employee_id : null;
}

/**
 * What the list's Status column shows: in the staff view, the caller's own row's status when they are on the request
 * (issue 26: "with their own row's status"); otherwise the request tag.
 */
export function listStatusOf(row: Pick<FixedListRow, 'staff'>, ownEmployeeId: number | null | undefined): { own: number; text: string } | null {
  const own = ownEmployeeId == null ? undefined : row.staff.find((s) => s.employeeId === ownEmployeeId);
  return own ? { own: own.status, text: own.statusText } : null;
}

/**
 * Issue 29: a staff row pending in an approval flow shows its step — 'Pending — step 2 of 3 (dl)', or without a name
 * 'Pending — step 2 of 3' at a ROLE step (anyone of the role decides) — instead of the usual status; undefined for a
 * row in no flow, decided or expired (the usual status shows).
 */
export const rowStepLabel = (s: Pick<FixedStaff, 'approval_step' | 'shown_status' | 'approver'>, t?: ApprovalTimelineT): string | undefined =>
  pendingStepLabel({ approval_step: s.approval_step ?? null, pending: s.shown_status === S.pending, approverUserName: s.approver?.user_name }, t);

/** The rows `viewer` decides (approve, reject, Approve All): their approver's, or their role's at a ROLE step; never their own (RULES.md §5). */
export const rowsDecidedBy = <R extends Pick<FixedStaff, 'employee_id' | 'approver_id' | 'approver_role'>>(staff: readonly R[], viewer: FixedViewer | null): R[] =>
  viewer ? staff.filter((s) => decidesRow(s, viewer) && s.employee_id !== viewer.employeeId) : [];

/** The step an approval of these rows was seen at (issue 29: a stale click answers 409 instead of approving the next step). */
export const seenSteps = (staff: readonly Pick<FixedStaff, 'employee_id' | 'approval_step'>[], employeeIds: readonly number[]) =>
  employeeIds.map((employee_id) => {
    const step = staff.find((s) => s.employee_id === employee_id)?.approval_step?.step;
    return step === undefined ? { employee_id } : { employee_id, approval_step: step };
  });

/** Status tag tones of the staff rows and the request tag (spec 001 §4.5). */
export const FIXED_STATUS_COLORS: Record<number, string> = { 1: 'gold', 3: 'green', 4: 'red', 5: 'default', 6: 'default', 10: 'volcano' };
export const FIXED_TAG_COLORS = { PENDING: 'gold', DONE: 'green', CANCELLED: 'default', EXPIRED: 'volcano' } as const;
