import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';

/** Names of the employees and fund types of the rows a batch of ledger entries moved: one statement for the batch. */
export async function balanceEventLookups(
  tx: DbOrTx,
  employeeIds: readonly number[],
  fundRowIds: readonly number[],
): Promise<{ employees: Map<number, { name: string; user_name: string }>; fundTypes: Map<number, string> }> {
  const rows = await queryRows<{ kind: 'e' | 'f'; id: number; a: string; b: string | null }>(
    tx,
    sql`select 'e' as kind, e.id, e.name as a, e.user_name as b from employees e where e.id = any(${intArray(employeeIds)})
        union all
        select 'f' as kind, f.id, f.fund_type as a, null as b from leave_fund_rows f where f.id = any(${intArray(fundRowIds)})`,
  );
  const employees = new Map<number, { name: string; user_name: string }>();
  const fundTypes = new Map<number, string>();
  for (const r of rows) {
    if (r.kind === 'e') employees.set(Number(r.id), { name: r.a, user_name: r.b ?? '' });
    else fundTypes.set(Number(r.id), r.a);
  }
  return { employees, fundTypes };
}
