import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { runDueJobs } from './jobs.ts';
import { MAINTENANCE_JOB, scheduleMaintenance } from './maintenance.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('maintenance purge', () => {
  it('deletes old sign-in attempts and dead sessions, keeps live ones, and queues its next run once', async () => {
    const liveToken = await t.tokenFor('hr');
    await t.db.execute(sql`insert into login_attempts (username, ip, success, at) values
      ('old', '10.0.0.1', false, now() - interval '2 days'), ('recent', '10.0.0.1', false, now() - interval '5 minutes')`);
    await t.db.execute(sql`insert into sessions (token_hash, user_id, last_seen_at) values
      ('dead-idle', ${t.fixture.userIds.staff}, now() - interval '3 days')`);
    await t.db.execute(sql`insert into sessions (token_hash, user_id, ended_at) values
      ('dead-ended', ${t.fixture.userIds.staff}, now() - interval '2 days')`);

    await scheduleMaintenance(t.db);
    await scheduleMaintenance(t.db);
    const queued = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from jobs where name = ${MAINTENANCE_JOB} and status = 'queued'`);
    expect(Number(queued[0]!.n)).toBe(1);

    expect(await runDueJobs(t.app)).toBe(1);
    const attempts = await queryRows<{ username: string }>(t.db, sql`select username from login_attempts order by username`);
    expect(attempts.map((a) => a.username)).toEqual(['recent']);
    const tokens = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from sessions where token_hash like 'dead-%'`);
    expect(tokens).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/tms/user/detail', headers: { authorization: `Bearer ${liveToken}` } });
    expect(res.statusCode).toBe(200);

    const next = await queryRows<{ run_at: string }>(t.db, sql`select run_at::text from jobs where name = ${MAINTENANCE_JOB} and status = 'queued'`);
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
  });
});
