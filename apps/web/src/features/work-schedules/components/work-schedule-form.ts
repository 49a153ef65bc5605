import {
  WEEKDAYS,
  WORK_SCHEDULE_DAY_FIELDS,
  WORK_SCHEDULE_MESSAGES as M,
  WORK_SCHEDULE_TYPES,
  type WorkScheduleCreate,
  type WorkScheduleDetail,
  type WorkScheduleDayInput,
} from '@tms/contracts/work-schedule-config';
import { localizeNumberText } from '../../../lib/numbers.ts';
import type { WorkSchedulesT } from '../i18n/index.ts';

/** One weekday row of the create/edit table (spec 002 §2): times as typed (HH:mm), durations in hours. */
export type DayFormRow = {
  day: number;
  key: string;
  label: string;
  workingDay: boolean;
  startTime: string;
  endTime: string;
  workingTime: number | null;
  minimumWorkingTime: number | null;
  continuousWorkingTime: number | null;
  breakTime: number | null;
};

export type WorkScheduleFormValues = { code: string; type: string | undefined; name: string; active: boolean };

/** An unticked row: everything cleared (spec 002 §2 "Unticking working day resets that row"). */
export function resetRow(row: DayFormRow): DayFormRow {
  return { ...row, workingDay: false, startTime: '', endTime: '', workingTime: null, minimumWorkingTime: null, continuousWorkingTime: null, breakTime: null };
}

/**
 * decision: a new schedule starts with every weekday ticked and filled with the default office day (RULES.md §4: HCM
 * 08:30–17:30, break 12:00–13:00, 8 hours), so the usual schedule is a few edits away; a cleared cell shows the spec's
 * placeholder (07:30, 8 hours).
 */
export function initialRows(): DayFormRow[] {
  return WEEKDAYS.map((w) => ({
    day: w.day,
    key: w.key,
    label: w.label,
    workingDay: true,
    startTime: '08:30',
    endTime: '17:30',
    workingTime: 8,
    minimumWorkingTime: 8,
    continuousWorkingTime: 3.5,
    breakTime: 1,
  }));
}

/** The rows of a stored schedule (days the server did not send are days off). */
export function rowsOf(detail: Pick<WorkScheduleDetail, 'days'>): DayFormRow[] {
  const byDay = new Map(detail.days.map((d) => [d.day, d]));
  return WEEKDAYS.map((w) => {
    const d = byDay.get(w.day);
    const base: DayFormRow = { day: w.day, key: w.key, label: w.label, workingDay: false, startTime: '', endTime: '', workingTime: null, minimumWorkingTime: null, continuousWorkingTime: null, breakTime: null };
    if (!d?.workingDay) return base;
    return {
      ...base,
      workingDay: true,
      startTime: d.startTime ?? '',
      endTime: d.endTime ?? '',
      workingTime: d.workingTime,
      minimumWorkingTime: d.minimumWorkingTime,
      continuousWorkingTime: d.continuousWorkingTime,
      breakTime: d.breakTime,
    };
  });
}

/** The request's day list. */
export function daysPayload(rows: readonly DayFormRow[]): WorkScheduleDayInput[] {
  return rows.map((r) =>
    r.workingDay
      ? {
          day: r.day,
          key: r.key,
          workingDay: true,
          startTime: r.startTime.trim() || null,
          endTime: r.endTime.trim() || null,
          workingTime: r.workingTime,
          minimumWorkingTime: r.minimumWorkingTime,
          continuousWorkingTime: r.continuousWorkingTime,
          breakTime: r.breakTime,
        }
      : { day: r.day, key: r.key, workingDay: false },
  );
}

export function createBody(values: WorkScheduleFormValues, rows: readonly DayFormRow[]): WorkScheduleCreate {
  return { code: values.code?.trim(), type: values.type, name: values.name?.trim(), active: values.active, days: daysPayload(rows) };
}

/**
 * The Type select: the spec's types (spec 002 §3: FLEXIBLE, HCM) — the server accepts no other — with those the
 * lookup reports in use first; a fresh installation without schedules still offers both.
 */
export function typeOptions(fromLookup: readonly { value: string }[]): { value: string; label: string }[] {
  const allowed: readonly string[] = WORK_SCHEDULE_TYPES;
  const values = [...new Set([...fromLookup.map((o) => o.value).filter((v) => allowed.includes(v)), ...allowed])];
  return values.map((v) => ({ value: v, label: v }));
}

/** Hours for the table ('8', '3.5'; '3,5' in Vietnamese); '' when none. */
export function hoursText(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '' : localizeNumberText(String(Math.round(hours * 100) / 100));
}

/** The messages of the schedule's check that name no weekday, and those that name one. */
const PLAIN_MESSAGES = ['codeRequired', 'nameRequired', 'typeRequired', 'tooLong', 'typeInvalid', 'daysInvalid', 'noWorkingDay'] as const;
const DAY_MESSAGES = ['timesRequired', 'timeInvalid', 'endBeforeStart', 'workingRequired', 'workingTooLong', 'minimumTooLong', 'continuousRequired', 'breakOutside'] as const;
const DAY_FIELDS = Object.keys(WORK_SCHEDULE_DAY_FIELDS) as (keyof typeof WORK_SCHEDULE_DAY_FIELDS)[];

/**
 * A message of the schedule's check (checkWorkScheduleForm, the server's own function, which speaks English) in the
 * language on screen; a message it does not know (the server's, already in the reader's language) stays as it came.
 */
export function scheduleProblemText(message: string, t: WorkSchedulesT): string {
  for (const key of PLAIN_MESSAGES) if (M[key] === message) return t(`messages.${key}`);
  for (const w of WEEKDAYS) {
    if (!message.startsWith(`${w.label}: `)) continue;
    const day = t(`weekdays.${w.key}`);
    for (const key of DAY_MESSAGES) if (M[key](w.label) === message) return t(`messages.${key}`, { day });
    for (const field of DAY_FIELDS) {
      if (M.hoursInvalid(w.label, WORK_SCHEDULE_DAY_FIELDS[field]) === message) return t('messages.hoursInvalid', { day, field: t(`dayFields.${field}`) });
    }
  }
  return message;
}
