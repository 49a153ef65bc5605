import {
  ONSITE_DEFAULT_DURATION,
  ONSITE_DEFAULT_END,
  ONSITE_DEFAULT_START,
  ONSITE_STAGE_LETTER,
  ONSITE_STAGES,
  ONSITE_TYPES,
  type OnsiteActions,
  type OnsiteCreatePayload,
  type OnsiteRow,
  type OnsiteStage,
  type OnsiteType,
} from '@tms/contracts/onsite';
import type { StatusTone } from '../../../components/status-info.ts';
import { pendingStepLabel } from '../../../components/approval-timeline/pending-step-label.ts';
import { approvalTimelineTexts, type ApprovalTimelineT } from '../../../components/approval-timeline/i18n/index.ts';
import { formatDays } from '../../../lib/numbers.ts';
import { onsiteTexts } from '../i18n/index.ts';

/**
 * Pure pieces of the onsite page: tags, row menu, form values ↔ payload. Texts take `t`: a component's (re-renders on
 * a language switch), else the language at call time.
 */
type OnsiteT = typeof onsiteTexts.t;

/** P gold, A green, R red (spec 002 §2 "coloured by status"). */
export function stageTone(statusNum: number): StatusTone {
  return statusNum === 3 ? 'green' : statusNum === 4 ? 'red' : 'gold';
}

/** A stage's name ('Department', 'C&B' as the server sends it) in the reader's language. */
export function stageName(name: string, t: OnsiteT = onsiteTexts.t): string {
  if (name === ONSITE_STAGES.department) return t('stages.department');
  if (name === ONSITE_STAGES.cb) return t('stages.cb');
  return name;
}

/** "Department P", "C&B A" (the letter P when the status is not A or R, as contracts' stageTagText). */
export function stageTag(stage: OnsiteStage, t: OnsiteT = onsiteTexts.t): { text: string; tone: StatusTone; letter: string } {
  const decided = stage.status_num === 3 || stage.status_num === 4 ? stage.status_num : 1;
  return { text: t(`stageTag.${decided}`, { stage: stageName(stage.stage, t) }), tone: stageTone(stage.status_num), letter: ONSITE_STAGE_LETTER[stage.status_num] ?? 'P' };
}

/**
 * 'Pending — step 2 of 3 (dl)' for a record pending at the Department stage under an approval flow (its approver is
 * the current step's); undefined otherwise, so the stage tags show as usual. `t`: the approval timeline's texts.
 */
export function onsiteStepLabel(row: Pick<OnsiteRow, 'approval_step' | 'status' | 'status_department' | 'approver'>, t?: ApprovalTimelineT): string | undefined {
  return pendingStepLabel({ approval_step: row.approval_step, pending: row.status === 1 && row.status_department.status_num === 1, approverUserName: row.approver?.user_name }, t);
}

/**
 * Who decides the Department stage, as the list and the drawer name them: the approver, or while it waits on an
 * approval flow's ROLE step 'Anyone: HR manager' (anyone of the role decides). `t`: the approval timeline's texts.
 */
export function onsiteApproverText(row: Pick<OnsiteRow, 'approver' | 'approver_role'>, t: ApprovalTimelineT = approvalTimelineTexts.t): string {
  if (row.approver) return row.approver.name;
  return row.approver_role ? t('approval.anyoneOf', { role: t(`approval.poolRoles.${row.approver_role}`) }) : '';
}

export const typeLabel = (type: string, t: OnsiteT = onsiteTexts.t) => {
  const known = ONSITE_TYPES.find((k: OnsiteType) => k === type);
  return known ? t(`types.${known}`) : type;
};

export type OnsiteMenuAction = 'approve' | 'reject' | 'edit' | 'withdraw';
export const menuLabel = (action: OnsiteMenuAction, t: OnsiteT = onsiteTexts.t) => t(`menu.${action}`);

/** The row menu, in the spec's order, limited to what the server says the caller may do. */
export function menuActions(actions: OnsiteActions): OnsiteMenuAction[] {
  return (['approve', 'reject', 'edit', 'withdraw'] as const).filter((a) => actions[a]);
}

export type StaffLine = { employeeId: number; name: string; user_name: string; startTime: string; endTime: string; duration: number };

export const newStaffLine = (e: { id: number; name: string; user_name: string }): StaffLine => ({
  employeeId: e.id,
  name: e.name,
  user_name: e.user_name,
  startTime: ONSITE_DEFAULT_START,
  endTime: ONSITE_DEFAULT_END,
  duration: ONSITE_DEFAULT_DURATION,
});

export type OnsiteFormValues = {
  title?: string;
  projectId?: number;
  range?: [string, string] | null;
  type?: OnsiteType;
  location?: string;
  description?: string;
  ccUsernames?: string[];
};

/** The form values and staff table as the API payload (dates YYYY-MM-DD). */
export function toPayload(values: OnsiteFormValues, staff: readonly StaffLine[]): OnsiteCreatePayload {
  return {
    title: values.title ?? null,
    projectId: values.projectId ?? null,
    fromDate: values.range?.[0] ?? null,
    toDate: values.range?.[1] ?? null,
    type: values.type ?? null,
    location: values.location?.trim() || null,
    description: values.description?.trim() || null,
    ccUsernames: values.ccUsernames ?? [],
    employeeList: staff.map((s) => ({ employeeId: s.employeeId, startTime: s.startTime, endTime: s.endTime, duration: s.duration })),
  };
}

/** An existing request as form values and staff lines (the edit modal). */
export function fromRow(row: OnsiteRow & { cc?: { user_name: string }[] }): { values: OnsiteFormValues; staff: StaffLine[] } {
  return {
    values: {
      title: row.title,
      projectId: row.projectid,
      range: [row.fromDate, row.toDate],
      type: row.type as OnsiteType,
      location: row.location ?? undefined,
      description: row.description ?? undefined,
      ccUsernames: (row.cc ?? []).map((c) => c.user_name),
    },
    staff: row.employeeList.map((s) => ({ employeeId: s.employeeId, name: s.name, user_name: s.user_name, startTime: s.startTime, endTime: s.endTime, duration: s.duration })),
  };
}

/** The hover text of the status tag: the staff, one per line. */
export function staffTooltip(row: Pick<OnsiteRow, 'employeeList'>, t: OnsiteT = onsiteTexts.t): string[] {
  return row.employeeList.map((s) => t('tooltipLine', { name: s.name, username: s.user_name, start: s.startTime, end: s.endTime, duration: formatDays(s.duration) }));
}
