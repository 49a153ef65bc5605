import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@tms/contracts/roles';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { inCallerCompany, isoInstant } from '../../db/sql-fragments.ts';

/** All SQL of the review flow (payroll_periods status) and of timesheet comments (RULES.md §4, spec 001 §2.2). */
export const PERIODS_TABLE = 'payroll_periods';
export const COMMENTS_TABLE = 'timesheet_comments';

export type PeriodRecord = {
  id: number;
  company_id: number;
  name: string;
  from_date: string;
  to_date: string;
  status: number;
  working_days: number;
  is_lock: boolean;
  review_comment: string | null;
  forbidden_request_date: string;
  forbidden_request_time_in_hour: string;
  approved_at: string | null;
  last_timesheet_period_end_date: string | null;
  version: number;
};

/**
 * RULES.md §5: explanations of a period close on `forbidden_request_date`, by default the configured day
 * (setting `forbidden_request_day`, default 3) of the month after the period's end.
 */
const forbiddenRequestDate = sql`coalesce(
  p.forbidden_request_date,
  (date_trunc('month', p.to_date) + interval '1 month')::date
    + (coalesce((select case when s.value ~ '^[0-9]{1,2}$' then least(greatest(s.value::int, 1), 28) end
                   from settings s where s.key = 'forbidden_request_day'), 3) - 1)
)::text`;

const periodColumns = sql`
  p.id, p.company_id, p.name, p.from_date::text as from_date, p.to_date::text as to_date, p.status, p.working_days,
  p.is_lock, p.review_comment, ${forbiddenRequestDate} as forbidden_request_date, p.forbidden_request_time_in_hour,
  ${isoInstant(sql`p.approved_at`)} as approved_at,
  (select max(q.to_date)::text from payroll_periods q where q.company_id = p.company_id and q.to_date < p.from_date)
    as last_timesheet_period_end_date,
  p.version`;

/** One period of the caller's company, or undefined (outside it answers 404, RULES.md §3). */
export async function findPeriod(db: DbOrTx, id: number, employeeId: number | null): Promise<PeriodRecord | undefined> {
  const [row] = await queryRows<PeriodRecord>(db, sql`select ${periodColumns} from payroll_periods p where p.id = ${id} and ${inCallerCompany(employeeId)}`);
  return row;
}

/**
 * The status change as one conditional statement: it succeeds only while the period is still in one of `from`
 * (and at `version` when given), so of two concurrent reviews exactly one changes the row; the other's UPDATE
 * waits for the first to commit, re-checks the condition on the new row and matches nothing.
 */
export async function changeStatus(
  tx: DbOrTx,
  id: number,
  change: { from: readonly number[]; to: number; version?: number; reviewComment?: string | null; approved: boolean },
): Promise<PeriodRecord | undefined> {
  const setComment = change.reviewComment === undefined ? sql`` : sql`, review_comment = ${change.reviewComment}`;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update payroll_periods
           set status = ${change.to},
               approved_at = ${change.approved ? sql`now()` : sql`null`},
               version = version + 1
               ${setComment}
         where id = ${id}
           and status in (${sql.join(change.from.map((s) => sql`${s}`), sql`, `)})
           ${change.version === undefined ? sql`` : sql`and version = ${change.version}`}
        returning id`,
  );
  if (!row) return undefined;
  const [updated] = await queryRows<PeriodRecord>(tx, sql`select ${periodColumns} from payroll_periods p where p.id = ${id}`);
  return updated;
}

/** End date of the latest period of the caller's company whose end date is before `today`. */
export async function lastEndedPeriodEnd(db: DbOrTx, employeeId: number | null, today: string): Promise<string | null> {
  const [row] = await queryRows<{ to_date: string | null }>(
    db,
    sql`select max(p.to_date)::text as to_date from payroll_periods p where p.to_date < ${today}::date and ${inCallerCompany(employeeId)}`,
  );
  return row?.to_date ?? null;
}

/**
 * One notification per active user holding any of `roles` in the period's company (or without an employee), the
 * actor excepted: one INSERT … SELECT whatever the number of users (RULES.md §8).
 */
export async function notifyRoles(
  tx: DbOrTx,
  n: { roles: readonly Role[]; companyId: number; exceptUserId: number; type: string; title: string; body: string; link: string },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into notifications (user_id, notification_type, title, body, link)
        select u.id, ${n.type}, ${n.title}, ${n.body}, ${n.link}
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
