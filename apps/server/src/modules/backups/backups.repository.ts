import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** The enabled users holding the Admin role: told when a backup fails. */
export async function adminUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join user_roles r on r.user_id = u.id where r.role = 'ADMIN' and not u.disabled order by u.id`,
  );
  return rows.map((r) => r.id);
}
