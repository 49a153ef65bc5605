import { z } from 'zod';
import { isDmyDate, isIsoDateText, MAX_DB_INT } from './api.ts';
import { envelope, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, textSchema } from './schemas.ts';
import type { Actor } from './roles.ts';
import { PUNCH_SYSTEMS, type PunchSystem } from './punches.ts';

/**
 * Employee – Attendance Check System Config (spec 002 §2 Employee management tab 3, §3 config record, §5, §7, §8):
 * a device account (system + attendance check id) belongs to an employee for a date range. The punch mapping reads
 * these rows; a change re-maps the stored punches of the account (RULES.md §4).
 */
export const ATTENDANCE_CHECK_CONFIG_PATH = '/tms/employee-attendance-check-system-config';
/** HR, HRM, ADMIN (RULES.md §2: /employee/* pages). */
export const ATTENDANCE_CHECK_CONFIG_ACCESS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
/** Success codes in the body (spec 002 §7: create 441, update 443). */
export const ATTENDANCE_CHECK_CREATED_CODE = 441;
export const ATTENDANCE_CHECK_UPDATED_CODE = 443;
/** spec 002 §9 far-future default end date. */
export const ATTENDANCE_CHECK_DEFAULT_END = '9999-12-30';
export const ATTENDANCE_CHECK_ID_MAX_LENGTH = 100;
export const ATTENDANCE_CHECK_TEXT_MAX = 200;

/** Texts: spec 002 §5 and §8 verbatim where the spec gives one. */
export const ATTENDANCE_CHECK_MESSAGES = {
  attendanceCheckIdRequired: 'Please input SDSV ID',
  hrmsIdRequired: 'Please input HRMS ID',
  startRequired: 'Please choose Start Time!',
  endRequired: 'Please choose End Time!',
  systemRequired: 'Please input attendance check system',
  systemInvalid: `Attendance check system must be one of ${PUNCH_SYSTEMS.join(', ')}`,
  accountNumber: 'Must input numbers!',
  endBeforeStart: 'End date must higher than start date',
  invalidDate: 'Invalid Date!',
  attendanceCheckIdTooLong: `SDSV ID must be at most ${ATTENDANCE_CHECK_ID_MAX_LENGTH} characters`,
  textTooLong: `You\`ve exceeded the limit by ${ATTENDANCE_CHECK_TEXT_MAX} characters`,
  employeeNotFound: 'Employee not found',
  notFound: 'Attendance Check System config not found',
  overlap: (system: string, id: string, start: string, end: string, who: string) =>
    `${system} ID ${id} is already mapped to ${who} from ${start} to ${end}; the date ranges of one ID must not overlap`,
  created: 'Create Attendance Check System successfully !!',
  updated: 'Update Attendance Check System successfully !!',
  deleted: 'Delete Attendance Check System successfully !!',
  deleteConfirm: 'Are you sure you want to delete this Attendance Check System config?',
  addTitle: 'Add Attendance Check System',
  editTitle: 'Edit Attendance Check System',
} as const;
const M = ATTENDANCE_CHECK_MESSAGES;

/** A YYYY-MM-DD or DD/MM/YYYY text as YYYY-MM-DD; undefined when it is neither. */
export function toIsoDateText(text: string): string | undefined {
  const s = text.trim();
  if (isIsoDateText(s)) return s;
  if (isDmyDate(s)) return `${s.slice(6, 10)}-${s.slice(3, 5)}-${s.slice(0, 2)}`;
  return undefined;
}

/** spec 002 §5: the account number must be numeric (a whole number that fits the column); empty is no number. */
export function checkAccountNumber(value: unknown): { ok: true; value: number | null } | { ok: false } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { ok: true, value: null };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return { ok: false };
  const n = Number(text);
  return n <= MAX_DB_INT ? { ok: true, value: n } : { ok: false };
}

export type AttendanceCheckFields = {
  employeeId: number | null;
  hrmsUsername: string | null;
  accountNumber: number | null;
  attendanceCheckId: string;
  attendanceCheckName: string | null;
  project: string | null;
  position: string | null;
  system: PunchSystem;
  startDate: string;
  endDate: string;
};

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const optText = (v: unknown) => (blank(v) ? null : String(v).trim());

/**
 * Every rule of spec 002 §5 in order, each with its own message (the form and the server share it). Dates come as
 * YYYY-MM-DD (DD/MM/YYYY is read too). `employeeId` or `hrmsUsername` names the employee.
 */
export function checkAttendanceCheckForm(body: AttendanceCheckBody): { ok: true; value: AttendanceCheckFields } | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const attendanceCheckId = optText(body.attendance_check_id);
  if (attendanceCheckId === null) messages.push(M.attendanceCheckIdRequired);
  else if (attendanceCheckId.length > ATTENDANCE_CHECK_ID_MAX_LENGTH) messages.push(M.attendanceCheckIdTooLong);
  const employeeId = typeof body.employee_id === 'number' ? body.employee_id : null;
  const hrmsUsername = optText(body.hrms_username);
  if (employeeId === null && hrmsUsername === null) messages.push(M.hrmsIdRequired);
  const start = blank(body.start_date) ? null : toIsoDateText(String(body.start_date));
  if (blank(body.start_date)) messages.push(M.startRequired);
  else if (!start) messages.push(M.invalidDate);
  const end = blank(body.end_date) ? null : toIsoDateText(String(body.end_date));
  if (blank(body.end_date)) messages.push(M.endRequired);
  else if (!end) messages.push(M.invalidDate);
  const system = optText(body.attendance_check_system);
  if (system === null) messages.push(M.systemRequired);
  else if (!(PUNCH_SYSTEMS as readonly string[]).includes(system)) messages.push(M.systemInvalid);
  const account = checkAccountNumber(body.account_number);
  if (!account.ok) messages.push(M.accountNumber);
  if (start && end && end < start) messages.push(M.endBeforeStart);
  const texts = [body.attendance_check_name, body.project, body.position].map(optText);
  if (texts.some((t) => t !== null && t.length > ATTENDANCE_CHECK_TEXT_MAX)) messages.push(M.textTooLong);
  if (messages.length > 0) return { ok: false, messages };
  return {
    ok: true,
    value: {
      employeeId,
      hrmsUsername,
      accountNumber: account.ok ? account.value : null,
      attendanceCheckId: attendanceCheckId!,
      attendanceCheckName: texts[0]!,
      project: texts[1]!,
      position: texts[2]!,
      system: system as PunchSystem,
      startDate: start!,
      endDate: end!,
    },
  };
}

/** List filters: keyword (employee name or username, with or without diacritics), system, id, a date in force. */
export const attendanceCheckListQuerySchema = z.object({
  ...pagingShape(),
  keyword: textSchema.max(200).optional(),
  attendance_check_system: textSchema.max(30).optional(),
  attendance_check_id: textSchema.max(ATTENDANCE_CHECK_ID_MAX_LENGTH).optional(),
  /** A day the mapping is in force on: DD/MM/YYYY (filter submits) or YYYY-MM-DD. */
  date: z
    .string()
    .transform((s) => s.trim() || undefined)
    .refine((s) => s === undefined || toIsoDateText(s) !== undefined, M.invalidDate)
    .transform((s) => (s === undefined ? undefined : toIsoDateText(s)))
    .optional(),
});
export type AttendanceCheckListQuery = z.infer<typeof attendanceCheckListQuerySchema>;

/** Loose on purpose: `checkAttendanceCheckForm` gives each rule its spec message. */
const bodyShape = {
  employee_id: idSchema(M.hrmsIdRequired).nullish(),
  hrms_username: safeText().nullish(),
  account_number: z.union([z.number(), safeText(M.accountNumber)]).nullish(),
  attendance_check_id: z.union([safeText(M.attendanceCheckIdRequired), z.number()]).nullish(),
  attendance_check_name: safeText().nullish(),
  project: safeText().nullish(),
  position: safeText().nullish(),
  attendance_check_system: safeText(M.systemRequired).nullish(),
  start_date: safeText(M.startRequired).nullish(),
  end_date: safeText(M.endRequired).nullish(),
};
export const attendanceCheckCreateSchema = z.object(bodyShape);
export type AttendanceCheckBody = z.infer<typeof attendanceCheckCreateSchema>;
export const attendanceCheckUpdateSchema = z.object({ ...bodyShape, id: idSchema(), version: idSchema('Version is required') });
export type AttendanceCheckUpdate = z.infer<typeof attendanceCheckUpdateSchema>;
export const attendanceCheckIdParamsSchema = z.object({ id: idParamSchema() });

export const attendanceCheckRowSchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  hrms_username: z.string(),
  hrms_name: z.string(),
  department_name: z.string().nullable(),
  account_number: z.number().int().nullable(),
  attendance_check_id: z.string(),
  attendance_check_name: z.string().nullable(),
  project: z.string().nullable(),
  position: z.string().nullable(),
  attendance_check_system: z.string(),
  /** YYYY-MM-DD. */
  start_date: z.string(),
  end_date: z.string(),
  version: z.number().int(),
});
export type AttendanceCheckRow = z.infer<typeof attendanceCheckRowSchema>;
export const attendanceCheckListResponseSchema = pagedEnvelope(attendanceCheckRowSchema);
export const attendanceCheckSaveResponseSchema = envelope(attendanceCheckRowSchema.extend({ remapped_days: z.number().int() }));
export const attendanceCheckDeleteResponseSchema = envelope(z.object({ id: z.number().int(), remapped_days: z.number().int() }));
