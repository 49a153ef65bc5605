import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';

/** SQL of overtime comments (both kinds; spec 001 §7.3, §6). A deleted comment keeps its row (`deleted_at`). */
export type CommentRowDb = {
  id: number;
  request_id: number;
  content: string;
  author_user_id: number;
  author_username: string;
  author_name: string;
  receiver_employee_id: number | null;
  receiver_name: string | null;
  receiver_username: string | null;
  created_date: string;
  last_modified_date: string | null;
};

const SELECT = sql`
  select c.id, c.overtime_request_id as request_id, c.content, c.author_user_id, u.username as author_username,
         coalesce(ue.name, u.username) as author_name, c.receiver_employee_id, re.name as receiver_name, re.user_name as receiver_username,
         ${isoInstant(sql`c.created_at`)} as created_date, ${isoInstant(sql`c.updated_at`)} as last_modified_date
    from overtime_comments c
    join users u on u.id = c.author_user_id
    left join employees ue on ue.id = u.employee_id
    left join employees re on re.id = c.receiver_employee_id`;

export async function listComments(db: DbOrTx, requestId: number): Promise<CommentRowDb[]> {
  return queryRows<CommentRowDb>(db, sql`${SELECT} where c.overtime_request_id = ${requestId} and c.deleted_at is null order by c.id`);
}

export async function findComment(db: DbOrTx, id: number): Promise<CommentRowDb | undefined> {
  const [row] = await queryRows<CommentRowDb>(db, sql`${SELECT} where c.id = ${id} and c.deleted_at is null`);
  return row;
}

export async function insertComment(tx: DbOrTx, c: { requestId: number; authorUserId: number; receiverEmployeeId: number | null; content: string }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into overtime_comments (overtime_request_id, receiver_employee_id, author_user_id, content)
        values (${c.requestId}, ${c.receiverEmployeeId}, ${c.authorUserId}, ${c.content}) returning id`,
  );
  if (!row) throw new Error('overtime_comments insert returned no row');
  return row.id;
}

/** Edits the text, only the author's and only while not deleted; false otherwise. */
export async function updateComment(tx: DbOrTx, id: number, authorUserId: number, content: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update overtime_comments set content = ${content}, updated_at = now() where id = ${id} and author_user_id = ${authorUserId} and deleted_at is null returning id`,
  );
  return rows.length > 0;
}

export async function deleteComment(tx: DbOrTx, id: number, authorUserId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update overtime_comments set deleted_at = now() where id = ${id} and author_user_id = ${authorUserId} and deleted_at is null returning id`,
  );
  return rows.length > 0;
}

export async function employeeExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from employees where id = ${id}`);
  return rows.length > 0;
}
