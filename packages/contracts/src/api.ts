/**
 * Shared API conventions without zod (RULES.md §1), so any web module — the login page included — can import
 * them without pulling the schema library. The zod schemas of the envelope live in schemas.ts.
 */

/** Pages are 1-based, default size 10. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export type PageInfo = { page: number; size: number; total_element: number };
export type Envelope<T> = { code: number; message: string; data: T; page?: PageInfo };
export type ErrorEnvelope = { code: number; message: string; messages?: string[]; data: null; errorMessage?: string };

/** Shared formats (RULES.md §1). */
export const DATE_DMY = 'DD/MM/YYYY';
export const DATE_ISO = 'YYYY-MM-DD';
export const TIME_HM = 'HH:mm';

/** Upload limits (RULES.md §1, spec 000 §5). */
export const MAX_UPLOAD_BYTES = 5_242_880;
/** Attachment extensions (spec 000 §5 Attachments). */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'txt', 'csv', 'mp4', 'jpg', 'jpeg', 'docx', 'xlsx', 'png', 'pptx'] as const;

export const MESSAGES_COMMON = {
  fileTooLarge: 'Maximum allowed file size is 5.0 MB',
  fileRequired: 'File is required',
  fileWrongFormat: 'File is wrong format',
  importFileTooLarge: 'File <= 5MB',
  attachWrongFormat: 'Attach file is wrong format',
  invalidDate: 'Invalid Date!',
  invalidIds: 'Invalid id list',
  invalidId: 'Invalid id',
  invalidText: 'Text must not contain NUL or unpaired surrogate characters',
  malformedMultipart: 'The upload could not be read: the multipart body is malformed',
  unauthorized: 'Unauthorized',
  forbidden: 'You do not have permission to access this resource',
  notFound: 'Not found',
  conflict: 'The record was changed by someone else. Reload and try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  internal: 'Internal server error',
} as const;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A real calendar date written DD/MM/YYYY (31/02/2026 is not). */
export function isDmyDate(text: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return m !== null && isCalendarDate(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** A real calendar date written YYYY-MM-DD (2026-02-31 is not). */
export function isIsoDateText(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Saturday or Sunday of a YYYY-MM-DD date (spec 001 §9: weekends are Saturday and Sunday). */
export function isWeekendIso(iso: string): boolean {
  const wd = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
}

/** The largest id or integer PostgreSQL `integer` columns hold (ids, versions). */
export const MAX_DB_INT = 2_147_483_647;

/** NUL, or a UTF-16 surrogate without its pair. */
const UNSTORABLE_CHAR = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** PostgreSQL text holds neither NUL nor a lone surrogate (not valid UTF-8): such input is refused, never stored. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_CHAR.test(text);
}

/** The text with each NUL or lone surrogate replaced by U+FFFD, as a UTF-8 decoder does (for file contents). */
export function toStorableText(text: string): string {
  return text.replace(new RegExp(UNSTORABLE_CHAR.source, 'g'), '\ufffd');
}
