import {
  PAYROLL_CONFIG_MESSAGES as M,
  PAYROLL_TABLE_FIELDS,
  PAYROLL_TABLE_OVERTIME,
  parsePayrollValue,
  payrollKeyOf,
  type PayrollConfigUpdateItem,
  type PayrollTableCode,
} from '@tms/contracts/overtime-pay';
import { limitsOf, limitsProblem, PAYROLL_TABLE_OT_LIMITS } from '@tms/contracts/overtime-limits';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { recordHistory, type HistoryAuthor } from '../../lib/history.ts';
import * as repo from './payroll-config.repository.ts';
import { enqueueRecalculateSalary } from './recalculate-salary.job.ts';

/**
 * Payroll Configuration (spec 002 "Payroll Configuration", §3, §5, §7): the tables as stored, and the update of the
 * changed ones. Rules, in order: an empty array → 'Update Fail'; an unknown table or key → 400; a value that is not a
 * number → 'Value is not a number' (empty → 0); fractions and values outside 0 … 1000 → ours; a stale `version` → 409;
 * nothing actually changed → 'Update Fail'. Each changed table gets a history entry naming its changed keys; a changed
 * overtime table queues Recalculate Salary in the same transaction.
 */
export async function listConfigTables(db: Db): Promise<repo.PayrollConfigRow[]> {
  return repo.allConfigTables(db);
}

type Parsed = { item: PayrollConfigUpdateItem; values: Map<string, number> };

function parseItems(items: readonly PayrollConfigUpdateItem[]): Parsed[] {
  if (items.length === 0) throw badRequest(M.updateFail);
  const messages: string[] = [];
  const parsed: Parsed[] = [];
  for (const item of items) {
    const values = new Map<string, number>();
    for (const entry of item.table_config) {
      const r = parsePayrollValue(entry.value);
      if (!r.ok) messages.push(r.message);
      // A key sent before issue 26 (`staff`, `management`) names the spec's key.
      else values.set(payrollKeyOf(entry.key), r.value);
    }
    parsed.push({ item, values });
  }
  if (messages.length > 0) throw badRequest(messages[0]!, [...new Set(messages)]);
  return parsed;
}

export async function updateConfigTables(db: Db, items: readonly PayrollConfigUpdateItem[], by: HistoryAuthor): Promise<repo.PayrollConfigRow[]> {
  const parsed = parseItems(items);
  return db.transaction(async (tx) => {
    const current = await repo.configTablesForUpdate(tx);
    const changedRows: repo.PayrollConfigRow[] = [];
    const plans: { row: repo.PayrollConfigRow; next: { key: string; value: number }[]; changes: { field: string; oldValue: number; newValue: number }[] }[] = [];
    const seen = new Set<number>();
    for (const { item, values } of parsed) {
      const row = current.find((r) => (item.id !== undefined ? r.id === item.id : r.table_code === item.table_code));
      if (!row) throw badRequest(M.unknownTable(String(item.id ?? item.table_code ?? '')));
      if (item.id !== undefined && item.table_code !== undefined && item.table_code !== row.table_code) throw badRequest(M.unknownTable(item.table_code));
      if (seen.has(row.id)) throw badRequest(M.updateFail);
      seen.add(row.id);
      const known = new Set((PAYROLL_TABLE_FIELDS[row.table_code as PayrollTableCode] ?? row.table_config).map((f) => f.key));
      for (const key of values.keys()) if (!known.has(key)) throw badRequest(M.unknownKey(key));
      if (item.version !== undefined && item.version !== row.version) throw new AppError(409, M.stale);
      const before = new Map(row.table_config.map((c) => [c.key, Number(c.value)]));
      const order = PAYROLL_TABLE_FIELDS[row.table_code as PayrollTableCode]?.map((f) => f.key) ?? row.table_config.map((c) => c.key);
      const next = order.map((key) => ({ key, value: values.get(key) ?? before.get(key) ?? 0 }));
      // Issue 27 §2: the limits hold together (a day of 8 … 24 hours, month ≤ year ≤ listed-sector year).
      const problem = row.table_code === PAYROLL_TABLE_OT_LIMITS ? limitsProblem(limitsOf(next)) : null;
      if (problem) throw badRequest(problem);
      const changes = next.filter((c) => before.get(c.key) !== c.value).map((c) => ({ field: c.key, oldValue: before.get(c.key) ?? 0, newValue: c.value }));
      if (changes.length > 0) plans.push({ row, next, changes });
    }
    if (plans.length === 0) throw badRequest(M.updateFail);
    for (const p of plans) {
      const written = await repo.writeConfigTable(tx, p.row.id, p.next, by.userId ?? null);
      await recordHistory(tx, {
        tableName: 'payroll_config_tables',
        recordId: p.row.id,
        action: 'UPDATE',
        changes: p.changes,
        newRecord: { table_code: written.table_code, table_config: written.table_config, version: written.version },
        by,
      });
      changedRows.push(written);
    }
    // RULES.md §6: the stored OT pay follows new coefficients. Recalculate Salary is queued with the change, in its
    // transaction, so the figures of the open periods catch up even if this process stops right after the commit.
    if (plans.some((p) => p.row.table_code === PAYROLL_TABLE_OVERTIME) && by.userId) await enqueueRecalculateSalary(tx, by.userId);
    return changedRows;
  });
}
