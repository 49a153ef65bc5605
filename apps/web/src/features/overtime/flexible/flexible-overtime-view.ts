import dayjs, { type Dayjs } from 'dayjs';
import {
  checkConfirmation,
  round2,
  type ConfirmationFailure,
  type FlexibleCreatePayload,
  type FlexibleDetail,
  type FlexibleStatusItem,
  type FlexibleViewer,
} from '@tms/contracts/overtime-flexible';
import type { UserDetail } from '@tms/contracts/auth';
import { formatHours } from '../../../lib/numbers.ts';
import { overtimeTexts } from '../i18n/index.ts';
import type { OvertimeT } from '../overtime-labels.ts';

/** What the create/edit form holds (antd values). */
export type FlexibleFormValues = {
  title?: string;
  projectId?: number | null;
  overtimeDate?: Dayjs | null;
  requestType?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  requesterIds?: number[];
  ccMailList?: number[];
  description?: string;
};

/** The create/edit payload (spec 001 §3): date DD/MM/YYYY, times HH:mm. */
export function toFlexiblePayload(v: FlexibleFormValues): FlexibleCreatePayload {
  return {
    title: v.title?.trim() ?? '',
    projectId: v.projectId ?? null,
    description: v.description?.trim() || null,
    ccMailList: v.ccMailList ?? [],
    overtimeDate: v.overtimeDate ? v.overtimeDate.format('DD/MM/YYYY') : '',
    requestType: v.requestType ?? '',
    requesterIds: v.requesterIds && v.requesterIds.length > 0 ? v.requesterIds : null,
    startTime: v.start ? v.start.format('HH:mm') : '',
    endTime: v.end ? v.end.format('HH:mm') : '',
  };
}

/** The edit form's starting values from a detail. */
export function fromFlexibleDetail(d: FlexibleDetail): FlexibleFormValues {
  return {
    title: d.title,
    projectId: d.project.projectId,
    overtimeDate: dayjs(d.otDate, 'YYYY-MM-DD'),
    requestType: d.requestType,
    start: dayjs(d.startTime, 'HH:mm'),
    end: dayjs(d.endTime, 'HH:mm'),
    requesterIds: d.requester.employeeId !== null ? [d.requester.employeeId] : [],
    ccMailList: d.ccMails.map((c) => c.employeeId),
    description: d.description ?? '',
  };
}

/**
 * The signed-in user as the enable rules (contracts `flexibleActions`) read them: with their roles, so a holder of the
 * manager stage's role (an approval flow's "anyone of a role" step) gets Approve and Reject, as the server allows.
 */
export function flexibleViewer(user: Pick<UserDetail, 'userId' | 'employeeId' | 'roles' | 'isPm'>): FlexibleViewer {
  return { userId: user.userId, employeeId: user.employeeId ?? null, actors: [...user.roles, ...(user.isPm ? ['PM'] : [])] };
}

/** Hours to 2 decimals (spec 001 §9 OT pay to 2 decimals) in the reader's language; '-' when unknown. */
export const hours = (n: number | null | undefined) => formatHours(n, '-');

/** One editable line of the confirmation modal. */
export type ConfirmRow = { shift: string; actual: number; value: number | null; reason: string };

/** The confirmation modal's starting lines: the confirmed value when there is one, else the actual (the default). */
export function confirmRows(d: Pick<FlexibleDetail, 'overtimePayDetail'>): ConfirmRow[] {
  return d.overtimePayDetail.details.map((l) => ({ shift: l.shift, actual: l.duration_actual, value: l.duration_confirm ?? l.duration_actual, reason: l.reason ?? '' }));
}

/** A confirmation check's message in the language of `t`, by its key; the hours written as the reader writes them. */
function confirmMessage(t: OvertimeT, error: ConfirmationFailure, actual: number): string {
  switch (error.key) {
    case 'overtimeFlexible.confirmTooHigh':
      return t('messages.confirmTooHigh', { hours: formatHours(actual) });
    case 'overtimeFlexible.confirmRequired':
      return t('messages.confirmRequired');
    case 'overtimeFlexible.confirmNegative':
      return t('messages.confirmNegative');
    case 'overtimeFlexible.reasonTooLong':
      return t('messages.reasonTooLong');
    case 'overtimeFlexible.confirmReasonRequired':
      return t('messages.confirmReasonRequired');
  }
}

/**
 * Per shift, the first failing rule of spec 001 §5.6 (the same check the server runs), or nothing; the message in the
 * language of `t` (the modal's; by default read at call time).
 */
export function confirmErrors(rows: readonly ConfirmRow[], status: number, t: OvertimeT = overtimeTexts.t): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const checked = checkConfirmation({ duration_actual: r.actual }, { duration_confirm: r.value, reason: r.reason }, status);
    if ('error' in checked) out[r.shift] = confirmMessage(t, checked.error, r.actual);
  }
  return out;
}

/** Whether a line's reason is required now: its value differs from the actual and the request is not at index 1. */
export const reasonRequired = (r: ConfirmRow, status: number) => status !== 1 && r.value !== null && round2(r.value) !== round2(r.actual);

/**
 * How a change-status answer is told (spec 001 §4.6): 200 success; 207 the first message as success and the rest
 * (the failed items) as warnings.
 */
export function statusNotice(result: { code: number; message: string; items: readonly FlexibleStatusItem[] }): { success: string; warnings: string[] } {
  const failed = result.items.filter((i) => i.code !== 200);
  const first = result.items.find((i) => i.code === 200)?.message ?? result.message;
  return { success: first, warnings: result.code === 207 ? failed.map((i) => `#${i.id}: ${i.message}`) : [] };
}

/**
 * An instant as DD/MM/YYYY HH:mm in the company time zone (RULES.md §1: the company zone decides the day and the
 * hour), so punches read like the plan's HH:mm whatever the browser's zone; '-' when absent.
 */
export function companyDateTime(iso: string | null | undefined, timeZone: string | undefined): string {
  if (!iso) return '-';
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}
