import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { managesActiveProject, userRolesArray } from '../db/sql-fragments.ts';

/**
 * SQL of the session lookup on every request (auth.ts beside it; RULES.md §2 idle expiry). The plugin sits below the
 * modules, so its lookup lives here; modules/auth owns the writes (sign-in, sign-out, password change).
 */

export type SessionRow = {
  session_id: number;
  user_id: number;
  username: string;
  employee_id: number | null;
  name: string | null;
  roles: string[] | null;
  is_pm: boolean;
  /** The user's chosen language (issue 25), null when never chosen. */
  language: string | null;
  /** last_seen_at is older than `touchEverySeconds`: time to refresh it. */
  touch: boolean;
};

/**
 * The live session with this token hash of an enabled user, not idle for `idleHours`, with the user's roles.
 * A terminated employee's sessions end after their last working day (issue 10, docs/employees.md): a user whose
 * employee's last_working_day is before today (`today`: the company's calendar day, YYYY-MM-DD from the
 * business clock) is not found.
 */
export async function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  opts: { idleHours: number; touchEverySeconds: number; today: string },
): Promise<SessionRow | undefined> {
  const today = sql`${opts.today}::date`;
  const [row] = await queryRows<SessionRow>(db, sql`
    select s.id as session_id, u.id as user_id, u.username, u.employee_id, e.name, u.language,
           ${userRolesArray(sql`u.id`)} as roles,
           ${managesActiveProject(sql`u.employee_id`)} as is_pm,
           s.last_seen_at < now() - make_interval(secs => ${opts.touchEverySeconds}) as touch
      from sessions s
      join users u on u.id = s.user_id
      left join employees e on e.id = u.employee_id
     where s.token_hash = ${tokenHash}
       and s.ended_at is null
       and not u.disabled
       and (e.last_working_day is null or e.last_working_day >= ${today})
       and s.last_seen_at > now() - make_interval(hours => ${opts.idleHours})`);
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.execute(sql`update sessions set last_seen_at = now() where id = ${sessionId}`);
}
