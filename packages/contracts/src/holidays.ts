import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { envelope, historyEntrySchema, idParamSchema, idSchema, safeText } from './schemas.ts';
import type { Actor } from './roles.ts';

/**
 * Holiday calendars (issue 27 §1; Labour Code 2019 Art. 112): the calendars of the employee field
 * `holidayCalendarCode` and their holidays per year. HR, HRM and Admin change them; every signed-in user reads them.
 */
export const HOLIDAYS_PATH = '/tms/holidays';
export const HOLIDAY_CALENDARS_PATH = `${HOLIDAYS_PATH}/calendars`;
export const HOLIDAYS_GENERATE_PATH = `${HOLIDAYS_PATH}/generate-public-holidays`;
export const HOLIDAYS_PUBLIC_PATH = `${HOLIDAYS_PATH}/public-holidays`;
export const HOLIDAYS_COPY_PATH = `${HOLIDAYS_PATH}/copy-company-days`;
export const HOLIDAYS_TEMPLATE_PATH = `${HOLIDAYS_PATH}/template`;
export const HOLIDAYS_IMPORT_PATH = `${HOLIDAYS_PATH}/import`;
export const holidayPath = (id: number | string) => `${HOLIDAYS_PATH}/${id}`;
export const holidayHistoryPath = (id: number | string) => `${HOLIDAYS_PATH}/${id}/history`;
export const HOLIDAYS_WRITERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
export const HOLIDAYS_TEMPLATE_FILE = 'Holiday_Template.xlsx';
export const HOLIDAYS_RESULT_FILE = 'Holiday_Import_Result.xlsx';
export const HOLIDAYS_IMPORT_EXTENSIONS = ['.xlsx'] as const;
export const HOLIDAYS_IMPORT_MAX_ROWS = 2000;

/** The years a calendar may hold (the lunar tables behind the generator cover them). */
export const HOLIDAY_YEAR_MIN = 2000;
export const HOLIDAY_YEAR_MAX = 2199;
export const HOLIDAY_NAME_MAX = 200;
export const HOLIDAY_NOTE_MAX = 500;

/** PUBLIC: a public holiday of Art. 112.1; COMPENSATORY: the day off for one on a weekly rest day (Art. 112.3); COMPANY: the company's own. */
export const HOLIDAY_KINDS = ['PUBLIC', 'COMPENSATORY', 'COMPANY'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

export const HOLIDAYS_MESSAGES = {
  calendarNotFound: 'Holiday calendar not found',
  notFound: 'Holiday not found',
  dateRequired: 'Please choose the date!',
  invalidDate: 'Invalid Date!',
  yearInvalid: `The year must be from ${HOLIDAY_YEAR_MIN} to ${HOLIDAY_YEAR_MAX}`,
  nameEnRequired: 'Please enter the name in English!',
  nameViRequired: 'Please enter the name in Vietnamese!',
  nameTooLong: `A name is at most ${HOLIDAY_NAME_MAX} characters`,
  noteTooLong: `A note is at most ${HOLIDAY_NOTE_MAX} characters`,
  kindInvalid: 'The kind must be PUBLIC, COMPENSATORY or COMPANY',
  duplicate: (date: string) => `The calendar already has a holiday on ${date}`,
  duplicateInList: (date: string) => `${date} is listed twice`,
  notInYear: (date: string, year: string) => `${date} is not in ${year}`,
  locked: (date: string, lockDate: string) => `${date} is on or before the lock date ${lockDate}: holidays of locked payroll periods cannot change`,
  codeRequired: 'Please enter the calendar code!',
  codeInvalid: 'A calendar code is 1 to 50 letters, digits, spaces, _ or -',
  calendarNameRequired: 'Please enter the calendar name!',
  calendarExists: (code: string) => `The holiday calendar ${code} already exists`,
  importMissingColumn: (header: string) => `Missing column: ${header}`,
  importNoRows: 'The file has no holiday rows',
  imported: 'Import holidays successfully!',
  created: 'Add holiday successfully!',
  updated: 'Update holiday successfully!',
  deleted: 'Delete holiday successfully!',
  saved: 'Save public holidays successfully!',
  calendarCreated: 'Create holiday calendar successfully!',
  copied: (count: string) => `${count} company days copied to the next year`,
} as const;
const M = HOLIDAYS_MESSAGES;

/** The template's columns (spec 000 §5 Import dialog): headers in English; Vietnamese in HOLIDAYS_IMPORT_COLUMNS_VI. */
export const HOLIDAYS_IMPORT_COLUMNS = {
  date: 'Date (DD/MM/YYYY)',
  nameEn: 'Name (English)',
  nameVi: 'Name (Vietnamese)',
  kind: 'Kind (PUBLIC, COMPENSATORY, COMPANY)',
  note: 'Note',
} as const;
export const HOLIDAYS_IMPORT_COLUMNS_VI = {
  date: 'Ngày (DD/MM/YYYY)',
  nameEn: 'Tên (tiếng Anh)',
  nameVi: 'Tên (tiếng Việt)',
  kind: 'Loại (PUBLIC, COMPENSATORY, COMPANY)',
  note: 'Ghi chú',
} as const;

export type HolidayFields = { date: string; name_en: string; name_vi: string; kind: HolidayKind; note: string | null };

/** The fields of one holiday as both sides check them; the first message of each field. */
export function checkHolidayFields(body: { date?: unknown; name_en?: unknown; name_vi?: unknown; kind?: unknown; note?: unknown }):
  | { ok: true; value: HolidayFields }
  | { ok: false; messages: string[] } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const messages: string[] = [];
  const date = text(body.date);
  if (!date) messages.push(M.dateRequired);
  else if (!isIsoDateText(date)) messages.push(M.invalidDate);
  else if (Number(date.slice(0, 4)) < HOLIDAY_YEAR_MIN || Number(date.slice(0, 4)) > HOLIDAY_YEAR_MAX) messages.push(M.yearInvalid);
  const nameEn = text(body.name_en);
  const nameVi = text(body.name_vi);
  if (!nameEn) messages.push(M.nameEnRequired);
  if (!nameVi) messages.push(M.nameViRequired);
  if (nameEn.length > HOLIDAY_NAME_MAX || nameVi.length > HOLIDAY_NAME_MAX) messages.push(M.nameTooLong);
  const kind = text(body.kind).toUpperCase();
  if (!(HOLIDAY_KINDS as readonly string[]).includes(kind)) messages.push(M.kindInvalid);
  const note = text(body.note);
  if (note.length > HOLIDAY_NOTE_MAX) messages.push(M.noteTooLong);
  if (messages.length > 0) return { ok: false, messages };
  return { ok: true, value: { date, name_en: nameEn, name_vi: nameVi, kind: kind as HolidayKind, note: note || null } };
}

/** A calendar code: what the employee field holds (spec 002 §3: `CMC JAPAN`, `{product}_HOLIDAY`, `VNM_NPH`). */
export const isCalendarCode = (code: string) => /^[A-Za-z0-9_ -]{1,50}$/.test(code) && code.trim() === code;

const yearSchema = z.coerce.number({ error: M.yearInvalid }).int(M.yearInvalid).min(HOLIDAY_YEAR_MIN, M.yearInvalid).max(HOLIDAY_YEAR_MAX, M.yearInvalid);
const calendarCodeSchema = safeText(M.calendarNotFound).max(50, M.calendarNotFound);

export const holidayCalendarRowSchema = z.object({ code: z.string(), name: z.string(), employees: z.number().int(), holidays: z.number().int() });
export type HolidayCalendarRow = z.infer<typeof holidayCalendarRowSchema>;
export const holidayCalendarsResponseSchema = envelope(z.array(holidayCalendarRowSchema));
export const holidayCalendarCreateSchema = z.object({ code: safeText(M.codeRequired).nullish(), name: safeText(M.calendarNameRequired).nullish() });
export type HolidayCalendarCreate = z.infer<typeof holidayCalendarCreateSchema>;
export const holidayCalendarCreateResponseSchema = envelope(holidayCalendarRowSchema);

export const holidayRowSchema = z.object({
  id: z.number().int(),
  calendar_code: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  name_en: z.string(),
  name_vi: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  note: z.string().nullable(),
  version: z.number().int(),
});
export type HolidayRow = z.infer<typeof holidayRowSchema>;

/** The working days of an open payroll period after the change (RULES.md §4), shown beside the answer. */
export const periodWorkingDaysSchema = z.object({ id: z.number().int(), name: z.string(), company_name: z.string(), working_days: z.number().int(), previous: z.number().int() });
export type PeriodWorkingDays = z.infer<typeof periodWorkingDaysSchema>;

export const holidaysQuerySchema = z.object({ calendar_code: calendarCodeSchema, year: yearSchema });
export const holidaysResponseSchema = envelope(
  z.object({ holidays: z.array(holidayRowSchema), lock_date: z.string().nullable(), periods: z.array(periodWorkingDaysSchema) }),
);

/** Loose on purpose: `checkHolidayFields` gives each rule its message. */
const fieldsShape = {
  date: safeText(M.dateRequired).nullish(),
  name_en: safeText(M.nameEnRequired).nullish(),
  name_vi: safeText(M.nameViRequired).nullish(),
  kind: safeText(M.kindInvalid).nullish(),
  note: safeText(M.noteTooLong).nullish(),
};
export const holidayCreateSchema = z.object({ calendar_code: calendarCodeSchema, ...fieldsShape });
export type HolidayCreate = z.infer<typeof holidayCreateSchema>;
export const holidayUpdateSchema = z.object({ ...fieldsShape, version: idSchema('Version is required') });
export type HolidayUpdate = z.infer<typeof holidayUpdateSchema>;
export const holidayIdParamsSchema = z.object({ id: idParamSchema() });
export const holidayDeleteQuerySchema = z.object({ version: idParamSchema('Version is required') });

/** What a change did: the holiday (null when removed) and the open periods whose working days changed. */
export const holidayChangeResponseSchema = envelope(z.object({ holiday: holidayRowSchema.nullable(), periods: z.array(periodWorkingDaysSchema) }));
export type HolidayChange = { holiday: HolidayRow | null; periods: PeriodWorkingDays[] };

export const holidayProposalSchema = z.object({ date: z.string(), name_en: z.string(), name_vi: z.string(), kind: z.enum(HOLIDAY_KINDS), note: z.string().nullable() });
export type HolidayProposal = z.infer<typeof holidayProposalSchema>;
export const holidaysGenerateQuerySchema = z.object({ year: yearSchema });
export const holidaysGenerateResponseSchema = envelope(z.array(holidayProposalSchema));

/** Save a year's public holidays and compensatory days (the reviewed proposal): they replace those of the year; company days stay. */
export const holidaysPublicSaveSchema = z.object({
  calendar_code: calendarCodeSchema,
  year: yearSchema,
  items: z.array(z.object(fieldsShape)).max(100),
});
export type HolidaysPublicSave = z.infer<typeof holidaysPublicSaveSchema>;
export const holidaysBulkResponseSchema = envelope(z.object({ holidays: z.array(holidayRowSchema), periods: z.array(periodWorkingDaysSchema), count: z.number().int() }));
export type HolidaysBulkAnswer = { holidays: HolidayRow[]; periods: PeriodWorkingDays[]; count: number };

export const holidaysCopySchema = z.object({ calendar_code: calendarCodeSchema, year: yearSchema });
export type HolidaysCopy = z.infer<typeof holidaysCopySchema>;

export const holidayHistoryResponseSchema = envelope(z.array(historyEntrySchema));
/** Optional in the schema so the upload's own checks (size, type, zip limits) come first; a missing calendar is 404. */
export const holidaysImportQuerySchema = z.object({ calendar_code: calendarCodeSchema.optional() });
