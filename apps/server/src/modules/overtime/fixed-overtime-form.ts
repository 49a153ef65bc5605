/**
 * The fixed overtime form read rule by rule (spec 001 §5.6, in its order), pure: every failing rule's message is
 * collected, the first one answers (RULES.md §1 `message` / `messages`). What needs the database (project, staff,
 * dates against the lock and the schedule, overlap) is checked by the service afterwards.
 */
import { FIXED_MAX_WINDOW_HOURS, FIXED_MESSAGES as F, parseFixedTime, type FixedCreatePayload } from '@tms/contracts/overtime-fixed';
import { FIXED_OT_TYPES, OVERTIME_MESSAGES as M, OVERTIME_TEXT_MAX, OVERTIME_TITLE_MAX } from '@tms/contracts/overtime';
import { isIsoDateText } from '@tms/contracts/api';
import { dayjs } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';

export type FixedForm = {
  title: string;
  projectId: number;
  otDate: string;
  startAt: Date;
  endAt: Date;
  /** Local clock times 'HH:mm:ss'. */
  startClock: string;
  otType: string;
  description: string | null;
  staffIds: number[];
  cc: number[];
  comments: string[];
};

export function readFixedForm(p: FixedCreatePayload, timeZone: string): FixedForm {
  const problems: string[] = [];
  const title = p.title?.trim() ?? '';
  if (!title) problems.push(M.titleRequired);
  else if (title.length > OVERTIME_TITLE_MAX) problems.push(M.titleTooLong);
  if (!p.project_id) problems.push(M.projectRequired);
  const otDateText = p.ot_date?.trim() ?? '';
  if (!otDateText) problems.push(M.dateRequired);
  else if (!isIsoDateText(otDateText)) problems.push(F.invalidDate);
  const otType = p.ot_type?.trim() ?? '';
  if (!otType) problems.push(M.typeRequired);
  else if (!FIXED_OT_TYPES.some((t) => t.value === otType)) problems.push(F.unknownType);
  const startText = p.start_time?.trim() ?? '';
  const endText = p.end_time?.trim() ?? '';
  if (!startText) problems.push(M.startRequired);
  if (!endText) problems.push(M.endRequired);
  const start = startText ? parseFixedTime(startText) : null;
  const end = endText ? parseFixedTime(endText) : null;
  if ((startText && !start) || (endText && !end)) problems.push(F.invalidTime);
  const staffIds = (p.staff ?? []).map((s) => s.employee_id);
  if (staffIds.length === 0) problems.push(M.staffRequired);
  else if (new Set(staffIds).size !== staffIds.length) problems.push(F.staffTwice);
  const description = p.description?.trim() ? p.description.trim() : null;
  if (description && description.length > OVERTIME_TEXT_MAX) problems.push(M.descriptionTooLong);

  let startAt: Date | null = null;
  let endAt: Date | null = null;
  if (start && end) {
    startAt = dayjs.tz(`${start.date} ${start.time}`, timeZone).toDate();
    endAt = dayjs.tz(`${end.date} ${end.time}`, timeZone).toDate();
    const diff = endAt.getTime() - startAt.getTime();
    if (diff === 0) problems.push(M.endAfterStart);
    else if (diff < 0) problems.push(M.startBeforeEnd);
    else if (diff > FIXED_MAX_WINDOW_HOURS * 3_600_000) problems.push(F.windowTooLong);
    if (otDateText && isIsoDateText(otDateText) && start.date !== otDateText) problems.push(F.dateNotStart);
  }
  if (problems.length > 0) throw badRequest(problems[0]!, problems);
  const comments = (Array.isArray(p.comment) ? p.comment : p.comment ? [p.comment] : []).map((c) => c.trim()).filter(Boolean);
  return {
    title,
    projectId: p.project_id!,
    otDate: otDateText,
    startAt: startAt!,
    endAt: endAt!,
    startClock: start!.time,
    otType,
    description,
    staffIds,
    cc: [...new Set(p.mail_cc ?? [])],
    comments,
  };
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in the company zone (the payload's format). */
export const localTime = (iso: string | Date, timeZone: string) => dayjs(iso).tz(timeZone).format('YYYY-MM-DD HH:mm:ss');
