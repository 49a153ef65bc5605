import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { TIMESHEET_REPORT_PATHS } from '@tms/contracts/timesheet-report';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { sessions, userRoles, users } from '../db/schema/identity.ts';
import { payrollPeriods } from '../db/schema/periods.ts';
import { fixedClock } from '../lib/clock.ts';
import { hashToken } from '../lib/session-user.ts';

export type ApiDifference = { call: string; detail: string };
export type ApiSample = { calls: string[]; differences: ApiDifference[]; skipped: string | null };

const PAGE = 'page=1&size=50';

/** The first enabled ADMIN user: the sample reads as someone who sees every employee. */
async function adminUserId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.role, 'ADMIN'), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

/** The latest payroll period that has started by `today` (the one whose grid people are filling), else the latest. */
async function latestPeriodId(db: Db, today: string): Promise<number | null> {
  const [started] = await db.select({ id: payrollPeriods.id }).from(payrollPeriods).where(lte(payrollPeriods.fromDate, today)).orderBy(desc(payrollPeriods.fromDate)).limit(1);
  if (started) return started.id;
  const [any] = await db.select({ id: payrollPeriods.id }).from(payrollPeriods).orderBy(desc(payrollPeriods.fromDate)).limit(1);
  return any?.id ?? null;
}

/**
 * The answers of `calls` from the app built on `database`, as the given user, with a session row that exists only
 * while they run (sessions are not copied by a move, and this one must not outlive the check).
 */
async function answers(database: Database, config: Config, now: Date, userId: number, calls: string[]): Promise<{ status: number; body: unknown }[]> {
  const token = randomBytes(32).toString('base64url');
  const [session] = await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId }).returning({ id: sessions.id });
  const app = await buildApp({ database, config: { ...config, seedDemo: false }, clock: fixedClock(now, config.companyTimeZone) });
  try {
    await app.ready();
    const out: { status: number; body: unknown }[] = [];
    for (const url of calls) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      out.push({ status: res.statusCode, body: res.json() });
    }
    return out;
  } finally {
    await app.close();
    await database.db.delete(sessions).where(eq(sessions.id, session!.id));
  }
}

/** Where two JSON values first differ, as a path and both values; null when equal. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const inner = firstDifference(ra[key], rb[key], Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`);
      if (inner) return inner;
    }
  }
  const show = (v: unknown) => (JSON.stringify(v) ?? 'missing').slice(0, 120);
  return `${path}: source ${show(a)}, target ${show(b)}`;
}

/**
 * The same questions to the app on both databases, with one fixed clock: the HR timesheet grid, the Annual Leave
 * Overview and the Timesheets Summary of the latest period, as the first enabled ADMIN. A copy that is right answers
 * the same JSON, byte for byte.
 */
export async function compareApiSample(source: Database, target: Database, config: Config, now = new Date()): Promise<ApiSample> {
  const userId = await adminUserId(source.db);
  const clock = fixedClock(now, config.companyTimeZone);
  const periodId = await latestPeriodId(source.db, clock.today());
  if (userId === null || periodId === null) return { calls: [], differences: [], skipped: userId === null ? 'no enabled ADMIN user' : 'no payroll period' };
  const calls = [
    `/api/tms/timesheets?timesheetId=${periodId}&${PAGE}`,
    `/api/tms/leaves-management?timesheetId=${periodId}&${PAGE}`,
    `/api${TIMESHEET_REPORT_PATHS.summary}?timesheetId=${periodId}&${PAGE}`,
  ];
  const before = await answers(source, config, now, userId, calls);
  const after = await answers(target, config, now, userId, calls);
  const differences: ApiDifference[] = [];
  calls.forEach((call, i) => {
    const [a, b] = [before[i]!, after[i]!];
    if (a.status !== 200) differences.push({ call, detail: `the source answered ${a.status}: ${JSON.stringify(a.body).slice(0, 200)}` });
    const detail = a.status !== b.status ? `status: source ${a.status}, target ${b.status}` : firstDifference(a.body, b.body);
    if (detail) differences.push({ call, detail });
  });
  return { calls, differences, skipped: null };
}
