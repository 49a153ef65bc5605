import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { managesActiveProject, userRolesArray } from '../../db/sql-fragments.ts';

// All SQL of sign-in, sessions and the user detail (ARCHITECTURE.md convention 3).

export async function findAppKey(db: DbOrTx, name: string): Promise<{ publicPem: string; privatePem: string } | undefined> {
  const [row] = await queryRows<{ public_pem: string; private_pem: string }>(
    db,
    sql`select public_pem, private_pem from app_keys where name = ${name}`,
  );
  return row && { publicPem: row.public_pem, privatePem: row.private_pem };
}

export async function insertAppKeyIfAbsent(db: DbOrTx, name: string, publicPem: string, privatePem: string): Promise<void> {
  await db.execute(sql`
    insert into app_keys (name, public_pem, private_pem) values (${name}, ${publicPem}, ${privatePem})
    on conflict (name) do nothing`);
}

export type AttemptKind = 'login' | 'change-password';

/** Which failures one limit counts: those of a username, of a client address, or of both together. */
export type AttemptScope = { kind: AttemptKind; username?: string; ip?: string };

/**
 * Seconds until a limit of `limit` failures in `windowMinutes` lets the next attempt through, or undefined when it
 * does already. The wait ends when the `limit`-th most recent failure leaves the window, so at least 1 second.
 * Served by the (username, at) and (ip, at) indexes.
 */
export async function secondsBlocked(db: DbOrTx, scope: AttemptScope, windowMinutes: number, limit: number): Promise<number | undefined> {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const conditions = [sql`kind = ${scope.kind}`, sql`not success`, sql`at > now() - ${window}`];
  if (scope.username !== undefined) conditions.push(sql`username = ${scope.username}`);
  if (scope.ip !== undefined) conditions.push(sql`ip = ${scope.ip}`);
  const [row] = await queryRows<{ wait: number }>(db, sql`
    select greatest(1, ceil(extract(epoch from (at + ${window} - now()))))::int as wait
      from login_attempts
     where ${sql.join(conditions, sql` and `)}
     order by at desc
     offset ${limit - 1} limit 1`);
  return row ? Number(row.wait) : undefined;
}

export type PairFailures = {
  /** Failures of the username from every address in the window, counted up to `usernameCap` (all the rule needs). */
  usernameFailures: number;
  /** Failures of the username from this address in the window. */
  pairFailures: number;
  /** Seconds since the last of those, or null without any. */
  secondsSinceLastPairFailure: number | null;
};

/** What the growing delay of a username (rate-limit.ts) is decided on. Served by the (username, at) index. */
export async function pairFailures(db: DbOrTx, kind: AttemptKind, username: string, ip: string, windowMinutes: number, usernameCap: number): Promise<PairFailures> {
  const recent = sql`kind = ${kind} and not success and at > now() - make_interval(mins => ${windowMinutes}) and username = ${username}`;
  const [row] = await queryRows<{ username_failures: number; pair_failures: number; since_last: number | null }>(db, sql`
    select (select count(*) from (select 1 from login_attempts where ${recent} limit ${usernameCap}) capped)::int as username_failures,
           count(*)::int as pair_failures,
           extract(epoch from now() - max(at))::float8 as since_last
      from login_attempts
     where ${recent} and ip = ${ip}`);
  return {
    usernameFailures: Number(row?.username_failures ?? 0),
    pairFailures: Number(row?.pair_failures ?? 0),
    secondsSinceLastPairFailure: row?.since_last === null || row?.since_last === undefined ? null : Number(row.since_last),
  };
}

/** Serialises password checks for one username until the transaction ends, so parallel guesses are all counted. */
export async function lockLoginAttempts(tx: DbOrTx, kind: AttemptKind, attemptKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind + ':' + attemptKey}))`);
}

export async function insertLoginAttempt(db: DbOrTx, kind: AttemptKind, username: string, ip: string, success: boolean): Promise<void> {
  await db.execute(sql`insert into login_attempts (kind, username, ip, success) values (${kind}, ${username}, ${ip}, ${success})`);
}

export type LoginUserRow = { id: number; username: string; passwordHash: string; disabled: boolean };

/**
 * The user signing in. `disabled` also holds for an employee past their last working day (`today`, the company's
 * calendar day): their sessions end after that day (session.repository.ts), so a new one is not issued either.
 */
export async function findUserForLogin(db: DbOrTx, username: string, today: string): Promise<LoginUserRow | undefined> {
  const [row] = await queryRows<{ id: number; username: string; password_hash: string; disabled: boolean }>(
    db,
    sql`select u.id, u.username, u.password_hash,
               (u.disabled or coalesce(e.last_working_day < ${today}::date, false)) as disabled
          from users u left join employees e on e.id = u.employee_id
         where lower(u.username) = lower(${username})`,
  );
  return row && { id: row.id, username: row.username, passwordHash: row.password_hash, disabled: row.disabled };
}

export async function insertSession(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; ip: string; userAgent: string | undefined },
): Promise<void> {
  await db.execute(sql`
    insert into sessions (token_hash, user_id, ip, user_agent)
    values (${values.tokenHash}, ${values.userId}, ${values.ip}, ${values.userAgent ?? null})`);
}

export async function endSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.execute(sql`update sessions set ended_at = now() where id = ${sessionId} and ended_at is null`);
}

/** RULES.md §2: a password change ends the user's other sessions at once. */
export async function endOtherSessions(db: DbOrTx, userId: number, keepSessionId: number): Promise<void> {
  await db.execute(sql`update sessions set ended_at = now() where user_id = ${userId} and id <> ${keepSessionId} and ended_at is null`);
}

export async function findPasswordHash(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ password_hash: string }>(db, sql`select password_hash from users where id = ${userId} for update`);
  return row?.password_hash;
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.execute(sql`
    update users set password_hash = ${passwordHash}, password_changed_at = now(), version = version + 1
     where id = ${userId}`);
}

export type UserDetailRow = {
  user_id: number;
  username: string;
  employee_id: number | null;
  name: string | null;
  roles: string[] | null;
  is_pm: boolean;
  work_schedule_type: string | null;
  rule_type: string | null;
  ot_type: string | null;
  language: string | null;
};

/**
 * A user with their roles, the PM relation (the auth hook's fragments) and the staff policy in force on `today`
 * (the latest applied one when several overlap).
 */
export async function findUserDetail(db: DbOrTx, username: string, today: string): Promise<UserDetailRow | undefined> {
  const [row] = await queryRows<UserDetailRow>(db, sql`
    select u.id as user_id, u.username, u.employee_id, e.name,
           ${userRolesArray(sql`u.id`)} as roles,
           ${managesActiveProject(sql`u.employee_id`)} as is_pm,
           e.work_schedule_type, sp.rule_type, sp.ot_type, u.language
      from users u
      left join employees e on e.id = u.employee_id
      left join lateral (
        select p.rule_type, p.ot_type from employee_policies p
         where p.employee_id = u.employee_id and p.apply_date <= ${today}::date and p.expire_date >= ${today}::date
         order by p.apply_date desc, p.id desc
         limit 1
      ) sp on true
     where lower(u.username) = lower(${username})`);
  return row;
}

/** Issue 25: the user's own language (a preference, not a business record: no history, no version change). */
export async function updateUserLanguage(db: DbOrTx, userId: number, language: string): Promise<void> {
  await db.execute(sql`update users set language = ${language} where id = ${userId}`);
}
