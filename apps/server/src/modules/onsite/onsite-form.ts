import { isIsoDateText } from '@tms/contracts/api';
import {
  isHm,
  ONSITE_DEFAULT_DURATION,
  ONSITE_DEFAULT_END,
  ONSITE_DEFAULT_START,
  ONSITE_MAX_DAYS,
  ONSITE_MESSAGES as M,
  ONSITE_TEXT_MAX,
  ONSITE_TITLE_MAX,
  ONSITE_TYPES,
  type OnsiteCreatePayload,
  type OnsiteType,
} from '@tms/contracts/onsite';
import { badRequest } from '../../lib/errors.ts';
import type { StaffInput } from './onsite.repository.ts';
import { daysBetween } from '../request-days/request-form.ts';

/** The create and edit form read into what is stored, rule by rule in the form's order (spec 002 §5). Pure. */
export type OnsiteForm = {
  title: string;
  projectId: number;
  fromDate: string;
  toDate: string;
  type: OnsiteType;
  location: string | null;
  description: string | null;
  cc: number[];
  staff: StaffInput[];
};

const blank = (s: string | null | undefined) => s === null || s === undefined || !s.trim();
const text = (s: string | null | undefined) => (blank(s) ? null : s!.trim());

export function readDuration(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return ONSITE_DEFAULT_DURATION;
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(String(value).trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 24) return null;
  return Math.round(n * 100) / 100;
}

export function readOnsiteForm(p: OnsiteCreatePayload): OnsiteForm {
  if (blank(p.title)) throw badRequest(M.titleRequired);
  const title = p.title!.trim();
  if (title.length > ONSITE_TITLE_MAX) throw badRequest(M.titleTooLong);
  if (!p.projectId) throw badRequest(M.projectRequired);
  if (blank(p.fromDate) || blank(p.toDate)) throw badRequest(M.dateRangeRequired);
  if (blank(p.type)) throw badRequest(M.typeRequired);
  const type = p.type!.trim().toUpperCase().replace(/\s+/g, '_') as OnsiteType;
  if (!ONSITE_TYPES.includes(type)) throw badRequest(M.typeRequired);
  const fromDate = p.fromDate!.trim();
  const toDate = p.toDate!.trim();
  if (!isIsoDateText(fromDate) || !isIsoDateText(toDate)) throw badRequest(M.invalidDate);
  if (toDate < fromDate) throw badRequest(M.dateRangeInvalid);
  if (daysBetween(fromDate, toDate) >= ONSITE_MAX_DAYS) throw badRequest(M.dateRangeTooLong);
  const location = text(p.location);
  const description = text(p.description);
  if ((location?.length ?? 0) > ONSITE_TEXT_MAX || (description?.length ?? 0) > ONSITE_TEXT_MAX) throw badRequest(M.textTooLong);
  const list = p.employeeList ?? [];
  if (list.length === 0) throw badRequest(M.staffRequired);
  const seen = new Set<number>();
  const staff: StaffInput[] = [];
  for (const row of list) {
    if (seen.has(row.employeeId)) throw badRequest(M.staffTwice);
    seen.add(row.employeeId);
    const startTime = text(row.startTime) ?? ONSITE_DEFAULT_START;
    const endTime = text(row.endTime) ?? ONSITE_DEFAULT_END;
    if (!isHm(startTime) || !isHm(endTime)) throw badRequest(M.timeInvalid);
    if (endTime <= startTime) throw badRequest(M.timeOrder);
    const duration = readDuration(row.duration);
    if (duration === null) throw badRequest(M.durationInvalid);
    staff.push({ employeeId: row.employeeId, startTime, endTime, duration });
  }
  return { title, projectId: p.projectId, fromDate, toDate, type, location, description, cc: [...new Set(p.cc ?? [])], staff };
}

/** Every calendar date of the range. */
export function rangeDates(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  for (let iso = from; iso <= to && out.length <= ONSITE_MAX_DAYS; ) {
    out.push(iso);
    d.setUTCDate(d.getUTCDate() + 1);
    iso = d.toISOString().slice(0, 10);
  }
  return out;
}
