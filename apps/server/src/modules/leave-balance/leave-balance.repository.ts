import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeByRef } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/** SQL of get-balance: the employee named, inside the caller's scope (RULES.md §3, in SQL). */

export type BalanceEmployeeRow = { id: number; remain_offset_leave: string; remain_birthday_leave: string };

/**
 * The employee whose user_name is `who.username` (any case) or whose id is `who.employeeId`, or nothing when unknown
 * or outside the caller's scope.
 */
export async function findEmployeeInScope(
  db: DbOrTx,
  user: SessionUser,
  who: { username: string } | { employeeId: number },
): Promise<BalanceEmployeeRow | undefined> {
  const match = employeeByRef('username' in who ? { username: who.username } : { id: who.employeeId });
  const [row] = await queryRows<BalanceEmployeeRow>(
    db,
    sql`select e.id, e.remain_offset_leave::text as remain_offset_leave, e.remain_birthday_leave::text as remain_birthday_leave
          from employees e
         where ${match} and ${employeeScope(user, sql`e.id`)}`,
  );
  return row;
}
