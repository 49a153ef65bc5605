import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { employees } from '../../db/schema/organisation.ts';
import { registerJob, runDueJobs } from '../../lib/jobs.ts';
import { mailLink, notifyEvent, NOTIFY_MAIL_JOB, notifyMailJob, runNotifyMailJob } from '../../lib/notify.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const cfg = { mailFrom: 'TMS <no-reply@tms.local>' };
type Outbox = { id: number; to: string; cc: string | null; subject: string; text: string; status: string };
type Notif = { user_id: number; notification_type: string; title: string; body: string | null; link: string | null };

const outbox = () => queryRows<Outbox>(t.db, sql`select id, "to", cc, subject, text, status from mail_outbox order by id`);
const notifs = () => queryRows<Notif>(t.db, sql`select user_id, notification_type, title, body, link from notifications order by id`);
async function clear() {
  await queryRows(t.db, sql`delete from notifications`);
  await queryRows(t.db, sql`delete from mail_outbox`);
  await queryRows(t.db, sql`delete from jobs where name = ${NOTIFY_MAIL_JOB}`);
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
  registerJob(notifyMailJob, runNotifyMailJob);
});
afterAll(() => t.close());

describe('notifyEvent (RULES.md §8)', () => {
  it('writes the in-app rows and one outbox mail to the recipients with the CC list and the item link, in the transaction', async () => {
    await clear();
    const { userIds: u, employeeIds: e } = t.fixture;
    const result = await t.db.transaction((tx) =>
      notifyEvent(tx, cfg, {
        userIds: [u.gl!],
        employeeIds: [e.dl!],
        ccEmployeeIds: [e.hr!, e.gl!],
        type: 'ASSIGNED',
        title: 'A request is assigned to you',
        body: 'Son Staff: Annual leave 24/11/2026',
        link: '/timesheet/request-management?id=42',
      }),
    );
    expect(result.notificationIds).toHaveLength(2);
    const rows = await notifs();
    expect(rows.map((r) => r.user_id).sort()).toEqual([u.gl!, u.dl!].sort());
    expect(rows[0]).toMatchObject({ notification_type: 'ASSIGNED', title: 'A request is assigned to you', link: '/timesheet/request-management?id=42' });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to.split(', ').sort()).toEqual(['dl@cglobal.test', 'gl@cglobal.test']);
    // gl is a recipient, so not copied twice.
    expect(mails[0]!.cc).toBe('hr@cglobal.test');
    expect(mails[0]).toMatchObject({ subject: 'A request is assigned to you', status: 'outbox' });
    expect(mails[0]!.text).toContain('Son Staff: Annual leave 24/11/2026');
    expect(mails[0]!.text).toContain('Open: /timesheet/request-management?id=42');
  });

  it('writes nothing when the transaction rolls back', async () => {
    await clear();
    await expect(
      t.db.transaction(async (tx) => {
        await notifyEvent(tx, cfg, { userIds: [t.fixture.userIds.staff!], type: 'APPROVED', title: 'Approved' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await notifs()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('an employee without a user account gets mail only; a disabled user no in-app row; the link is absolute with appUrl', async () => {
    await clear();
    const [emp] = await t.db
      .insert(employees)
      .values({ name: 'No Account', email: 'noaccount@cglobal.test', userName: 'noaccount', companyId: t.fixture.companyId, departmentId: t.fixture.departments.dep1, divisionId: t.fixture.divisions.div1, startWorkingDay: '2020-01-06', seniorityDate: '2020-01-06', contractType: 'UNLIMTED', workScheduleType: 'HCM', location: 'CGLOBALHCM', sf4cId: 'SFNOACC' })
      .returning();
    await t.db.update(users).set({ disabled: true }).where(sql`id = ${t.fixture.userIds.staff4}`);
    await notifyEvent(t.db, { ...cfg, appUrl: 'https://tms.example.com/' }, {
      employeeIds: [emp!.id, t.fixture.employeeIds.staff4!],
      type: 'REJECTED',
      title: 'Your request is rejected',
      link: '/timesheet/request-management?id=7',
    });
    expect(await notifs()).toEqual([]);
    const [mail] = await outbox();
    expect(mail!.to.split(', ').sort()).toEqual(['noaccount@cglobal.test', 'staff4@cglobal.test']);
    expect(mail!.text).toContain('Open: https://tms.example.com/timesheet/request-management?id=7');
    await t.db.update(users).set({ disabled: false }).where(sql`id = ${t.fixture.userIds.staff4}`);
  });

  it('CC only still mails the CC list; no recipients at all does nothing', async () => {
    await clear();
    await notifyEvent(t.db, cfg, { ccEmployeeIds: [t.fixture.employeeIds.hr!], type: 'APPROVED', title: 'FYI' });
    expect(await notifs()).toEqual([]);
    expect((await outbox()).map((m) => [m.to, m.cc])).toEqual([['hr@cglobal.test', null]]);
    await clear();
    expect(await notifyEvent(t.db, cfg, { userIds: [], type: 'APPROVED', title: 'Nobody' })).toEqual({ notificationIds: [], mailTo: [], mailCc: [] });
    expect(await outbox()).toEqual([]);
  });

  it('with SMTP the mail is a job queued in the transaction and sent after the commit; a failure is recorded on the outbox row', async () => {
    await clear();
    const smtp = { ...cfg, smtpUrl: 'smtp://127.0.0.1:1' };
    await t.db.transaction((tx) => notifyEvent(tx, smtp, { userIds: [t.fixture.userIds.gl!], type: 'ASSIGNED', title: 'Assigned', link: '/x' }));
    expect(await notifs()).toHaveLength(1);
    expect(await outbox()).toEqual([]);
    const [job] = await queryRows<{ status: string }>(t.db, sql`select status from jobs where name = ${NOTIFY_MAIL_JOB}`);
    expect(job?.status).toBe('queued');
    // The app's own config has no SMTP: the job sends with it, so the row stays in the outbox.
    await runDueJobs(t.app);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: 'gl@cglobal.test', subject: 'Assigned', status: 'outbox' });
    const failed = await runNotifyMailJob({ to: 'gl@cglobal.test', subject: 'Direct', text: 'x' }, { app: { ...t.app, db: t.db, config: { ...t.app.config, ...smtp } } } as never);
    expect(failed.status).toBe('failed');
  });

  it('mailLink joins the base URL and the path', () => {
    expect(mailLink('/a?id=1', 'https://h.example/app')).toBe('https://h.example/app/a?id=1');
    expect(mailLink('/a?id=1')).toBe('/a?id=1');
  });
});
