import { sql } from 'drizzle-orm';
import type { Role } from '@tms/contracts/roles';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';

/** SQL of the review flow's notifications and of timesheet comments (spec 001 §2.2); periods are payroll-periods'. */
export const COMMENTS_TABLE = 'timesheet_comments';

/**
 * One notification per active user holding any of `roles` in the period's company (or without an employee), the
 * actor excepted: one INSERT … SELECT whatever the number of users (RULES.md §8).
 */
export async function notifyRoles(
  tx: DbOrTx,
  n: { roles: readonly Role[]; companyId: number; exceptUserId: number; type: string; title: string; body: string | null; textKey: string | null; textParams: unknown; link: string },
): Promise<number> {
  const params = n.textParams === null || n.textParams === undefined ? null : JSON.stringify(n.textParams);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into notifications (user_id, notification_type, title, body, text_key, text_params, link)
        select u.id, ${n.type}, ${n.title}, ${n.body}, ${n.textKey}, ${params}::jsonb, ${n.link}
          from users u
          left join employees e on e.id = u.employee_id
         where not u.disabled
           and u.id <> ${n.exceptUserId}
           and (u.employee_id is null or e.company_id = ${n.companyId})
           and exists (select 1 from user_roles r where r.user_id = u.id
                        and r.role in (${sql.join(n.roles.map((r) => sql`${r}`), sql`, `)}))
         order by u.id
        returning id`,
  );
  return rows.length;
}

export type CommentRecord = {
  id: number;
  timesheet_id: number;
  content: string;
  created_by: number;
  created_by_name: string;
  created_by_username: string;
  created_at: string;
  last_modified_by_name: string;
  last_modified_by_username: string;
  last_modified_date: string;
  version: number;
};

const commentSelect = sql`
  select c.id, c.timesheet_id, c.content, c.created_by,
         coalesce(ce.name, cu.username) as created_by_name, cu.username as created_by_username,
         ${isoInstant(sql`c.created_at`)} as created_at,
         coalesce(me.name, mu.username) as last_modified_by_name, mu.username as last_modified_by_username,
         ${isoInstant(sql`c.last_modified_date`)} as last_modified_date, c.version
    from timesheet_comments c
    join users cu on cu.id = c.created_by
    left join employees ce on ce.id = cu.employee_id
    join users mu on mu.id = c.last_modified_by
    left join employees me on me.id = mu.employee_id`;

/** The live comments of a timesheet, newest first. */
export async function listComments(db: DbOrTx, timesheetId: number): Promise<CommentRecord[]> {
  return queryRows<CommentRecord>(db, sql`${commentSelect} where c.timesheet_id = ${timesheetId} and c.deleted_at is null order by c.created_at desc, c.id desc`);
}

/** A live comment of the timesheet; `forUpdate` holds it until the transaction ends. */
export async function findComment(db: DbOrTx, timesheetId: number, commentId: number, opts: { forUpdate?: boolean } = {}): Promise<CommentRecord | undefined> {
  const [row] = await queryRows<CommentRecord>(
    db,
    sql`${commentSelect} where c.id = ${commentId} and c.timesheet_id = ${timesheetId} and c.deleted_at is null ${opts.forUpdate ? sql`for update of c` : sql``}`,
  );
  return row;
}

export async function insertComment(tx: DbOrTx, timesheetId: number, content: string, byUserId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into timesheet_comments (timesheet_id, content, created_by, last_modified_by)
        values (${timesheetId}, ${content}, ${byUserId}, ${byUserId}) returning id`,
  );
  return row!.id;
}

/** Writes the edit only while `version` is current (when given) and the comment is live; false otherwise. */
export async function updateComment(tx: DbOrTx, id: number, content: string, byUserId: number, version?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update timesheet_comments
           set content = ${content}, last_modified_by = ${byUserId}, last_modified_date = now(), version = version + 1
         where id = ${id} and deleted_at is null ${version === undefined ? sql`` : sql`and version = ${version}`}
        returning id`,
  );
  return rows.length > 0;
}

export async function markCommentDeleted(tx: DbOrTx, id: number, byUserId: number, version?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update timesheet_comments
           set deleted_at = now(), last_modified_by = ${byUserId}, last_modified_date = now(), version = version + 1
         where id = ${id} and deleted_at is null ${version === undefined ? sql`` : sql`and version = ${version}`}
        returning id`,
  );
  return rows.length > 0;
}
