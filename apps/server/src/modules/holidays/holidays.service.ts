import {
  HOLIDAYS_MESSAGES as M,
  checkHolidayFields,
  isCalendarCode,
  type HolidayCalendarCreate,
  type HolidayCalendarRow,
  type HolidayChange,
  type HolidayCreate,
  type HolidayFields,
  type HolidayProposal,
  type HolidayRow,
  type HolidaysBulkAnswer,
  type HolidaysCopy,
  type HolidaysPublicSave,
  type HolidayUpdate,
  type PeriodWorkingDays,
} from '@tms/contracts/holidays';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistories, recordHistory, type HistoryEntryDto, type HistoryRecordEntry } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { refreshOvertimeDateTypes } from '../overtime-pay/holiday-date-types.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { openPeriodWorkingDays, recomputeOpenPeriodWorkingDays } from '../payroll-periods/settings.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import * as repo from './holidays.repository.ts';
import { generateVietnamesePublicHolidays } from './vn-public-holidays.ts';

/**
 * Holiday calendars (issue 27 §1; docs/holidays.md): every signed-in user reads them; HR, HRM and Admin change them.
 * Every change, in its transaction: refused (409) when it touches a date on or before the lock date; a history entry
 * per holiday; the employee-days of the calendar's people on the touched dates and the OT requests of those dates
 * queued for recalculation (their day type read again); the open payroll periods' working days computed again.
 */
export type HolidaysDeps = { db: Db; clock: Clock };

const FIELDS = ['calendar_code', 'date', 'name_en', 'name_vi', 'kind', 'note'] as const;
const record = ({ version: _v, id: _i, ...rest }: HolidayRow) => rest;
const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

function checked(body: Parameters<typeof checkHolidayFields>[0]): HolidayFields {
  const result = checkHolidayFields(body);
  if (!result.ok) throw badRequest(result.messages[0]!, result.messages);
  return result.value;
}

async function calendarOf(db: DbOrTx, code: string): Promise<string> {
  const calendar = await repo.findCalendar(db, code);
  if (!calendar) throw notFound(M.calendarNotFound);
  return calendar.code;
}

/** RULES.md §4: nothing on or before the lock date changes (the lock date of every company: a calendar is shared). */
async function refuseLocked(tx: DbOrTx, dates: readonly string[]): Promise<void> {
  const lock = await getLockDate(tx);
  const first = [...dates].sort()[0];
  if (lock !== null && first !== undefined && first <= lock) throw conflict(M.locked(toDmy(first)!, toDmy(lock)!));
}

/** What follows every change of `code` on `dates`, in its transaction (see the header). */
async function afterChange(tx: DbOrTx, code: string, dates: readonly string[], user: SessionUser): Promise<PeriodWorkingDays[]> {
  const unique = [...new Set(dates)].sort();
  const days = await repo.employeeDaysOf(tx, code, unique);
  if (days.length > 0) await queueRecalculation(tx, days, { createdBy: user.userId });
  const requests = await refreshOvertimeDateTypes(tx, code, unique, user);
  if (requests.length > 0) await queueRecalculation(tx, { overtimeRequestIds: requests }, { createdBy: user.userId });
  return recomputeOpenPeriodWorkingDays(tx, code, unique, user);
}

export async function listCalendars({ db }: HolidaysDeps): Promise<HolidayCalendarRow[]> {
  return repo.listCalendars(db);
}

export async function createCalendar({ db }: HolidaysDeps, user: SessionUser, body: HolidayCalendarCreate): Promise<HolidayCalendarRow> {
  const code = body.code?.trim() ?? '';
  const name = body.name?.trim() ?? '';
  if (!code) throw badRequest(M.codeRequired);
  if (!isCalendarCode(code)) throw badRequest(M.codeInvalid);
  if (!name) throw badRequest(M.calendarNameRequired);
  return db.transaction(async (tx) => {
    if (!(await repo.insertCalendar(tx, code, name))) throw conflict(M.calendarExists(code));
    await recordHistory(tx, { tableName: repo.HOLIDAY_CALENDARS_TABLE, recordId: 0, action: 'CREATE', changes: diffFields(null, { code, name }, ['code', 'name']), newRecord: { code, name }, by: user });
    return { code, name, employees: 0, holidays: 0 };
  });
}

export async function listHolidays({ db }: HolidaysDeps, q: { calendar_code: string; year: number }) {
  const code = await calendarOf(db, q.calendar_code);
  const { from, to } = yearRange(q.year);
  return { holidays: await repo.listHolidays(db, code, from, to), lock_date: await getLockDate(db), periods: await openPeriodWorkingDays(db, code, from, to) };
}

export function generate(year: number): HolidayProposal[] {
  return generateVietnamesePublicHolidays(year);
}

export async function createHoliday({ db }: HolidaysDeps, user: SessionUser, body: HolidayCreate): Promise<HolidayChange> {
  const fields = checked(body);
  return db.transaction(async (tx) => {
    const code = await calendarOf(tx, body.calendar_code);
    await repo.lockCalendar(tx, code);
    await refuseLocked(tx, [fields.date]);
    if ((await repo.findHolidaysOn(tx, code, [fields.date])).length > 0) throw badRequest(M.duplicate(toDmy(fields.date)!));
    const [created] = await repo.insertHolidays(tx, code, [fields]);
    await recordHistory(tx, { tableName: repo.HOLIDAYS_TABLE, recordId: created!.id, action: 'CREATE', changes: diffFields(null, record(created!), FIELDS), newRecord: record(created!), by: user });
    return { holiday: created!, periods: await afterChange(tx, code, [fields.date], user) };
  });
}

export async function updateHoliday({ db }: HolidaysDeps, user: SessionUser, id: number, body: HolidayUpdate): Promise<HolidayChange> {
  const fields = checked(body);
  return db.transaction(async (tx) => {
    const before = await repo.findHoliday(tx, id);
    if (!before) throw notFound(M.notFound);
    await repo.lockCalendar(tx, before.calendar_code);
    await refuseLocked(tx, [before.date, fields.date]);
    if (fields.date !== before.date && (await repo.findHolidaysOn(tx, before.calendar_code, [fields.date])).length > 0) throw badRequest(M.duplicate(toDmy(fields.date)!));
    const after = await repo.updateHoliday(tx, id, body.version, fields);
    if (!after) throw conflict();
    await recordHistory(tx, { tableName: repo.HOLIDAYS_TABLE, recordId: id, action: 'UPDATE', changes: diffFields(record(before), record(after), FIELDS), newRecord: record(after), by: user });
    return { holiday: after, periods: await afterChange(tx, before.calendar_code, [before.date, fields.date], user) };
  });
}

export async function removeHoliday({ db }: HolidaysDeps, user: SessionUser, id: number, version: number): Promise<HolidayChange> {
  return db.transaction(async (tx) => {
    const before = await repo.findHoliday(tx, id);
    if (!before) throw notFound(M.notFound);
    await repo.lockCalendar(tx, before.calendar_code);
    await refuseLocked(tx, [before.date]);
    if (!(await repo.deleteHoliday(tx, id, version))) throw conflict();
    await recordHistory(tx, { tableName: repo.HOLIDAYS_TABLE, recordId: id, action: 'DELETE', changes: diffFields(record(before), {}, FIELDS), newRecord: null, by: user });
    return { holiday: null, periods: await afterChange(tx, before.calendar_code, [before.date], user) };
  });
}

export async function holidayHistory({ db, clock }: HolidaysDeps, id: number): Promise<HistoryEntryDto[]> {
  return listHistory(db, repo.HOLIDAYS_TABLE, id, clock.timeZone);
}

/** Items of one year, each checked, no date twice: the first message of the first failing item. */
function checkedItems(items: readonly Parameters<typeof checkHolidayFields>[0][], year: number): HolidayFields[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const f = checked(item);
    if (!f.date.startsWith(`${year}-`)) throw badRequest(M.notInYear(toDmy(f.date)!, String(year)));
    if (seen.has(f.date)) throw badRequest(M.duplicateInList(toDmy(f.date)!));
    seen.add(f.date);
    return f;
  });
}

/**
 * Writes `wanted` over `current` (the rows of the same dates or kinds the write replaces): a row of an unchanged date
 * and fields stays, a changed one is updated, a missing one removed, a new one added; history for each. Returns the
 * touched dates.
 */
async function replaceRows(tx: DbOrTx, code: string, current: readonly HolidayRow[], wanted: readonly HolidayFields[], user: SessionUser): Promise<string[]> {
  const byDate = new Map(current.map((h) => [h.date, h]));
  const wantedDates = new Set(wanted.map((w) => w.date));
  const removed = current.filter((h) => !wantedDates.has(h.date));
  const same = (h: HolidayRow, w: HolidayFields) => h.name_en === w.name_en && h.name_vi === w.name_vi && h.kind === w.kind && h.note === w.note;
  const updated = wanted.filter((w) => byDate.has(w.date) && !same(byDate.get(w.date)!, w));
  const added = wanted.filter((w) => !byDate.has(w.date));
  const touched = [...removed.map((h) => h.date), ...updated.map((w) => w.date), ...added.map((w) => w.date)];
  await refuseLocked(tx, touched);
  await repo.deleteHolidays(tx, removed.map((h) => h.id));
  const entries: HistoryRecordEntry[] = removed.map((h) => ({ tableName: repo.HOLIDAYS_TABLE, recordId: h.id, action: 'DELETE' as const, changes: diffFields(record(h), {}, FIELDS), newRecord: null }));
  for (const w of updated) {
    const h = byDate.get(w.date)!;
    const after = (await repo.updateHoliday(tx, h.id, h.version, w))!;
    entries.push({ tableName: repo.HOLIDAYS_TABLE, recordId: h.id, action: 'UPDATE', changes: diffFields(record(h), record(after), FIELDS), newRecord: record(after) });
  }
  for (const h of await repo.insertHolidays(tx, code, added)) {
    entries.push({ tableName: repo.HOLIDAYS_TABLE, recordId: h.id, action: 'CREATE', changes: diffFields(null, record(h), FIELDS), newRecord: record(h) });
  }
  await recordHistories(tx, entries, user);
  return touched;
}

/**
 * Saves a year's reviewed public holidays and compensatory days: they replace those of the year (company days stay;
 * a company day on a date of the list becomes the listed day).
 */
export async function savePublicHolidays({ db }: HolidaysDeps, user: SessionUser, body: HolidaysPublicSave): Promise<HolidaysBulkAnswer> {
  const wanted = checkedItems(body.items, body.year);
  return db.transaction(async (tx) => {
    const code = await calendarOf(tx, body.calendar_code);
    await repo.lockCalendar(tx, code);
    const { from, to } = yearRange(body.year);
    const wantedDates = new Set(wanted.map((w) => w.date));
    const current = (await repo.listHolidays(tx, code, from, to)).filter((h) => h.kind !== 'COMPANY' || wantedDates.has(h.date));
    const touched = await replaceRows(tx, code, current, wanted, user);
    const periods = await afterChange(tx, code, touched, user);
    return { holidays: await repo.listHolidays(tx, code, from, to), periods, count: touched.length };
  });
}

/** The same day a year later (29 February becomes 28 February). */
const nextYearOf = (date: string) => {
  const year = Number(date.slice(0, 4)) + 1;
  const md = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${md}`;
};

/** Copies the company days of a year to the same dates of the next; a date the next year already has is left alone. */
export async function copyCompanyDays({ db }: HolidaysDeps, user: SessionUser, body: HolidaysCopy): Promise<HolidaysBulkAnswer> {
  return db.transaction(async (tx) => {
    const code = await calendarOf(tx, body.calendar_code);
    await repo.lockCalendar(tx, code);
    const { from, to } = yearRange(body.year);
    const company = (await repo.listHolidays(tx, code, from, to)).filter((h) => h.kind === 'COMPANY');
    const next = yearRange(body.year + 1);
    const taken = new Set((await repo.listHolidays(tx, code, next.from, next.to)).map((h) => h.date));
    const copies = company
      .map((h) => ({ date: nextYearOf(h.date), name_en: h.name_en, name_vi: h.name_vi, kind: h.kind, note: h.note }))
      .filter((c, i, all) => !taken.has(c.date) && all.findIndex((o) => o.date === c.date) === i);
    await refuseLocked(tx, copies.map((c) => c.date));
    const created = await repo.insertHolidays(tx, code, copies);
    await recordHistories(
      tx,
      created.map((h) => ({ tableName: repo.HOLIDAYS_TABLE, recordId: h.id, action: 'CREATE' as const, changes: diffFields(null, record(h), FIELDS), newRecord: record(h) })),
      user,
    );
    const periods = await afterChange(tx, code, created.map((h) => h.date), user);
    return { holidays: await repo.listHolidays(tx, code, next.from, next.to), periods, count: created.length };
  });
}

export { replaceRows, calendarOf, afterChange };
