import {
  BONUS_LEAVE_MESSAGES as M,
  BONUS_LEAVE_WRITERS,
  type BonusLeaveCreate,
  type BonusLeaveListQuery,
  type BonusLeaveRow,
  type BonusLeaveUpdate,
} from '@tms/contracts/bonus-leave';
import { hasAnyRole } from '@tms/contracts/roles';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { diffFields, recordHistories, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { importInputs } from '../../lib/import-cells.ts';
import type { ImportRow } from '../../lib/xlsx.ts';
import * as grantRows from '../leave/grant-rows.repository.ts';
import { fundRowHistory, grantBalance, listGrantPage, listHours, removeGrant } from '../leave/grant-rows.ts';
import * as leave from '../leave/leave.service.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import { checkGrant, checkStaff, normalizeUsernames, rowActions, type Grant, type GrantContext } from './bonus-leave.validation.ts';
import { importRowToInput, missingColumns, templateExampleRow } from './bonus-leave.import.ts';

/** Fields whose changes a history entry lists (RULES.md §8). */
const HISTORY_FIELDS = ['leaveHour', 'applyDate', 'expireDate', 'description'] as const;

type Snapshot = { id: number; employeeId: number; username: string; version: number } & Grant;
type StaffGrant = Grant & { employeeId: number; username: string };

/** What history stores of a row: the form's values as the user sees them (DD/MM/YYYY dates). */
const historyRecord = (s: Snapshot) => ({
  id: s.id,
  employeeId: s.employeeId,
  username: s.username,
  leaveHour: s.leaveHour,
  applyDate: toDmy(s.applyDate),
  expireDate: toDmy(s.expireDate),
  description: s.description,
  version: s.version,
});

/** The sort of the contract → the leave core's sort column. */
const SORT = { createdDate: 'createdDate', applyDate: 'applyDate', expireDate: 'expireDate', leaveHour: 'amount', name: 'name' } as const;
const TABLE = grantRows.GRANT_ROWS_TABLE;
const FUND = FUND_TYPE.prioritize;

const snapshotOf = (r: grantRows.GrantRecord): Snapshot => ({
  id: r.id,
  employeeId: r.employee_id,
  username: r.user_name,
  version: r.version,
  leaveHour: Number(r.amount),
  applyDate: r.apply_date,
  expireDate: r.expire_date,
  description: r.description,
});

export type BonusLeaveDeps = { db: Db; clock: Clock };

const scopeOf = grantRows.grantRowScope;
const findRow = (tx: DbOrTx, id: number, opts: { scope: ReturnType<typeof scopeOf>; includeDeleted?: boolean; forUpdate?: boolean }) =>
  grantRows.findGrantRow(tx, id, { fundType: FUND, ...opts });
const grantContext = async (tx: DbOrTx, clock: Clock): Promise<GrantContext> => ({ today: clock.today(), lockDate: await getLockDate(tx) });

/** Inserts the rows, their GRANT ledger entries and CREATE history entries: three statements for any number of rows. */
async function grantAll(tx: DbOrTx, grants: StaffGrant[], user: SessionUser): Promise<number[]> {
  const rows = await leave.grantFundRows(
    tx,
    grants.map((g) => ({ employeeId: g.employeeId, fundType: FUND, hours: g.leaveHour, applyDate: g.applyDate, expireDate: g.expireDate, description: g.description })),
    user.userId,
  );
  const usernames = new Map(grants.map((g) => [g.employeeId, g.username]));
  const entries = rows.map((r) => {
    const record = historyRecord({ ...r, leaveHour: Number(r.amount), username: usernames.get(r.employeeId)! });
    return { tableName: TABLE, recordId: r.id, employeeId: r.employeeId, action: 'CREATE' as const, changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record };
  });
  await recordHistories(tx, entries, user);
  return rows.map((r) => r.id);
}

export async function listBonusLeave({ db, clock }: BonusLeaveDeps, user: SessionUser, q: BonusLeaveListQuery): Promise<{ data: BonusLeaveRow[]; page: PageInfo }> {
  const { items, lockDate, page } = await listGrantPage(db, { fundType: FUND, user, query: q, sort: SORT[q.sort], today: clock.today() });
  const mayWrite = hasAnyRole(user.roles, BONUS_LEAVE_WRITERS);
  const data = items.map(({ row: r, balance, base }): BonusLeaveRow => ({
    ...base,
    employee: {
      name: r.name,
      user_name: r.user_name,
      role: r.role ?? '',
      department_name: { name: r.department_name },
      division_name: { name: r.division_name },
    },
    leaveHour: listHours(r.amount),
    ...rowActions({ balance, applyDate: r.apply_date }, { lockDate, mayWrite }),
  }));
  return { data, page };
}

/** One row per staff (duplicates collapsed), all or none (spec 000 §7 create). */
export async function createBonusLeave({ db, clock }: BonusLeaveDeps, user: SessionUser, body: BonusLeaveCreate): Promise<number[]> {
  const usernames = normalizeUsernames(body.usernames);
  return db.transaction(async (tx) => {
    const ctx = await grantContext(tx, clock);
    const employees = await grantRows.findEmployeesByUsernames(tx, usernames);
    const checked = checkGrant(body, ctx);
    const messages = [...checkStaff(usernames, new Set(employees.keys())), ...(checked.ok ? [] : checked.messages)];
    if (!checked.ok || messages.length > 0) throw badRequest(messages[0]!, messages);
    const grants = usernames.map((u) => {
      const employee = employees.get(u.toLowerCase())!;
      return { ...checked.value, employeeId: employee.id, username: employee.userName };
    });
    return grantAll(tx, grants, user);
  });
}

/** The staff of a row never changes; a stale version is refused (RULES.md §1), an expired row no longer edits (spec 000 §4). */
export async function updateBonusLeave({ db, clock }: BonusLeaveDeps, user: SessionUser, body: BonusLeaveUpdate): Promise<{ id: number; version: number }> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, body.id, { scope: scopeOf(user), forUpdate: true });
    if (!row) throw notFound(M.notFound);
    if (row.version !== body.version) throw conflict();
    const ctx = await grantContext(tx, clock);
    if (grantBalance(row, ctx.today).isExpired) throw conflict(M.expired);
    const before = snapshotOf(row);
    const checked = checkGrant(body, { ...ctx, current: { applyDate: before.applyDate, leaveHour: before.leaveHour, usedHours: Number(row.used) } });
    if (!checked.ok) throw badRequest(checked.messages[0]!, checked.messages);

    const changes = diffFields(historyRecord(before), historyRecord({ ...before, ...checked.value }), HISTORY_FIELDS);
    if (changes.length === 0) return { id: row.id, version: row.version };
    const { leaveHour, applyDate, expireDate, description } = checked.value;
    // The leave core writes the change of hours or apply date as ADJUST entries (RULES.md §7).
    const adjusted = await leave.adjustFundRow(tx, { fundRowId: row.id, version: body.version, hours: leaveHour, applyDate, expireDate, description }, user.userId);
    if (!adjusted.ok) throw conflict();
    const after: Snapshot = { ...before, ...checked.value, version: adjusted.version };
    await recordHistory(tx, {
      tableName: TABLE,
      recordId: row.id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes,
      newRecord: historyRecord(after),
      by: user,
    });
    return { id: row.id, version: adjusted.version };
  });
}

/** Removal keeps the row for its ledger and history; only an unused, unexpired, unlocked grant goes (spec 000 §4). */
export async function removeBonusLeave({ db, clock }: BonusLeaveDeps, user: SessionUser, id: number, version: number | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findRow(tx, id, { scope: scopeOf(user), forUpdate: true });
    if (!row) throw notFound(M.notFound);
    const ctx = await grantContext(tx, clock);
    const balance = grantBalance(row, ctx.today);
    await removeGrant(tx, {
      row,
      version,
      state: { isExpired: balance.isExpired, used: balance.usedHours },
      lockDate: ctx.lockDate,
      messages: M,
      user,
      record: (newVersion) => historyRecord({ ...snapshotOf(row), version: newVersion }),
    });
  });
}

/** History of a row in the caller's scope, removed rows included (RULES.md §3: outside the scope is 404). */
export async function bonusLeaveHistory({ db, clock }: BonusLeaveDeps, user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
  return fundRowHistory(db, await findRow(db, id, { scope: scopeOf(user), includeDeleted: true }), M.notFound, clock.timeZone);
}

/**
 * All or nothing (RULES.md §1): every row is checked with the form's rules; with any error nothing is written and
 * the errors per sheet row come back for the error report.
 */
export async function importBonusLeave({ db, clock }: BonusLeaveDeps, user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }> {
  // readImportUpload has refused more than BONUS_LEAVE_IMPORT_MAX_ROWS rows.
  const inputs = importInputs(upload, { missingColumns, noRowsMessage: M.importNoRows, read: importRowToInput });
  return db.transaction(async (tx) => {
    const ctx = await grantContext(tx, clock);
    const employees = await grantRows.findEmployeesByUsernames(tx, inputs.map((i) => i.username).filter(Boolean));
    const known = new Set(employees.keys());
    const errors = new Map<number, string[]>();
    const grants: StaffGrant[] = [];
    for (const input of inputs) {
      const checked = checkGrant(input.fields, ctx);
      const messages = [...checkStaff(input.username ? [input.username] : [], known), ...(checked.ok ? [] : checked.messages)];
      if (!checked.ok || messages.length > 0) {
        errors.set(input.rowNumber, messages);
        continue;
      }
      const employee = employees.get(input.username.toLowerCase())!;
      grants.push({ ...checked.value, employeeId: employee.id, username: employee.userName });
    }
    if (errors.size > 0) return { errors };
    return { count: (await grantAll(tx, grants, user)).length };
  });
}

/** The import template's example row (spec 000 §2 Download Template). */
export const bonusLeaveTemplateRows = (clock: Clock) => [templateExampleRow(clock.today())];
