import { ATTENDANCE_CHECK_ID_MAX, PUNCH_SYSTEMS } from '@tms/contracts/punches';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { TIMESHEET_IMPORT_COLUMNS, TIMESHEET_IMPORT_COLUMNS_VI, TIMESHEET_IMPORT_MESSAGES as M } from '@tms/contracts/timesheet-export';
import { addDays, dayjs, toDmy } from '../../lib/dates.ts';
import { cell, missingColumns as missingColumnsOf, templateColumns } from '../../lib/import-cells.ts';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';

/**
 * The timesheet import's file ↔ row rules (spec 001 §5.1, §7.1; RULES.md §1 imports, §4 punches): template
 * columns, cell reading, and the checks of one row that need no database. Pure; the service adds the checks that
 * read the attendance-check configs and compares rows with each other.
 */

const KEYS = ['system', 'account', 'date', 'checkIn', 'checkOut'] as const;
type Key = (typeof KEYS)[number];
const byKey = (headers: readonly string[]) => Object.fromEntries(KEYS.map((k, i) => [k, headers[i]!])) as HeaderTexts<Key>;
/** The template's headers in both languages: the template is written in the requester's, a file read in either. */
export const TIMESHEET_IMPORT_HEADERS: Bilingual<HeaderTexts<Key>> = { en: byKey(TIMESHEET_IMPORT_COLUMNS), vi: byKey(TIMESHEET_IMPORT_COLUMNS_VI) };
const C = TIMESHEET_IMPORT_HEADERS.en;
const MINUTES_PER_DAY = 1440;
/**
 * The file's own way of writing a night's check-out (contracts TIMESHEET_IMPORT_COLUMNS): a Check Out earlier than
 * Check In, or without a Check In before 04:00, is the next morning's; it may also be written 24:00–27:59. Which day
 * the stored punch then belongs to is the day engine's rule (RULES.md §4 midpoint rule), not the file's.
 */
const FILE_NEXT_MORNING_MINUTES = 4 * 60;
export const LATEST_CHECK_OUT_MINUTES = MINUTES_PER_DAY + FILE_NEXT_MORNING_MINUTES - 1;
const LATEST_CHECK_IN_MINUTES = MINUTES_PER_DAY - 1;

export const templateXlsxColumns = (): XlsxColumn[] =>
  templateColumns(TIMESHEET_IMPORT_HEADERS, [
    ['system', 26],
    ['account', 22],
    ['date', 14],
    ['checkIn', 12],
    ['checkOut', 12],
  ]);

/** One example row, dated yesterday so its date rules pass; cells are text in the formats the import reads. */
export function templateExampleRow(today: string): Record<string, CellValue> {
  return { system: PUNCH_SYSTEMS[0], account: '12345', date: toDmy(addDays(today, -1)), checkIn: '08:30', checkOut: '17:30' };
}

/** Template headers the file lacks, as messages. */
export const missingColumns = (headers: readonly string[]): string[] => missingColumnsOf(headers, TIMESHEET_IMPORT_HEADERS, M.missingColumn);

export type RowFields = { system: CellValue; account: CellValue; date: CellValue; checkIn: CellValue; checkOut: CellValue };

export function rowFields(row: ImportRow): RowFields {
  const at = (k: Key): CellValue => cell(row, C[k]) ?? null;
  return { system: at('system'), account: at('account'), date: at('date'), checkIn: at('checkIn'), checkOut: at('checkOut') };
}

/**
 * 'YYYY-MM-DD' of a Date cell: text 'DD/MM/YYYY' or a real Excel date (ExcelJS gives it as a Date at UTC midnight;
 * a date-time keeps its UTC calendar day). null for an empty cell, undefined for anything else.
 */
export function parseDateCell(value: CellValue): string | null | undefined {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' ? parseDmyFast(value) : undefined;
}

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** lib/dates parseDmy's strict DD/MM/YYYY without dayjs, which costs ~50 µs a call: a file has a cell per row. */
function parseDmyFast(text: string): string | undefined {
  const m = DMY.exec(text);
  if (!m) return undefined;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
/** The day ExcelJS puts a time cell (no date) on: 30/12/1899; an [h]:mm value of 24:00 or more falls on the 31st. */
const EXCEL_TIME_DAY = Date.UTC(1899, 11, 30);

/**
 * Minutes after local midnight of the row's date, from text 'HH:mm' (seconds ignored), an Excel time cell (a Date
 * on 30/12/1899, or 31/12/1899 for an [h]:mm value of 24:00 and more; the time of day of any other date-time) or an
 * unformatted fraction of a day. null for an empty cell, undefined when not a time or above `max`.
 */
export function parseClockCell(value: CellValue, max: number): number | null | undefined {
  if (value === null) return null;
  let minutes: number | undefined;
  if (typeof value === 'string') {
    const m = CLOCK.exec(value);
    if (m && Number(m[2]) < 60 && (m[3] === undefined || Number(m[3]) < 60)) minutes = Number(m[1]) * 60 + Number(m[2]);
  } else if (value instanceof Date) {
    const ms = value.getTime();
    const seconds = Math.round((ms - EXCEL_TIME_DAY) / 1000);
    // A time cell holds a fraction of a day; ExcelJS rounds it to the millisecond, so 08:30 may come as 08:29:59.999.
    minutes = seconds >= 0 && seconds < 2 * 86_400 ? Math.floor(seconds / 60) : Math.floor((((Math.round(ms / 1000) % 86_400) + 86_400) % 86_400) / 60);
  } else if (typeof value === 'number' && value >= 0) {
    minutes = Math.floor(Math.round(value * 86_400) / 60);
  }
  return minutes !== undefined && minutes <= max ? minutes : undefined;
}

/**
 * Check Out in minutes after local midnight of the row's date: the next day (+ 24 h) when it is earlier than Check
 * In (a night shift), or when there is no Check In and it is before 04:00 (the end of a night whose check-in is
 * missing). Written 24:00–27:59 it is already the next morning.
 */
export function resolveCheckOut(checkIn: number | null, checkOut: number): number {
  if (checkOut >= MINUTES_PER_DAY) return checkOut;
  if (checkIn !== null ? checkOut < checkIn : checkOut < FILE_NEXT_MORNING_MINUTES) return checkOut + MINUTES_PER_DAY;
  return checkOut;
}

/**
 * Converts local wall times of the company zone to epoch milliseconds (RULES.md §1). The zone's offset is looked up
 * once per local hour, so a file of 10,000 rows costs a few hundred look-ups, not one per cell.
 */
export function localInstants(timeZone: string): (date: string, minutes: number) => number {
  const offsets = new Map<string, number>();
  return (date, minutes) => {
    const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
    const hourKey = new Date(wall).toISOString().slice(0, 13);
    let offset = offsets.get(hourKey);
    if (offset === undefined) {
      offset = dayjs.tz(`${hourKey.slice(0, 10)} ${hourKey.slice(11, 13)}:00`, 'YYYY-MM-DD HH:mm', timeZone).utcOffset();
      offsets.set(hourKey, offset);
    }
    return wall - offset * 60_000;
  };
}

export type RowContext = {
  /** YYYY-MM-DD in the company zone. */
  today: string;
  /** YYYY-MM-DD end of the most recent approved timesheet (RULES.md §4), or null. */
  lockDate: string | null;
  nowMs: number;
  /** Local wall time → epoch ms in the company zone (`localInstants`). */
  instantOf: (date: string, minutes: number) => number;
};

/** An attendance account's day: the key of a row, unique in one file. */
export type AccountDay = { system: string; account: string; date: string };
/** A row that passed every check of `checkRow`: the instants to store (epoch ms), check-out already resolved. */
export type TimesheetLine = AccountDay & { checkInMs: number | null; checkOutMs: number | null };

export type RowCheck = {
  /** Every failing rule, in column order. */
  messages: string[];
  /** Set when system, account and date are readable, so the service can look the account up and find duplicates. */
  key: AccountDay | null;
  /** Set when `messages` is empty. */
  line: TimesheetLine | null;
};

function checkSystem(value: CellValue): { system: string } | { message: string } {
  if (value === null) return { message: M.systemRequired };
  const system = typeof value === 'string' ? value.toUpperCase() : undefined;
  return system !== undefined && (PUNCH_SYSTEMS as readonly string[]).includes(system) ? { system } : { message: M.systemInvalid(PUNCH_SYSTEMS) };
}

function checkAccount(value: CellValue): { account: string } | { message: string } {
  if (value === null) return { message: M.idRequired };
  // A numeric ID typed in Excel arrives as a number; an ID is matched as text, as the devices send it.
  const account = typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  if (account === undefined) return { message: M.idInvalid };
  return account.length > ATTENDANCE_CHECK_ID_MAX ? { message: M.idTooLong(ATTENDANCE_CHECK_ID_MAX) } : { account };
}

/**
 * The rules of one row that need no database, each failing one listed: a known system, an account, a real date after
 * the lock date and not after today (RULES.md §4; company zone), at least one of Check In and Check Out, each a time,
 * not equal, and neither instant in the future.
 */
export function checkRow(fields: RowFields, ctx: RowContext): RowCheck {
  const messages: string[] = [];
  const system = checkSystem(fields.system);
  if ('message' in system) messages.push(system.message);
  const account = checkAccount(fields.account);
  if ('message' in account) messages.push(account.message);

  const date = parseDateCell(fields.date);
  let dateUsable = false;
  if (date === null) messages.push(M.dateRequired);
  else if (date === undefined) messages.push(M.dateInvalid);
  else if (ctx.lockDate !== null && date <= ctx.lockDate) messages.push(M.dateLocked(toDmy(ctx.lockDate)!));
  else if (date > ctx.today) messages.push(M.dateInFuture);
  else dateUsable = true;

  const checkIn = parseClockCell(fields.checkIn, LATEST_CHECK_IN_MINUTES);
  const rawOut = parseClockCell(fields.checkOut, LATEST_CHECK_OUT_MINUTES);
  if (checkIn === undefined) messages.push(M.checkInInvalid);
  if (rawOut === undefined) messages.push(M.checkOutInvalid);
  if (checkIn === null && rawOut === null) messages.push(M.checkTimeRequired);
  const checkOut = rawOut === null || rawOut === undefined ? rawOut : resolveCheckOut(checkIn ?? null, rawOut);
  if (typeof checkIn === 'number' && typeof checkOut === 'number' && checkOut % MINUTES_PER_DAY === checkIn) messages.push(M.checkOutSameAsCheckIn);

  let checkInMs: number | null = null;
  let checkOutMs: number | null = null;
  if (dateUsable && date) {
    if (typeof checkIn === 'number') {
      checkInMs = ctx.instantOf(date, checkIn);
      if (checkInMs > ctx.nowMs) messages.push(M.checkInInFuture);
    }
    if (typeof checkOut === 'number') {
      checkOutMs = ctx.instantOf(date, checkOut);
      if (checkOutMs > ctx.nowMs) messages.push(M.checkOutInFuture);
    }
  }

  const key = 'system' in system && 'account' in account && typeof date === 'string' ? { system: system.system, account: account.account, date } : null;
  const line = messages.length === 0 && key ? { ...key, checkInMs, checkOutMs } : null;
  return { messages, key, line };
}

export const accountDayKey = (k: AccountDay) => `${k.system}\u0000${k.account}\u0000${k.date}`;

/** Rows repeating an earlier row's account and date: row number → the earlier row's number. */
export function duplicateRows(rows: readonly { rowNumber: number; key: AccountDay | null }[]): Map<number, number> {
  const first = new Map<string, number>();
  const out = new Map<number, number>();
  for (const { rowNumber, key } of rows) {
    if (!key) continue;
    const k = accountDayKey(key);
    const seen = first.get(k);
    if (seen === undefined) first.set(k, rowNumber);
    else out.set(rowNumber, seen);
  }
  return out;
}
