import type { FastifyInstance } from 'fastify';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { REMINDER_KIND_SWITCH, REMINDER_KINDS, type ReminderKind, type ReminderSettings } from '@tms/contracts/reminders';
import type { NotificationText } from '@tms/contracts/notification-texts';
import { addDays } from '../../../lib/dates.ts';
import { notifyEvent, type NotificationType } from '../../../lib/notify.ts';
import { lockDateOfEmployeeSql } from '../../payroll-periods/payroll-periods.service.ts';
import { forbiddenRequestOf } from '../../payroll-periods/forbidden-request.ts';
import { companyWorkingDates } from '../../payroll-periods/settings.repository.ts';
import { overdueWaitingByUser } from '../my-work.repository.ts';
import { loadReminderSettings } from './reminder-settings.ts';
import * as repo from './reminders.repository.ts';
import { lastDayOlderThan, previousWorkingDay, workingDaysBetween, workingDaysOf, type WorkingDays } from './working-days.ts';

/**
 * Scheduled reminders (issue 30 §4, docs/reminders.md). On a business day, once the morning time has passed in company
 * time, each enabled kind runs once: its run of the day is claimed in `reminder_runs` (a process that dies mid-run
 * leaves it unfinished, and after the lease another process re-enters it); each person's reminder is marked in
 * `reminder_sends` (insert … on conflict do nothing) in the transaction of its notification, so however many processes
 * run and however often, a person gets one reminder of a kind a day. Who to remind is one statement per kind.
 */
export type ReminderRunOptions = { leaseSeconds?: number; batchSize?: number };
export type ReminderRunResult = Partial<Record<ReminderKind, number>>;

const DEFAULT_LEASE_SECONDS = 600;
const DEFAULT_BATCH = 50;
/** How far around today the working days are read: enough for a deadline a month ahead or a digest a month back. */
const CALENDAR_SPAN_DAYS = 70;

type Reminder = { userId: number; type: NotificationType; text: NotificationText; link: string; details: unknown };
type Day = { today: string; calendars: Map<number, WorkingDays>; active: number[] };

const EXPLANATION_KIND: ReminderKind = 'EXPLANATION_DEADLINE';

const TYPES: Record<ReminderKind, NotificationType> = {
  APPROVER_DIGEST: 'REMINDER_APPROVALS',
  EXPLANATION_DEADLINE: 'REMINDER_EXPLANATION',
  MISSING_CHECK_OUT: 'REMINDER_CHECK_OUT',
  HR_PERIOD_DIGEST: 'REMINDER_PERIOD',
};

/** 'HH:mm' of an instant in a zone. */
function localTime(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
}

/** Today's working calendars per company; `active` the companies for which today is a working day. */
async function businessDay(app: FastifyInstance): Promise<Day> {
  const today = app.clock.today();
  const rows = await companyWorkingDates(app.db, addDays(today, -CALENDAR_SPAN_DAYS), addDays(today, CALENDAR_SPAN_DAYS));
  const byCompany = new Map<number, string[]>();
  for (const r of rows) byCompany.set(Number(r.company_id), [...(byCompany.get(Number(r.company_id)) ?? []), r.day]);
  const calendars = new Map([...byCompany].map(([id, days]) => [id, workingDaysOf(days)]));
  return { today, calendars, active: [...calendars].filter(([, w]) => w.isWorking(today)).map(([id]) => id) };
}

/** Runs every enabled kind that is due and not yet run today; returns how many people each kind reminded now. */
export async function runReminders(app: FastifyInstance, opts: ReminderRunOptions = {}): Promise<ReminderRunResult> {
  const settings = await loadReminderSettings(app.db);
  if (localTime(app.clock.now(), app.clock.timeZone) < settings.morning_time) return {};
  const day = await businessDay(app);
  if (day.active.length === 0) return {};
  const result: ReminderRunResult = {};
  for (const kind of REMINDER_KINDS) {
    if (!settings[REMINDER_KIND_SWITCH[kind]]) continue;
    if (!(await repo.claimRun(app.db, kind, day.today, opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS))) continue;
    const reminders = await FINDERS[kind](app, day, settings);
    const sent = await deliver(app, kind, day.today, reminders, opts.batchSize ?? DEFAULT_BATCH);
    await repo.finishRun(app.db, kind, day.today, sent);
    result[kind] = sent;
  }
  return result;
}

/**
 * Writes the reminders, `batch` people a transaction: each person's send mark and notification (bell + mail) commit
 * together; a person already marked today (an earlier run, another process right now) is skipped.
 */
async function deliver(app: FastifyInstance, kind: ReminderKind, day: string, reminders: Reminder[], batch: number): Promise<number> {
  const done = await repo.alreadySent(app.db, kind, day, reminders.map((r) => r.userId));
  const todo = reminders.filter((r) => !done.has(r.userId));
  let sent = 0;
  for (let i = 0; i < todo.length; i += batch) {
    sent += await app.db.transaction(async (tx) => {
      let n = 0;
      for (const r of todo.slice(i, i + batch)) {
        if (!(await repo.claimSend(tx, { kind, userId: r.userId, day, details: r.details }))) continue;
        const { notificationIds } = await notifyEvent(tx, app.config, { userIds: [r.userId], type: r.type, text: r.text, link: r.link });
        await repo.setSendNotification(tx, { kind, userId: r.userId, day, notificationId: notificationIds[0] ?? null });
        n += 1;
      }
      return n;
    });
  }
  return sent;
}

type Finder = (app: FastifyInstance, day: Day, settings: ReminderSettings) => Promise<Reminder[]>;

/** Approvers with items filed more than N working days ago (their company's calendar) still waiting for them. */
const approverDigest: Finder = async (app, day, settings) => {
  const filedBy = day.active.map((companyId) => ({ companyId, day: lastDayOlderThan(day.calendars.get(companyId)!, day.today, settings.approver_digest_days) }));
  // A user without an employee (an admin account) counts on the first active company's calendar.
  if (filedBy[0]) filedBy.push({ companyId: 0, day: filedBy[0].day });
  const rows = await overdueWaitingByUser(app.db, { filedBy, timeZone: app.clock.timeZone, cbRoles: PRIVILEGED_ROLES, lockDateOf: lockDateOfEmployeeSql });
  return rows.map((r) => ({
    userId: Number(r.user_id),
    type: TYPES.APPROVER_DIGEST,
    text: { key: 'reminderApprovals', params: { count: r.count, days: settings.approver_digest_days, oldestDate: r.oldest_created_at, oldestTitle: r.oldest_title, oldestName: r.oldest_requester } },
    link: '/my-work',
    details: { count: r.count, oldest: r.oldest_created_at },
  }));
};

/**
 * Staff with unexplained cases in a period whose explanation deadline is N working days ahead — or fewer, when no
 * process ran on that day (a restart, a holiday shift): each person is reminded once per deadline, so a missed day is
 * caught up on the next one before the deadline, and a reminder already sent is not repeated.
 */
const explanationDeadline: Finder = async (app, day, settings) => {
  const periods = await repo.openPeriods(app.db, addDays(day.today, -CALENDAR_SPAN_DAYS));
  const closing = new Map<number, { date: string; hour: string }>();
  for (const p of periods) {
    const w = day.calendars.get(Number(p.company_id));
    if (!w || !day.active.includes(Number(p.company_id))) continue;
    const c = forbiddenRequestOf({ toDate: p.to_date, forbiddenRequestDate: p.forbidden_request_date, forbiddenRequestTimeInHour: p.forbidden_request_time_in_hour, daySetting: p.forbidden_request_day });
    if (c.date > day.today && workingDaysBetween(w, day.today, c.date) <= settings.explanation_deadline_days) closing.set(Number(p.id), c);
  }
  const rows = await repo.unexplainedCasesOf(app.db, { periodIds: [...closing.keys()] });
  const reminded = await repo.remindedOfDeadlines(app.db, EXPLANATION_KIND, [...new Set(rows.map((r) => Number(r.user_id)))], [...new Set([...closing.values()].map((c) => c.date))]);
  const byUser = new Map<number, { count: number; first: string; deadline: { date: string; hour: string }; deadlines: Set<string> }>();
  for (const r of rows) {
    const c = closing.get(Number(r.period_id))!;
    const userId = Number(r.user_id);
    if (reminded.has(`${userId}|${c.date}`)) continue;
    const prev = byUser.get(userId);
    byUser.set(userId, {
      count: r.count + (prev?.count ?? 0),
      first: prev && prev.first < r.first_date ? prev.first : r.first_date,
      // The nearest deadline is the one the text names.
      deadline: prev && prev.deadline.date < c.date ? prev.deadline : c,
      deadlines: new Set([...(prev?.deadlines ?? []), c.date]),
    });
  }
  return [...byUser].map(([userId, u]) => ({
    userId,
    type: TYPES.EXPLANATION_DEADLINE,
    text: { key: 'reminderExplanation', params: { count: u.count, firstDate: u.first, deadline: u.deadline.date, hour: u.deadline.hour } },
    link: '/timesheet/abnormal-case',
    details: { count: u.count, first: u.first, deadline: u.deadline.date, deadlines: [...u.deadlines].sort() },
  }));
};

/** Staff whose days since the previous working day (yesterday on Tuesday to Friday; Friday to Sunday on Monday) have a check-in and no check-out. */
const missingCheckOut: Finder = async (app, day) => {
  const since = new Map(day.active.map((id) => [id, previousWorkingDay(day.calendars.get(id)!, day.today)]));
  const earliest = [...since.values()].sort()[0];
  if (!earliest) return [];
  const rows = await repo.missingCheckOuts(app.db, earliest, addDays(day.today, -1));
  return rows.flatMap((r) => {
    const from = r.company_id === null ? undefined : since.get(Number(r.company_id));
    if (from === undefined) return [];
    const dates = r.dates.filter((d) => d >= from);
    if (dates.length === 0) return [];
    return [{ userId: Number(r.user_id), type: TYPES.MISSING_CHECK_OUT, text: { key: 'reminderCheckOut', params: { dates } }, link: '/timesheet/abnormal-case', details: { dates } }];
  });
};

/** HR and HRM of companies with a payroll period that has ended and is not sent for review (Draft, Rejected, Pending update). */
const hrPeriodDigest: Finder = async (app, day) => {
  const periods = (await repo.openPeriods(app.db, addDays(day.today, -400))).filter(
    (p) => p.to_date < day.today && [0, 1, 2].includes(Number(p.status)) && day.active.includes(Number(p.company_id)),
  );
  if (periods.length === 0) return [];
  const users = await repo.hrUsersOf(app.db, [...new Set(periods.map((p) => Number(p.company_id)))], ['HR', 'HRM']);
  return users.flatMap((u) => {
    const mine = periods.filter((p) => u.company_id === null || Number(p.company_id) === Number(u.company_id)).sort((a, b) => a.to_date.localeCompare(b.to_date));
    const oldest = mine[0];
    if (!oldest) return [];
    return [{
      userId: Number(u.user_id),
      type: TYPES.HR_PERIOD_DIGEST,
      text: { key: 'reminderPeriod', params: { count: mine.length, oldest: oldest.name, oldestTo: oldest.to_date } },
      link: '/timesheet',
      details: { periods: mine.map((p) => p.name) },
    }];
  });
};

const FINDERS: Record<ReminderKind, Finder> = {
  APPROVER_DIGEST: approverDigest,
  EXPLANATION_DEADLINE: explanationDeadline,
  MISSING_CHECK_OUT: missingCheckOut,
  HR_PERIOD_DIGEST: hrPeriodDigest,
};
