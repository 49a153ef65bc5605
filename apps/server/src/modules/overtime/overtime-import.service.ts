/**
 * Import Overtime (spec 001 §2.4, §6, §7.3; RULES.md §1 all or nothing): each row records approved fixed OT one staff
 * member worked. Rows are read and checked first (every problem named in the error report); the good file is then
 * grouped by (project, date, window, type, title) into FIXED requests with `source = 'IMPORT'`, staff rows approved
 * (3) by the importer, one history entry each, in one transaction. `type=overwrite` replaces the IMPORT requests of
 * the same staff whose windows overlap; overlapping OT filed in the app refuses the row. The pay core recomputes
 * after the commit.
 */
import { isWeekendIso } from '@tms/contracts/api';
import { addDays, parseDmy, toDmy } from '../../lib/dates.ts';
import { FIXED_OT_TYPES, OVERTIME_MESSAGES, OVERTIME_TEXT_MAX, OVERTIME_TITLE_MAX } from '@tms/contracts/overtime';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { OVERTIME_IMPORT_COLUMNS as C, OVERTIME_IMPORT_COLUMNS_VI, OVERTIME_LIST_MESSAGES as M } from '@tms/contracts/overtime-list';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordHistories, type HistoryRecordEntry } from '../../lib/history.ts';
import { cell, dateCell, importInputs, missingColumns, optionalTextCell, templateColumns, textCell } from '../../lib/import-cells.ts';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { dayTypesOf } from '../overtime-pay/day-type.repository.ts';
import { importWarnings } from '../overtime-pay/ot-limits.service.ts';
import type { OtUsage } from '@tms/contracts/overtime-limits';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import * as repo from './overtime-import.repository.ts';
import { overlappingOvertime } from './overtime-window.repository.ts';
import { queueOvertimeCreated } from './overtime-webhook-events.ts';

/** The template's headers in both languages: the file is written in the requester's, read in either. */
export const OVERTIME_IMPORT_HEADERS: Bilingual<HeaderTexts<keyof typeof C>> = { en: C, vi: OVERTIME_IMPORT_COLUMNS_VI };

export const overtimeImportTemplate = (): XlsxColumn[] => templateColumns(OVERTIME_IMPORT_HEADERS, [
  ['username', 18],
  ['projectCode', 16],
  ['otDate', 12],
  ['start', 8],
  ['end', 8],
  ['otType', 16],
  ['title', 36],
  ['description', 40],
]);

/** The example row: the next weekday after today, 18:00–21:00 at the office. */
export function overtimeImportExample(today: string): Record<string, CellValue>[] {
  let d = addDays(today, 1);
  while (isWeekendIso(d)) d = addDays(d, 1);
  return [{ username: 'jane.doe', projectCode: 'PRJ01', otDate: toDmy(d), start: '18:00', end: '21:00', otType: 'OT_AT_OFFICE', title: 'Release night', description: 'Go-live support' }];
}

type Errors = Map<number, string[]>;
export type OvertimeImportOutcome = { count: number; limits: OtUsage[] } | { errors: Errors };
const addError = (errors: Errors, row: number, message: string) => errors.set(row, [...(errors.get(row) ?? []), message]);

/** A time cell: 'HH:mm' text, an Excel time (a Date on 1899-12-30 in UTC) or a day fraction. */
export function readTime(value: CellValue | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(11, 16);
  if (typeof value === 'number') {
    if (!(value >= 0 && value < 1)) return undefined;
    const minutes = Math.round(value * 24 * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(String(value).trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}

type Input = {
  rowNumber: number;
  username: string;
  projectCode: string;
  date: unknown;
  start: CellValue | undefined;
  end: CellValue | undefined;
  otType: string;
  title: string;
  description: string | null;
};

type Good = { rowNumber: number; employeeId: number; projectId: number; otDate: string; start: string; end: string; otType: string; title: string; description: string | null };

export type OvertimeImportDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };
type Upload = { headers: string[]; rows: ImportRow[] };
/** What the rows are checked against: staff and projects by lower-cased key, each company's lock date. */
type Lookups = { employee: Map<string, repo.ImportEmployee>; project: Map<string, repo.ImportProject>; lockOf: Map<number | null, string | null> };

export async function importOvertime(deps: OvertimeImportDeps, user: SessionUser, upload: Upload, opts: { overwrite: boolean }): Promise<OvertimeImportOutcome> {
  const inputs = readInputs(upload);
  const errors: Errors = new Map();
  const lookups = await lookupsOf(deps.db, inputs);
  const good: Good[] = [];
  for (const r of inputs) {
    const g = checkRow(r, lookups, errors);
    if (g) good.push(g);
  }
  markFileOverlaps(good, errors);
  const replace = await markStoredOverlaps(deps, good, errors, opts.overwrite);
  for (const [k, v] of errors) errors.set(k, [...new Set(v)]);
  if (errors.size > 0) return { errors };
  const limits = await writeImport(deps, user, good, replace);
  return { count: good.length, limits };
}

function readInputs(upload: Upload): Input[] {
  return importInputs(upload, {
    missingColumns: (headers) => missingColumns(headers, OVERTIME_IMPORT_HEADERS, M.importMissingColumn),
    noRowsMessage: M.importNoRows,
    read: (r) => ({
      username: textCell(cell(r, C.username)),
      projectCode: textCell(cell(r, C.projectCode)),
      date: dateCell(cell(r, C.otDate)),
      start: cell(r, C.start),
      end: cell(r, C.end),
      otType: textCell(cell(r, C.otType)),
      title: textCell(cell(r, C.title)),
      description: optionalTextCell(cell(r, C.description)),
    }),
  });
}

async function lookupsOf(db: Db, inputs: readonly Input[]): Promise<Lookups> {
  const [employees, projects] = await Promise.all([
    repo.employeesByUsernames(db, [...new Set(inputs.map((r) => r.username).filter(Boolean))]),
    repo.projectsByCodes(db, [...new Set(inputs.map((r) => r.projectCode).filter(Boolean))]),
  ]);
  const lockOf = new Map<number | null, string | null>();
  for (const companyId of new Set(employees.map((e) => e.company_id))) lockOf.set(companyId, await getLockDate(db, companyId));
  return {
    employee: new Map(employees.map((e) => [e.user_name.toLowerCase(), e])),
    project: new Map(projects.map((p) => [p.project_code.toLowerCase(), p])),
    lockOf,
  };
}

/** One row's problems into `errors`; the row ready to write when it has none. */
function checkRow(r: Input, { employee, project, lockOf }: Lookups, errors: Errors): Good | null {
  const n = r.rowNumber;
  const before = errors.size;
  const e = r.username ? employee.get(r.username.toLowerCase()) : undefined;
  if (!r.username) addError(errors, n, M.importUsernameRequired);
  else if (!e) addError(errors, n, M.importUsernameUnknown(r.username));
  const p = r.projectCode ? project.get(r.projectCode.toLowerCase()) : undefined;
  if (!r.projectCode) addError(errors, n, M.importProjectRequired);
  else if (!p) addError(errors, n, M.importProjectUnknown(r.projectCode));
  const date = typeof r.date === 'string' && r.date ? parseDmy(r.date) : undefined;
  if (r.date === null || r.date === undefined || r.date === '') addError(errors, n, M.importDateRequired);
  else if (!date) addError(errors, n, M.importDateInvalid);
  else if (e && (lockOf.get(e.company_id) ?? null) !== null && date <= lockOf.get(e.company_id)!) addError(errors, n, OVERTIME_MESSAGES.dateLocked);
  const start = readTime(r.start);
  const end = readTime(r.end);
  if (r.start === null || r.start === undefined || r.start === '') addError(errors, n, OVERTIME_MESSAGES.startRequired);
  else if (!start) addError(errors, n, M.importTimeInvalid(C.start));
  if (r.end === null || r.end === undefined || r.end === '') addError(errors, n, OVERTIME_MESSAGES.endRequired);
  else if (!end) addError(errors, n, M.importTimeInvalid(C.end));
  if (start && end && start === end) addError(errors, n, OVERTIME_MESSAGES.endAfterStart);
  if (!r.otType) addError(errors, n, OVERTIME_MESSAGES.typeRequired);
  else if (!FIXED_OT_TYPES.some((t) => t.value === r.otType)) addError(errors, n, M.importTypeInvalid);
  if (!r.title) addError(errors, n, OVERTIME_MESSAGES.titleRequired);
  else if (r.title.length > OVERTIME_TITLE_MAX) addError(errors, n, OVERTIME_MESSAGES.titleTooLong);
  if (r.description && r.description.length > OVERTIME_TEXT_MAX) addError(errors, n, OVERTIME_MESSAGES.descriptionTooLong);
  if (errors.size !== before || !e || !p || !date || !start || !end) return null;
  const endDate = end <= start ? addDays(date, 1) : date;
  return { rowNumber: n, employeeId: e.id, projectId: p.id, otDate: date, start: `${date} ${start}`, end: `${endDate} ${end}`, otType: r.otType, title: r.title, description: r.description };
}

/** Overlaps inside the file (same staff). */
function markFileOverlaps(good: readonly Good[], errors: Errors) {
  const byEmployee = new Map<number, Good[]>();
  for (const g of good) byEmployee.set(g.employeeId, [...(byEmployee.get(g.employeeId) ?? []), g]);
  for (const list of byEmployee.values()) {
    const sorted = [...list].sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.start < sorted[i - 1]!.end) {
        addError(errors, sorted[i - 1]!.rowNumber, M.importOverlapsFile);
        addError(errors, sorted[i]!.rowNumber, M.importOverlapsFile);
      }
    }
  }
}

/** Overlaps against what is stored: app-filed OT refuses the row, imported OT too unless overwriting. Answers the staff rows to replace. */
async function markStoredOverlaps(deps: OvertimeImportDeps, good: readonly Good[], errors: Errors, overwrite: boolean): Promise<Set<number>> {
  const stored = await overlappingOvertime(deps.db, good.map((g) => ({ key: g.rowNumber, employeeId: g.employeeId, start: g.start, end: g.end })), { localTimeZone: deps.clock.timeZone });
  const replace = new Set<number>();
  for (const o of stored) {
    if (o.source === 'FORM') addError(errors, o.key, M.importOverlapsForm);
    else if (!overwrite) addError(errors, o.key, M.importOverlapsImport);
    else replace.add(o.staff_id);
  }
  return replace;
}

/** The good file grouped into requests, written in one transaction with a history entry each. */
async function writeImport(deps: OvertimeImportDeps, user: SessionUser, good: readonly Good[], replace: Set<number>): Promise<OtUsage[]> {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const groups = new Map<string, Good[]>();
  for (const g of good) {
    const key = JSON.stringify([g.projectId, g.otDate, g.start, g.end, g.otType, g.title]);
    groups.set(key, [...(groups.get(key) ?? []), g]);
  }
  const list = [...groups.values()];
  const dayTypes = await dayTypesOf(db, list.map((g) => ({ employeeId: g[0]!.employeeId, date: g[0]!.otDate })));
  const now = clock.now();
  await db.transaction(async (tx) => {
    const removed = await repo.removeImportedStaff(tx, [...replace]);
    const ids = await repo.insertRequests(
      tx,
      list.map((g, i) => ({ title: g[0]!.title, projectId: g[0]!.projectId, otDate: g[0]!.otDate, start: g[0]!.start, end: g[0]!.end, otType: g[0]!.otType, dateType: dayTypes[i]!.dateType, description: g[0]!.description })),
      user.userId,
      tz,
    );
    await repo.insertApprovedStaff(tx, list.flatMap((g, i) => g.map((r) => ({ requestId: ids[i]!, employeeId: r.employeeId }))), user.userId, now);
    const entries: HistoryRecordEntry[] = list.map((g, i) => ({
      tableName: OVERTIME_TABLE,
      recordId: ids[i]!,
      employeeId: user.employeeId,
      action: 'CREATE',
      changes: [{ field: 'staff', oldValue: null, newValue: g.map((r) => ({ employee_id: r.employeeId, status: 3 })) }],
      newRecord: { kind: 'FIXED', source: 'IMPORT', title: g[0]!.title, project_id: g[0]!.projectId, ot_date: g[0]!.otDate, start_time: `${g[0]!.start}:00`, end_time: `${g[0]!.end}:00`, ot_type: g[0]!.otType, description: g[0]!.description },
    }));
    for (const id of removed.deleted) entries.push({ tableName: OVERTIME_TABLE, recordId: id, employeeId: user.employeeId, action: 'DELETE', changes: [], newRecord: { reason: 'Replaced by Import Overtime (overwrite)' } });
    for (const id of removed.kept) entries.push({ tableName: OVERTIME_TABLE, recordId: id, employeeId: user.employeeId, action: 'UPDATE', changes: [{ field: 'staff', oldValue: 'overwritten staff', newValue: 'removed by Import Overtime (overwrite)' }], newRecord: null });
    await recordHistories(tx, entries, user);
    await queueRecalculation(tx, { overtimeRequestIds: [...ids, ...removed.kept] }, { createdBy: user.userId });
    await queueOvertimeCreated(tx, clock, 'FIXED', ids);
  });
  // Issue 27 §2: imported hours over a limit are kept (approved already) and named as a warning.
  return importWarnings(db, list.map((g, i) => ({ employeeIds: g.map((r) => r.employeeId), otDate: g[0]!.otDate, dateType: dayTypes[i]!.dateType })), now);
}
