import type { FastifyInstance } from 'fastify';
import { SEND_EMAIL_SYNC_MAX, TIMESHEET_EXPORT_MESSAGES as M, type SendEmailBody } from '@tms/contracts/timesheet-export';
import { badRequest } from '../../lib/errors.ts';
import { z } from 'zod';
import { defineJob, enqueueJob, type JobContext } from '../../lib/jobs.ts';
import { sendMail, type MailMessage } from '../../lib/mail.ts';
import { employeeFilterSql, fromSendEmailBody } from '../timesheet/employee-filter.repository.ts';
import { findPeriod } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './timesheet-export.repository.ts';
import type { DetailDay, ExportEmployee, ExportPeriod } from './timesheet-export.repository.ts';
import { dmy, parseDays, periodDates, summarise, type EmployeeSummary } from './timesheet-export.sheets.ts';
import { loadPeriod, pages } from './timesheet-export.service.ts';

/**
 * "Send email" (spec 001 §7.1, RULES.md §8): each chosen employee gets one mail with their period summary. Mails are
 * not business records (no history entry); `sendMail` records each in the outbox and, when SMTP fails, marks it failed
 * and writes the Connection History row itself.
 */
export const SEND_EMAIL_JOB = 'timesheet.send-email';
/** Recipients per round of the job: their days are read in one query, then the mails go out one by one. */
const MAIL_CHUNK = 50;

/** `done`: recipients already mailed, stored back by the job after each round so a retry resumes there. */
export const sendEmailJob = defineJob({
  name: SEND_EMAIL_JOB,
  payload: z.object({ periodId: z.number().int(), employeeIds: z.array(z.number().int()), done: z.number().int().min(0) }),
});
type SendEmailPayload = z.infer<typeof sendEmailJob.payload>;
type SendResult = { sent: number; failed: number };

/**
 * Recipients: the employees the filter picks (the chosen `employee_id` rows win over the filter), less
 * `except_employee`, that have an email address. Up to SEND_EMAIL_SYNC_MAX are mailed inside the request; more by a
 * background job, answered at once with its id.
 */
export async function requestTimesheetEmails(app: FastifyInstance, req: { periodId: number; body: SendEmailBody; userId: number | null; employeeId: number | null }): Promise<{ recipients: number; jobId: number | null }> {
  const period = await loadPeriod(app.db, req.periodId, req.employeeId);
  const ids = await repo.mailableEmployeeIds(app.db, employeeFilterSql(fromSendEmailBody(req.body), period));
  if (ids.length === 0) throw badRequest(M.employeeRequired);
  if (ids.length <= SEND_EMAIL_SYNC_MAX) {
    await sendSummaries(app, period, ids);
    return { recipients: ids.length, jobId: null };
  }
  const payload: SendEmailPayload = { periodId: period.id, employeeIds: ids, done: 0 };
  const jobId = await enqueueJob(app.db, { job: sendEmailJob, payload, createdBy: req.userId });
  return { recipients: ids.length, jobId };
}

/**
 * The job: mails the recipients MAIL_CHUNK at a time. After each round it stores how many are done in its own
 * payload, so a retry (after a database failure) resumes after the last finished round instead of mailing everyone
 * again; a round cut short is at worst sent twice for those of its recipients already mailed.
 */
export async function runSendEmailJob(payload: SendEmailPayload, ctx: JobContext): Promise<SendResult & { recipients: number }> {
  const { app } = ctx;
  const total: SendResult = { sent: 0, failed: 0 };
  const period = await findPeriod(app.db, payload.periodId, { companyId: null });
  if (!period) return { recipients: payload.employeeIds.length, ...total };
  for (let done = payload.done ?? 0; done < payload.employeeIds.length; ) {
    const chunk = payload.employeeIds.slice(done, done + MAIL_CHUNK);
    const result = await sendSummaries(app, period, chunk);
    total.sent += result.sent;
    total.failed += result.failed;
    done += chunk.length;
    await repo.recordMailProgress(app.db, ctx.jobId, done);
  }
  return { recipients: payload.employeeIds.length, ...total };
}

/** One mail per employee, sent one after the other with the pool (never inside a transaction: lib/mail.ts). */
async function sendSummaries(app: FastifyInstance, period: ExportPeriod, ids: readonly number[]): Promise<SendResult> {
  const filter = repo.mailableAmong(ids);
  const result: SendResult = { sent: 0, failed: 0 };
  for await (const employees of pages(MAIL_CHUNK, (after) => repo.detailPage(app.db, filter, period, after, MAIL_CHUNK))) {
    for (const emp of employees) {
      const days = parseDays(emp.days);
      const sent = await sendMail(app.db, app.config, summaryMail(emp, period, days, summarise(days, emp.violations, period)));
      if (sent.status === 'failed') result.failed += 1;
      else result.sent += 1;
    }
  }
  return result;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const show = (v: string | number | null) => (v === null || v === '' ? '-' : String(v));

/** The mail: each working day (and public holiday) of the period with check in/out and value, then the totals. */
export function summaryMail(emp: ExportEmployee, period: ExportPeriod, days: readonly DetailDay[], s: EmployeeSummary): MailMessage {
  const dates = periodDates(period);
  const lines = days
    .filter((d) => d.day_type === 'WORKING' || d.day_type === 'HOLIDAY' || d.v !== null)
    .map((d) => ({ date: dmy(dates[d.i]!), checkIn: d.check_in, checkOut: d.check_out, value: d.v }));
  const title = `Your timesheet summary for ${period.name} (${dmy(period.from_date)} - ${dmy(period.to_date)})`;
  const totals: [string, string][] = [
    ['Total workday', `${s.totalWorkday} / ${s.workingDays} working days`],
    ['Abnormal days', String(s.abnormalDays)],
    ['Late coming days', String(s.lateComingDays)],
    ['Early leaving days', String(s.earlyLeavingDays)],
  ];
  const text = [
    `Dear ${emp.name},`,
    '',
    `${title}:`,
    '',
    `${'Date'.padEnd(12)}${'Check In'.padEnd(10)}${'Check Out'.padEnd(11)}Value`,
    ...lines.map((l) => `${l.date.padEnd(12)}${show(l.checkIn).padEnd(10)}${show(l.checkOut).padEnd(11)}${show(l.value)}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
  ].join('\n');
  const cell = (v: string | number | null, tag = 'td') => `<${tag} style="border:1px solid #ccc;padding:2px 8px">${escapeHtml(show(v))}</${tag}>`;
  const html = [
    `<p>Dear ${escapeHtml(emp.name)},</p>`,
    `<p>${escapeHtml(title)}:</p>`,
    '<table style="border-collapse:collapse">',
    `<tr>${cell('Date', 'th')}${cell('Check In', 'th')}${cell('Check Out', 'th')}${cell('Value', 'th')}</tr>`,
    ...lines.map((l) => `<tr>${cell(l.date)}${cell(l.checkIn)}${cell(l.checkOut)}${cell(l.value)}</tr>`),
    '</table>',
    `<p>${totals.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`,
  ].join('\n');
  return { to: emp.email!.trim(), subject: M.emailSubject(period.name), text, html };
}
