import { FLEXIBLE_MESSAGES as M, type FlexibleCreatePayload } from '@tms/contracts/overtime-flexible';
import { FLEXIBLE_OT_TYPES, OVERTIME_TEXT_MAX, OVERTIME_TITLE_MAX } from '@tms/contracts/overtime';
import { dayjs, parseDmy } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';

/** A flexible OT form read and checked field by field (spec 001 §5.6 order), with its window as instants. */
export type FlexibleForm = {
  title: string;
  projectId: number;
  description: string | null;
  cc: number[];
  /** YYYY-MM-DD: the company day the window starts. */
  otDate: string;
  requestType: string;
  startHm: string;
  endHm: string;
  startAt: Date;
  endAt: Date;
  requesterIds: number[] | null;
};

const isHm = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);

/**
 * The window of a flexible OT (common decisions): start and end HH:mm on `date` in the company zone; an end at or
 * before the start's clock time is on the next day; equal times are refused by the form reader. At most 24 hours.
 */
export function flexibleWindow(date: string, startHm: string, endHm: string, timeZone: string): { startAt: Date; endAt: Date } {
  const start = dayjs.tz(`${date} ${startHm}`, 'YYYY-MM-DD HH:mm', timeZone);
  let end = dayjs.tz(`${date} ${endHm}`, 'YYYY-MM-DD HH:mm', timeZone);
  if (!end.isAfter(start)) end = dayjs.tz(`${dayjs(date).add(1, 'day').format('YYYY-MM-DD')} ${endHm}`, 'YYYY-MM-DD HH:mm', timeZone);
  return { startAt: start.toDate(), endAt: end.toDate() };
}

/** Every failing rule's message in order; the first is the answer's `message` (RULES.md §1). */
export function readFlexibleForm(p: FlexibleCreatePayload, timeZone: string): FlexibleForm {
  const errors: string[] = [];
  const title = p.title?.trim() ?? '';
  if (!title) errors.push(M.titleRequired);
  else if (title.length > OVERTIME_TITLE_MAX) errors.push(M.titleTooLong);
  if (!p.projectId) errors.push(M.projectRequired);
  const dateText = p.overtimeDate?.trim() ?? '';
  const otDate = dateText ? (parseDmy(dateText) ?? (dayjs(dateText, 'YYYY-MM-DD', true).isValid() ? dateText : undefined)) : undefined;
  if (!dateText) errors.push(M.dateRequired);
  else if (!otDate) errors.push(M.invalidDate);
  const requestType = p.requestType?.trim() ?? '';
  if (!FLEXIBLE_OT_TYPES.some((t) => t.value === requestType)) errors.push(M.typeRequired);
  const startHm = p.startTime?.trim() ?? '';
  const endHm = p.endTime?.trim() ?? '';
  if (!startHm) errors.push(M.startRequired);
  if (!endHm) errors.push(M.endRequired);
  if ((startHm && !isHm(startHm)) || (endHm && !isHm(endHm))) errors.push(M.timeInvalid);
  else if (startHm && endHm && startHm === endHm) errors.push(M.endAfterStart);
  const description = p.description?.trim() ? p.description.trim() : null;
  if (description !== null && description.length > OVERTIME_TEXT_MAX) errors.push(M.descriptionTooLong);
  if (errors.length > 0) throw badRequest(errors[0]!, errors);
  const { startAt, endAt } = flexibleWindow(otDate!, startHm, endHm, timeZone);
  return {
    title,
    projectId: p.projectId!,
    description,
    cc: [...new Set(p.ccMailList ?? [])],
    otDate: otDate!,
    requestType,
    startHm,
    endHm,
    startAt,
    endAt,
    requesterIds: p.requesterIds && p.requesterIds.length > 0 ? [...new Set(p.requesterIds)] : null,
  };
}
