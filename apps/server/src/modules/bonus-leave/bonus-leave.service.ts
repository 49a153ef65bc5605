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
import { parseDmy, toDmy } from '../../lib/dates.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { diffFields, listHistory, recordHistories, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import type { ImportRow } from '../../lib/xlsx.ts';
import * as repo from './bonus-leave.repository.ts';
import * as leave from '../leave/leave.service.ts';
import { fundRowBalance } from '../leave/allocation.ts';
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

const balanceOfRecord = (r: repo.BonusLeaveRecord, today: string) =>
  fundRowBalance({ granted: Number(r.granted), used: Number(r.used), expireDate: r.expire_date }, today);

const snapshotOf = (r: repo.BonusLeaveRecord): Snapshot => ({
  id: r.id,
  employeeId: r.employee_id,
  username: r.user_name,
  version: r.version,
  leaveHour: Number(r.amount),
  applyDate: r.apply_date,
  expireDate: r.expire_date,
  description: r.description,
});

export function bonusLeaveService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const { timeZone } = clock;
  const scopeOf = repo.scopeOf;
  const grantContext = async (tx: DbOrTx): Promise<GrantContext> => ({ today: clock.today(), lockDate: await getLockDate(tx) });

  /** Inserts the rows, their GRANT ledger entries and CREATE history entries: three statements for any number of rows. */
  async function grantAll(tx: DbOrTx, grants: StaffGrant[], user: SessionUser): Promise<number[]> {
    const rows = await leave.grantFundRows(
      tx,
      grants.map((g) => ({ employeeId: g.employeeId, fundType: FUND_TYPE.prioritize, hours: g.leaveHour, applyDate: g.applyDate, expireDate: g.expireDate, description: g.description })),
      user.userId,
    );
    const usernames = new Map(grants.map((g) => [g.employeeId, g.username]));
    const entries = rows.map((r) => {
      const record = historyRecord({ ...r, leaveHour: Number(r.amount), username: usernames.get(r.employeeId)! });
      return { tableName: repo.BONUS_LEAVE_TABLE, recordId: r.id, employeeId: r.employeeId, action: 'CREATE' as const, changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record };
    });
    await recordHistories(tx, entries, user);
    return rows.map((r) => r.id);
  }

  async function list(user: SessionUser, q: BonusLeaveListQuery): Promise<{ data: BonusLeaveRow[]; page: PageInfo }> {
    const filter: repo.BonusLeaveFilter = {
      employeeIds: q.employee,
      divisionIds: q.division,
      departmentIds: q.department,
      applyFrom: parseDmy(q.applyFromDate),
      applyTo: parseDmy(q.applyToDate),
      expireFrom: parseDmy(q.expireFromDate),
      expireTo: parseDmy(q.expireToDate),
    };
    const scope = scopeOf(user);
    const [rows, total, lockDate] = await Promise.all([
      repo.listPage(db, { filter, scope, sort: q.sort, direction: q.direction, limit: q.size, offset: (q.page - 1) * q.size }),
      repo.countRows(db, { filter, scope }),
      getLockDate(db),
    ]);
    const today = clock.today();
    const mayWrite = hasAnyRole(user.roles, BONUS_LEAVE_WRITERS);
    const data = rows.map((r): BonusLeaveRow => {
      const balance = fundRowBalance({ granted: Number(r.granted), used: Number(r.used), expireDate: r.expire_date }, today);
      return {
        id: r.id,
        employeeId: r.employee_id,
        employee: {
          name: r.name,
          user_name: r.user_name,
          role: r.role ?? '',
          department_name: { name: r.department_name },
          division_name: { name: r.division_name },
        },
        leaveHour: Math.round(Number(r.amount) * 100) / 100,
        usedHours: balance.usedHours,
        remainHours: balance.remainHours,
        expiredHours: balance.expiredHours,
        description: r.description,
        applyDate: toDmy(r.apply_date)!,
        expireDate: toDmy(r.expire_date)!,
        createdBy: r.created_by_name ? { name: r.created_by_name, departmentName: r.created_by_department } : null,
        modifiedBy: r.modified_by_name ? { name: r.modified_by_name, departmentName: r.modified_by_department } : null,
        createdDate: r.created_at,
        modifiedDate: r.modified_at,
        version: r.version,
        ...rowActions({ balance, applyDate: r.apply_date }, { lockDate, mayWrite }),
      };
    });
    return { data, page: { page: q.page, size: q.size, total_element: total } };
  }

  /** One row per staff (duplicates collapsed), all or none (spec 000 §7 create). */
  async function create(user: SessionUser, body: BonusLeaveCreate): Promise<number[]> {
    const usernames = normalizeUsernames(body.usernames);
    return db.transaction(async (tx) => {
      const ctx = await grantContext(tx);
      const employees = await repo.findEmployeesByUsernames(tx, usernames);
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
  async function update(user: SessionUser, body: BonusLeaveUpdate): Promise<{ id: number; version: number }> {
    return db.transaction(async (tx) => {
      const row = await repo.findById(tx, body.id, { scope: scopeOf(user), forUpdate: true });
      if (!row) throw notFound(M.notFound);
      if (row.version !== body.version) throw conflict();
      const ctx = await grantContext(tx);
      if (balanceOfRecord(row, ctx.today).isExpired) throw conflict(M.expired);
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
        tableName: repo.BONUS_LEAVE_TABLE,
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
  async function remove(user: SessionUser, id: number, version: number | undefined): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repo.findById(tx, id, { scope: scopeOf(user), forUpdate: true });
      if (!row) throw notFound(M.notFound);
      if (version !== undefined && row.version !== version) throw conflict();
      const ctx = await grantContext(tx);
      const balance = balanceOfRecord(row, ctx.today);
      if (balance.isExpired || balance.usedHours !== 0) throw conflict(M.notRemovable);
      if (ctx.lockDate !== null && row.apply_date <= ctx.lockDate) throw conflict(M.lockedRemove);
      // The leave core keeps the row (deleted_at) and takes what is left on it back as a REMOVE entry.
      const removed = await leave.removeFundRow(tx, { fundRowId: row.id, version: row.version }, user.userId);
      if (!removed.ok) throw conflict();
      const before = snapshotOf(row);
      await recordHistory(tx, {
        tableName: repo.BONUS_LEAVE_TABLE,
        recordId: row.id,
        employeeId: row.employee_id,
        action: 'DELETE',
        changes: [],
        newRecord: historyRecord({ ...before, version: before.version + 1 }),
        by: user,
      });
    });
  }

  /** History of a row in the caller's scope, removed rows included (RULES.md §3: outside the scope is 404). */
  async function history(user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
    const row = await repo.findById(db, id, { scope: scopeOf(user), includeDeleted: true });
    if (!row) throw notFound(M.notFound);
    return listHistory(db, repo.BONUS_LEAVE_TABLE, id, timeZone);
  }

  /**
   * All or nothing (RULES.md §1): every row is checked with the form's rules; with any error nothing is written and
   * the errors per sheet row come back for the error report.
   */
  async function importRows(user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }> {
    const missing = missingColumns(upload.headers);
    if (missing.length > 0) throw badRequest(missing[0]!, missing);
    // readImportUpload has refused more than BONUS_LEAVE_IMPORT_MAX_ROWS rows.
    if (upload.rows.length === 0) throw badRequest(M.importNoRows);
    const inputs = upload.rows.map((r) => ({ rowNumber: r.rowNumber, ...importRowToInput(r) }));
    return db.transaction(async (tx) => {
      const ctx = await grantContext(tx);
      const employees = await repo.findEmployeesByUsernames(tx, inputs.map((i) => i.username).filter(Boolean));
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
  const templateRows = () => [templateExampleRow(clock.today())];

  return { list, create, update, remove, history, importRows, templateRows };
}

export type BonusLeaveService = ReturnType<typeof bonusLeaveService>;
