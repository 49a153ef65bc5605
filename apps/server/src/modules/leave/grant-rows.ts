import type { PageInfo } from '@tms/contracts/api';
import type { LeaveFundType } from '../../db/schema/leave.ts';
import type { DbOrTx } from '../../db/client.ts';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { listHistory, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { fundRowBalance, type FundRowBalance } from './allocation.ts';
import { removeFundRow } from './leave.service.ts';
import {
  GRANT_ROWS_TABLE,
  countGrantRows,
  grantRowScope,
  listGrantRows,
  type AuditColumns,
  type GrantListRow,
  type GrantRowFilter,
  type GrantRowSort,
} from './grant-rows.repository.ts';

/**
 * What the grant tabs (Bonus Leave, Leave Carryover, Project Leave) do the same way with their fund rows: the list
 * page (rows of one fund type in the caller's scope, each with its balance and the fields every tab answers alike;
 * each tab maps the rest, its own field names, from `row`), a row's history, and a row's removal.
 */

/** The list query fields every grant tab takes (contracts/leave-forms.ts `grantListFilterShape`, with paging). */
export type GrantListQuery = {
  employee?: number[];
  division?: number[];
  department?: number[];
  applyFromDate?: string;
  applyToDate?: string;
  expireFromDate?: string;
  expireToDate?: string;
  page: number;
  size: number;
  direction: 'asc' | 'desc';
};

/** A row's balance from its ledger totals (RULES.md §7). */
export const grantBalance = (r: { granted: string; used: string; expire_date: string }, today: string): FundRowBalance =>
  fundRowBalance({ granted: Number(r.granted), used: Number(r.used), expireDate: r.expire_date }, today);

/** The answer fields shared by every grant tab's row. */
export type GrantRowBase = {
  id: number;
  employeeId: number;
  usedHours: number;
  remainHours: number;
  expiredHours: number;
  description: string | null;
  applyDate: string;
  expireDate: string;
  createdBy: { name: string; departmentName: string | null } | null;
  modifiedBy: { name: string; departmentName: string | null } | null;
  createdDate: string;
  modifiedDate: string;
  version: number;
};

export type GrantListItem = { row: GrantListRow; balance: FundRowBalance; base: GrantRowBase };

/** Who created and last changed a listed record, and when (contracts/leave-forms.ts `auditShape`). */
export const auditOf = (r: AuditColumns & { version: number }) => ({
  createdBy: r.created_by_name ? { name: r.created_by_name, departmentName: r.created_by_department } : null,
  modifiedBy: r.modified_by_name ? { name: r.modified_by_name, departmentName: r.modified_by_department } : null,
  createdDate: r.created_at,
  modifiedDate: r.modified_at,
  version: r.version,
});

const baseOf = (r: GrantListRow, balance: FundRowBalance): GrantRowBase => ({
  id: r.id,
  employeeId: r.employee_id,
  usedHours: balance.usedHours,
  remainHours: balance.remainHours,
  expiredHours: balance.expiredHours,
  description: r.description,
  applyDate: toDmy(r.apply_date)!,
  expireDate: toDmy(r.expire_date)!,
  ...auditOf(r),
});

/** Hours as the lists show them, 2 decimals. */
export const listHours = (amount: string): number => Math.round(Number(amount) * 100) / 100;

/** The page (rows, count and the payroll lock date, read together) and the page info of the answer. */
export async function listGrantPage(
  db: DbOrTx,
  opts: { fundType: LeaveFundType; user: SessionUser; query: GrantListQuery; sort: GrantRowSort; today: string },
): Promise<{ items: GrantListItem[]; lockDate: string | null; page: PageInfo }> {
  const q = opts.query;
  const filter: GrantRowFilter = {
    employeeIds: q.employee,
    divisionIds: q.division,
    departmentIds: q.department,
    applyFrom: parseDmy(q.applyFromDate),
    applyTo: parseDmy(q.applyToDate),
    expireFrom: parseDmy(q.expireFromDate),
    expireTo: parseDmy(q.expireToDate),
  };
  const scope = grantRowScope(opts.user);
  const [rows, total, lockDate] = await Promise.all([
    listGrantRows(db, { fundType: opts.fundType, filter, scope, sort: opts.sort, direction: q.direction, limit: q.size, offset: (q.page - 1) * q.size }),
    countGrantRows(db, { fundType: opts.fundType, filter, scope }),
    getLockDate(db),
  ]);
  const items = rows.map((row) => {
    const balance = grantBalance(row, opts.today);
    return { row, balance, base: baseOf(row, balance) };
  });
  return { items, lockDate, page: { page: q.page, size: q.size, total_element: total } };
}

/** History of a fund row the caller found in scope, removed rows included; not found is 404 (RULES.md §3). */
export async function fundRowHistory(db: DbOrTx, found: { id: number } | undefined, notFoundMessage: string, timeZone: string): Promise<HistoryEntryDto[]> {
  if (!found) throw notFound(notFoundMessage);
  return listHistory(db, GRANT_ROWS_TABLE, found.id, timeZone);
}

/**
 * Removal of a grant the caller has locked (spec 000 §4): a stale version is 409 (RULES.md §1); only an unused,
 * unexpired row applied after the lock date goes. The leave core keeps the row (deleted_at) and takes what is left
 * on it back as a REMOVE entry; one DELETE history entry records it. Returns the row's new version.
 */
export async function removeGrant(
  tx: DbOrTx,
  opts: {
    row: { id: number; version: number; employee_id: number; apply_date: string };
    version: number | undefined;
    state: { isExpired: boolean; used: number };
    lockDate: string | null;
    messages: { notRemovable: string; lockedRemove: string };
    user: SessionUser;
    /** What history stores of the row at `version`. */
    record: (version: number) => Record<string, unknown>;
  },
): Promise<number> {
  const { row, user } = opts;
  if (opts.version !== undefined && row.version !== opts.version) throw conflict();
  if (opts.state.isExpired || opts.state.used !== 0) throw conflict(opts.messages.notRemovable);
  if (opts.lockDate !== null && row.apply_date <= opts.lockDate) throw conflict(opts.messages.lockedRemove);
  const removed = await removeFundRow(tx, { fundRowId: row.id, version: row.version }, user.userId);
  if (!removed.ok) throw conflict();
  await recordHistory(tx, {
    tableName: GRANT_ROWS_TABLE,
    recordId: row.id,
    employeeId: row.employee_id,
    action: 'DELETE',
    changes: [],
    newRecord: opts.record(removed.version),
    by: user,
  });
  return removed.version;
}
