import type { Dayjs } from 'dayjs';
import {
  BALANCE_REASONS,
  DEFAULT_MINIMUM_MINUTE_BLOCK,
  REQUEST_TEXT_MAX,
  type RequestDateRow,
  type RequestType,
  type ShiftName,
} from '@tms/contracts/requests';
import { formatLeave } from '../../lib/numbers.ts';
import { commonTexts } from '../i18n/index.ts';

type CommonT = typeof commonTexts.t;

/**
 * Pure rules of the Create/Update Request modal (spec 001 §4.2 date and shift rules, §5.2, §9). Messages are the
 * server's texts in the language at the time of the check.
 */

/** Attachments: 5,242,880 bytes in total (spec 001 §9). */
export const MAX_ATTACHMENT_BYTES = 5_242_880;
/** File types offered by the attachment picker (spec 001 §5.2 "the spec's types": documents and images). */
export const ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg';

const DURATIONS: readonly ShiftName[] = ['FULL_DAY', 'MORNING', 'AFTERNOON'];
const SHIFTS = ['MORNING', 'AFTERNOON'] as const;

/** The day parts of a date row: full day, morning, afternoon (texts by `t`, the caller's language). */
export const durationOptions = (t: CommonT): { value: ShiftName; label: string }[] => DURATIONS.map((value) => ({ value, label: t(`requestForm.shifts.${value}`) }));
/** The shifts of an onsite start or end: morning, afternoon. */
export const shiftOptions = (t: CommonT): { value: 'MORNING' | 'AFTERNOON'; label: string }[] => SHIFTS.map((value) => ({ value, label: t(`requestForm.shifts.${value}`) }));

/** Total size of the chosen files; over 5 MB → "Maximum allowed file size is 5.0 MB" (checked before upload). */
export function attachmentsProblem(files: readonly { size?: number }[]): string | null {
  const total = files.reduce((sum, f) => sum + (f.size ?? 0), 0);
  return total > MAX_ATTACHMENT_BYTES ? commonTexts.t('requestForm.messages.fileTooLarge') : null;
}

/** Description / reason: at most 1000 characters ("You've exceeded the limit by 1000 characters"). */
export function textProblem(text: string | null | undefined): string | null {
  return (text ?? '').length > REQUEST_TEXT_MAX ? commonTexts.t('requestForm.messages.textTooLong') : null;
}

/** A reject/withdraw reason: required (non-blank) and at most 1000 characters. */
export function reasonProblem(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return commonTexts.t('requestForm.messages.reasonIsRequired');
  return textProblem(text);
}

/** The hour choices of an hourly row: 0 … standard hours (8 by default). */
export function hourOptions(standardHours = 8): number[] {
  const max = Math.max(1, Math.floor(standardHours));
  return Array.from({ length: max + 1 }, (_, i) => i);
}

/**
 * Minute choices depend on the chosen hour (spec 001 §5.2): multiples of the minimum block below 60; with hour 0 the
 * minute must be at least one block; at the standard hours no minutes can be added.
 */
export function minuteOptions(hour: number | null | undefined, block = DEFAULT_MINIMUM_MINUTE_BLOCK, standardHours = 8): number[] {
  const step = block > 0 && block <= 60 ? block : DEFAULT_MINIMUM_MINUTE_BLOCK;
  if (hour !== null && hour !== undefined && hour >= Math.floor(standardHours)) return [0];
  const all: number[] = [];
  for (let m = 0; m < 60; m += step) all.push(m);
  return hour === 0 ? all.filter((m) => m > 0) : all;
}

/** Request minutes = 60 × hour + minute (spec 001 §5.2). */
export function requestMinutes(hour: number, minute: number): number {
  return 60 * hour + minute;
}

/** Weekends and dates on or before the lock date cannot be chosen (spec 001 §5.2). */
export function isDateDisabled(date: Dayjs, lockDate: Dayjs | null): boolean {
  const day = date.day();
  if (day === 0 || day === 6) return true;
  return lockDate !== null && !date.isAfter(lockDate, 'day');
}

export type DateShift = {
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  startShift: 'MORNING' | 'AFTERNOON' | null;
  endShift: 'MORNING' | 'AFTERNOON' | null;
};

/**
 * Spec 001 §4.2 after one field changed: an end before the start moves to the start (and a start after the end moves
 * to the end); on the same day an afternoon start forces an afternoon end, and a morning end forces a morning start.
 */
export function applyDateShiftRules(values: DateShift, changed: keyof DateShift): DateShift {
  const next = { ...values };
  if (next.startDate && next.endDate && next.endDate.isBefore(next.startDate, 'day')) {
    if (changed === 'endDate') next.startDate = next.endDate;
    else next.endDate = next.startDate;
  }
  if (next.startDate && next.endDate && next.startDate.isSame(next.endDate, 'day')) {
    if (changed === 'endShift' && next.endShift === 'MORNING') next.startShift = 'MORNING';
    else if (next.startShift === 'AFTERNOON') next.endShift = 'AFTERNOON';
    else if (next.endShift === 'MORNING') next.startShift = 'MORNING';
  }
  return next;
}

/** Reasons whose balance the modal shows (spec 001 §9). */
export function showsBalance(reason: string | null | undefined): boolean {
  return !!reason && (BALANCE_REASONS as readonly string[]).includes(reason);
}

/** Balances rounded to 3 decimals (spec 001 §9), with the reader's decimal separator. */
export function formatBalance(value: number | null | undefined): string {
  return formatLeave(value);
}

/** One row of the modal's request dates. */
export type DateRowValues = { date?: Dayjs | null; duration?: ShiftName | null; hour?: number | null; minute?: number | null };

/**
 * The request's days as an approval flow's conditions count them (issue 29): a full day 1, a shift 0.5, hours over
 * the day's standard hours. The server decides with the schedule of each date; this is the form's estimate for the
 * approver it shows.
 */
export function requestDays(rows: readonly DateRowValues[], hourBased: boolean, standardHours: number): number {
  const days = rows
    .filter((r) => r?.date)
    .reduce((sum, r) => sum + (hourBased ? requestMinutes(r.hour ?? 0, r.minute ?? 0) / (standardHours * 60 || 480) : r.duration === 'MORNING' || r.duration === 'AFTERNOON' ? 0.5 : 1), 0);
  return Math.round(days * 1000) / 1000;
}

/** The rows as the payload's `request_dates` (YYYY-MM-DD; minutes for hourly types, duration otherwise), by date. */
export function toRequestDates(rows: readonly DateRowValues[], hourBased: boolean): RequestDateRow[] {
  return rows
    .filter((r) => r.date)
    .map((r) =>
      hourBased
        ? { request_date: r.date!.format('YYYY-MM-DD'), request_minutes: requestMinutes(r.hour ?? 0, r.minute ?? 0) }
        : { request_date: r.date!.format('YYYY-MM-DD'), duration: r.duration ?? 'FULL_DAY' },
    )
    .sort((a, b) => a.request_date.localeCompare(b.request_date));
}

export type RequestFormValues = {
  request_type?: RequestType;
  request?: string;
  reason_type?: string;
  usernames?: string[];
  rows?: DateRowValues[];
  start_date?: Dayjs | null;
  end_date?: Dayjs | null;
  start_shift?: 'MORNING' | 'AFTERNOON' | null;
  end_shift?: 'MORNING' | 'AFTERNOON' | null;
  mail_cc?: (string | number)[];
  description?: string;
};

export type RequestPayload = {
  id?: number;
  version?: number;
  request_type: RequestType;
  request?: string;
  reason_type: string;
  employee?: number;
  usernames?: string[];
  start_date: string;
  end_date: string;
  start_shift?: 'MORNING' | 'AFTERNOON' | null;
  end_shift?: 'MORNING' | 'AFTERNOON' | null;
  request_dates: RequestDateRow[];
  quantity_in_hours?: number;
  mail_cc: number[];
  description: string | null;
};

/**
 * The payload of spec 001 §3 (Request payload). Date-row modes send `request_dates` (start/end = first/last date);
 * the onsite mode sends start/end date and shift (the server expands the working days).
 */
export function toPayload(values: RequestFormValues, opts: { hourBased: boolean; mode: 'single' | 'batch' | 'onsite'; id?: number }): RequestPayload {
  const dates = opts.mode === 'onsite' ? [] : toRequestDates(values.rows ?? [], opts.hourBased);
  const start = opts.mode === 'onsite' ? values.start_date?.format('YYYY-MM-DD') ?? '' : dates[0]?.request_date ?? '';
  const end = opts.mode === 'onsite' ? values.end_date?.format('YYYY-MM-DD') ?? '' : dates[dates.length - 1]?.request_date ?? '';
  const minutes = dates.reduce((sum, d) => sum + (d.request_minutes ?? 0), 0);
  const payload: RequestPayload = {
    request_type: values.request_type ?? 'LEAVE_REQUEST',
    request: values.request,
    reason_type: values.reason_type ?? '',
    start_date: start,
    end_date: end,
    request_dates: dates,
    mail_cc: (values.mail_cc ?? []).map(Number).filter((n) => Number.isFinite(n)),
    description: values.description?.trim() ? values.description.trim() : null,
  };
  if (opts.hourBased && opts.mode !== 'onsite') payload.quantity_in_hours = Math.round((minutes / 60) * 10000) / 10000;
  if (opts.mode === 'onsite') {
    payload.start_shift = values.start_shift ?? 'MORNING';
    payload.end_shift = values.end_shift ?? 'AFTERNOON';
  }
  if (opts.mode === 'batch') payload.usernames = values.usernames ?? [];
  if (opts.id !== undefined) payload.id = opts.id;
  return payload;
}

/** One entry of a batch answer (spec 001 §8: per-item code and message). */
export type BatchItem = { code: number; message: string; username?: string; user_name?: string; id?: number | null };

/** The per-item entries of a batch answer, whatever the envelope wraps them in. */
export function batchItems(data: unknown): BatchItem[] {
  const list = Array.isArray(data) ? data : Array.isArray((data as { items?: unknown })?.items) ? (data as { items: unknown[] }).items : Array.isArray((data as { results?: unknown })?.results) ? (data as { results: unknown[] }).results : [];
  return list
    .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
    .map((x) => ({
      code: Number(x.code ?? 0),
      message: String(x.message ?? ''),
      username: typeof x.username === 'string' ? x.username : typeof x.user_name === 'string' ? x.user_name : undefined,
      id: typeof x.id === 'number' ? x.id : null,
    }));
}

/** Spec 001 §8: a batch is a success when at least one item succeeded (code 200 or 201); then the form closes. */
export function batchSucceeded(items: readonly BatchItem[]): boolean {
  return items.some((i) => i.code === 200 || i.code === 201);
}

/** Spec 001 §4.2: the shown status is Expired when is_expired is set on a pending request. */
export function shownStatus(row: { status: number; is_expired?: boolean }): number {
  return row.is_expired && (row.status === 1 || row.status === 0) ? 10 : row.status;
}
