import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_STATUS_PATH } from '@tms/contracts/jobs';
import { UPDATE_LEAVE_MESSAGES as M, UPDATE_LEAVE_PATH, UPDATE_LEAVE_MAX_USERNAMES } from '@tms/contracts/update-leave';
import { queryRows } from '../../db/client.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';
import type { Json } from '../../test/leave-api.ts';
import { LEAVE_ACCRUAL_JOB } from '../leave/accrual.job.ts';
import { chooseTarget, normalizeUsernames } from './update-leave.service.ts';

const URL = `/api${UPDATE_LEAVE_PATH}`;

let t: TestApp;
async function run(user: string, payload?: unknown) {
  const res = await t.app.inject({ method: 'POST', url: URL, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
}
type JobRow = { id: number; name: string; status: string; payload: Json; created_by: number | null; max_attempts: number };
const jobsOf = () => queryRows<JobRow>(t.db, sql`select id, name, status, payload, created_by, max_attempts from jobs where name = ${LEAVE_ACCRUAL_JOB} order by id`);
/** The run in progress ends (as the worker would mark it), so the next test may start one. */
const finishAll = () => t.db.execute(sql`update jobs set status = 'done', finished_at = now() where name = ${LEAVE_ACCRUAL_JOB} and status in ('queued', 'running')`);

beforeAll(async () => {
  // No rule here depends on the date; the clock is the suite's.
  t = await createTestApp({ now: defaultTestNow() });
});
afterAll(() => t.close());
beforeEach(() => finishAll());

describe('POST /tms/leaves-management/update-leave', () => {
  it('queues the accrual job for every employee with the caller as its creator', async () => {
    const { status, body } = await run('hr', { all: true });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(M.started);
    const job = (await jobsOf()).find((j) => j.id === body.data.jobId)!;
    expect(job).toMatchObject({ status: 'queued', created_by: t.fixture.userIds.hr, max_attempts: 1 });
    expect(job.payload).toEqual({ employeeIds: null, reason: 'update-leave' });
  });

  it('queues it for the chosen staff (any case, duplicates once), employee ids in order', async () => {
    const { status, body } = await run('admin', { usernames: ['staff2', 'Staff', ' STAFF ', 'gl'], all: false });
    expect(status, JSON.stringify(body)).toBe(200);
    const job = (await jobsOf()).find((j) => j.id === body.data.jobId)!;
    const ids = ['staff2', 'staff', 'gl'].map((u) => t.fixture.employeeIds[u]!).sort((a, b) => a - b);
    expect(job.payload).toEqual({ employeeIds: ids, reason: 'update-leave' });
    expect(job.created_by).toBe(t.fixture.userIds.admin);
  });

  it('lets the creator follow the job, and nobody else (GET /tms/jobs/:id)', async () => {
    const { body } = await run('hr', { all: true });
    const url = `/api${JOB_STATUS_PATH.replace(':id', String(body.data.jobId))}`;
    const mine = await t.app.inject({ method: 'GET', url, headers: await t.as('hr') });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: body.data.jobId, name: LEAVE_ACCRUAL_JOB, status: 'queued', percent: 0 });
    expect((await t.app.inject({ method: 'GET', url, headers: await t.as('admin') })).statusCode).toBe(404);
  });

  it('refuses a second run while one is queued or running, whoever started it (409)', async () => {
    expect((await run('hr', { all: true })).status).toBe(200);
    const second = await run('admin', { usernames: ['staff'] });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(M.alreadyRunning);
    await t.db.execute(sql`update jobs set status = 'running' where name = ${LEAVE_ACCRUAL_JOB} and status = 'queued'`);
    expect((await run('hr', { all: true })).status).toBe(409);
    // A job of the year end (no creator) counts too.
    await finishAll();
    await t.db.execute(sql`insert into jobs (name, payload) values (${LEAVE_ACCRUAL_JOB}, ${JSON.stringify({ employeeIds: null, reason: 'year-end' })}::jsonb)`);
    expect((await run('hr', { all: true })).status).toBe(409);
    await finishAll();
    expect((await run('hr', { all: true })).status).toBe(200);
  });

  it('starts one job when two runs are asked at once', async () => {
    const before = (await jobsOf()).length;
    const answers = await Promise.all([run('hr', { all: true }), run('admin', { all: true })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await jobsOf()).length).toBe(before + 1);
  });

  it('a failed or finished run does not block the next one', async () => {
    await t.db.execute(sql`insert into jobs (name, payload, status) values (${LEAVE_ACCRUAL_JOB}, '{}'::jsonb, 'failed')`);
    expect((await run('hr', { usernames: ['staff'] })).status).toBe(200);
  });

  it('needs exactly one of a list of staff or all staff (400, nothing queued)', async () => {
    const before = (await jobsOf()).length;
    for (const payload of [{}, { usernames: [] }, { usernames: ['  '] }, { all: false }, { usernames: [], all: false }]) {
      const { status, body } = await run('hr', payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.message).toBe(M.chooseStaff);
    }
    const empty = await run('hr');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(M.chooseStaff);
    const both = await run('hr', { usernames: ['staff'], all: true });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(M.notBoth);
    expect((await run('hr', { usernames: 'staff' })).body.message).toBe(M.usernamesInvalid);
    expect((await run('hr', { all: 'yes' })).body.message).toBe(M.allInvalid);
    const many = Array.from({ length: UPDATE_LEAVE_MAX_USERNAMES + 1 }, (_, i) => `u${i}`);
    expect((await run('hr', { usernames: many })).body.message).toBe(M.tooManyStaff);
    expect((await jobsOf()).length).toBe(before);
  });

  it('names the unknown usernames (400, nothing queued)', async () => {
    const before = (await jobsOf()).length;
    const { status, body } = await run('hr', { usernames: ['staff', 'ghost', 'nobody'] });
    expect(status).toBe(400);
    expect(body.message).toBe(M.staffNotFound(['ghost', 'nobody']));
    expect((await jobsOf()).length).toBe(before);
  });

  it('is for HR and Admin only (RULES.md §2)', async () => {
    for (const user of ['hrm', 'dl', 'gl', 'pm', 'staff', 'guest']) {
      expect((await run(user, { all: true })).status, user).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: URL, payload: { all: true } })).statusCode).toBe(401);
  });
});

describe('the choice of staff', () => {
  it('trims, drops blanks and keeps the first spelling of a name', () => {
    expect(normalizeUsernames([' a ', 'A', '', 'b'])).toEqual(['a', 'b']);
    expect(normalizeUsernames(null)).toEqual([]);
  });

  it('is exactly one of all or a non-empty list', () => {
    expect(chooseTarget({ all: true })).toEqual({ all: true });
    expect(chooseTarget({ all: true, usernames: [] })).toEqual({ all: true });
    expect(chooseTarget({ usernames: ['x'], all: null })).toEqual({ usernames: ['x'] });
    expect(chooseTarget({ usernames: ['x'], all: true })).toEqual({ error: M.notBoth });
    expect(chooseTarget({})).toEqual({ error: M.chooseStaff });
  });
});
