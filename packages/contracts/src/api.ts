/**
 * Shared API conventions without zod (RULES.md §1), so any web module — the login page included — can import
 * them without pulling the schema library. The zod schemas of the envelope live in schemas.ts.
 */
import type { MessageParams, MessageRef } from './message-format.ts';

/** Pages are 1-based, default size 10. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export type PageInfo = { page: number; size: number; total_element: number };
export type Envelope<T> = { code: number; message: string; data: T; page?: PageInfo };
/**
 * A failure (RULES.md §1). `message` and `messages` are the English texts, verbatim; beside them the stable key and
 * parameters of each (issue 25), so the web shows them in the reader's language without matching English text:
 * `messageKey`/`params` name `message`, `details[i]` names `messages[i]` (null for a text with no key, such as
 * Fastify's own). A login failure's `errorMessage` is its `message`, so `messageKey` names it too.
 */
export type ErrorEnvelope = {
  code: number;
  message: string;
  messages?: string[];
  messageKey?: string;
  params?: MessageParams;
  details?: (MessageRef | null)[];
  data: null;
  errorMessage?: string;
};

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
  bodyTooLarge: 'Request body is too large',
  invalidRequest: 'Invalid request',
  oneFileOnly: 'Only one file is allowed',
  tooManyRows: (max: number) => `The file has more than ${max} rows`,
} as const;

/**
 * The import error report's own texts (RULES.md §1: the uploaded rows plus an Error column), and the default success
 * text of an import. Keyed like every message (importReport.*), so the report can be written in the reader's language.
 */
export const IMPORT_REPORT_MESSAGES = {
  errorColumn: 'Error',
  sheetName: 'Result',
  imported: 'Import successfully',
} as const;

/** What the web says when the server gave no text (no connection, a proxy's error page). */
export const CLIENT_MESSAGES = {
  unreachable: 'Cannot reach the server. Check your connection and try again.',
  requestFailed: (status: number) => `Request failed (${status})`,
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

/** `iso` + `months` calendar months, the day of month clamped to the month's end as dayjs adds months. YYYY-MM-DD. */
export function addMonthsIso(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The last day of a range that starts on `from` and lasts at most `months` months (spec 001 §5.8, §9): the day before
 * the same day `months` months later, clamped as dayjs adds months (2026-01-01, 3 → 2026-03-31; 2026-03-10, 1 →
 * 2026-04-09; 2026-01-31, 1 → 2026-02-27). Both YYYY-MM-DD.
 */
export function lastDayWithinMonths(from: string, months: number): string {
  const next = new Date(`${addMonthsIso(from, months)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
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
