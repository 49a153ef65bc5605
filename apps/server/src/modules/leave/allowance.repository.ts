import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';

/** The two per-employee allowances kept on `employees` (RULES.md §5): offset leave hours, birthday leave days. */
export type AllowanceKind = 'OFFSET' | 'BIRTHDAY';

const column = (kind: AllowanceKind) => (kind === 'OFFSET' ? sql.raw('remain_offset_leave') : sql.raw('remain_birthday_leave'));

/**
 * Draws `amount` in one conditional statement: only while what is left covers it, so concurrent draws never take the
 * allowance below zero (the row lock makes the second wait and re-check). Answers the values before and after, or
 * nothing when it does not cover the amount (or there is no such employee).
 */
export async function drawAllowance(tx: DbOrTx, employeeId: number, kind: AllowanceKind, amount: number): Promise<{ before: number; after: number } | undefined> {
  const col = column(kind);
  const [row] = await queryRows<{ after: number }>(
    tx,
    sql`update employees set ${col} = ${col} - ${amount}::numeric
         where id = ${employeeId} and ${col} >= ${amount}::numeric
        returning ${col}::float8 as after`,
  );
  return row ? { before: round(row.after + amount), after: row.after } : undefined;
}

/** Gives `amount` back (a withdrawn or rejected approved request). */
export async function returnAllowance(tx: DbOrTx, employeeId: number, kind: AllowanceKind, amount: number): Promise<{ before: number; after: number } | undefined> {
  const col = column(kind);
  const [row] = await queryRows<{ after: number }>(
    tx,
    sql`update employees set ${col} = ${col} + ${amount}::numeric where id = ${employeeId} returning ${col}::float8 as after`,
  );
  return row ? { before: round(row.after - amount), after: row.after } : undefined;
}

/** What is left now. */
export async function allowanceLeft(db: DbOrTx, employeeId: number, kind: AllowanceKind): Promise<number | undefined> {
  const [row] = await queryRows<{ left: number }>(db, sql`select ${column(kind)}::float8 as left from employees where id = ${employeeId}`);
  return row?.left;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/** What is left now for each of `employeeIds` (employees not found are absent). */
export async function allowancesLeft(db: DbOrTx, employeeIds: readonly number[], kind: AllowanceKind): Promise<Map<number, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; left: number }>(db, sql`select id, ${column(kind)}::float8 as left from employees where id = any(${intArray(employeeIds)})`);
  return new Map(rows.map((r) => [r.id, r.left]));
}
