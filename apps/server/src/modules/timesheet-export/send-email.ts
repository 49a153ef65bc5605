import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@tms/contracts/language';
import { MAIL_TEXTS } from '@tms/contracts/mail-texts';
import { textNumber } from '@tms/contracts/notification-texts';
import { SEND_EMAIL_SYNC_MAX, TIMESHEET_EXPORT_MESSAGES as M, type SendEmailBody } from '@tms/contracts/timesheet-export';
import { badRequest } from '../../lib/errors.ts';
import { z } from 'zod';
import { defineJob, enqueueJob, type JobContext } from '../../lib/jobs.ts';
import { employeeLanguages, sendMail, type MailMessage } from '../../lib/mail.ts';
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

/** One mail per employee in their language (issue 25), sent one after the other with the pool (never inside a transaction: lib/mail.ts). */
async function sendSummaries(app: FastifyInstance, period: ExportPeriod, ids: readonly number[]): Promise<SendResult> {
  const filter = repo.mailableAmong(ids);
  const result: SendResult = { sent: 0, failed: 0 };
  for await (const employees of pages(MAIL_CHUNK, (after) => repo.detailPage(app.db, filter, period, after, MAIL_CHUNK))) {
    const languages = await employeeLanguages(app.db, employees.map((e) => e.id));
    for (const emp of employees) {
      const days = parseDays(emp.days);
      const mail = summaryMail(emp, period, days, summarise(days, emp.violations, period), languages.get(emp.id));
      const sent = await sendMail(app.db, app.config, mail);
      if (sent.status === 'failed') result.failed += 1;
      else result.sent += 1;
    }
  }
  return result;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Column widths of the text table: the English ones, widened for a longer heading. */
const TEXT_WIDTHS = [12, 10, 11] as const;

/** The mail in `language`: each working day (and public holiday) of the period with check in/out and value, then the totals. */
export function summaryMail(emp: ExportEmployee, period: ExportPeriod, days: readonly DetailDay[], s: EmployeeSummary, language: Language = DEFAULT_LANGUAGE): MailMessage {
  const t = MAIL_TEXTS.timesheetSummary[language];
  const show = (v: string | number | null) => (v === null || v === '' ? '-' : typeof v === 'number' ? textNumber(language, v) : v);
  const dates = periodDates(period);
  const lines = days
    .filter((d) => d.day_type === 'WORKING' || d.day_type === 'HOLIDAY' || d.v !== null)
    .map((d) => ({ date: dmy(dates[d.i]!), checkIn: d.check_in, checkOut: d.check_out, value: d.v }));
  const title = t.intro({ period: period.name, from: period.from_date, to: period.to_date });
  const totals: [string, string][] = [
    [t.totalWorkdayLabel, t.totalWorkday({ total: s.totalWorkday, workingDays: s.workingDays })],
    [t.abnormalDays, show(s.abnormalDays)],
    [t.lateComingDays, show(s.lateComingDays)],
    [t.earlyLeavingDays, show(s.earlyLeavingDays)],
  ];
  const [hDate, hIn, hOut, hValue] = t.headings;
  const [wDate, wIn, wOut] = TEXT_WIDTHS.map((w, i) => Math.max(w, t.headings[i]!.length + 1));
  const text = [
    MAIL_TEXTS.greeting[language](emp.name),
    '',
    `${title}:`,
    '',
    `${hDate.padEnd(wDate!)}${hIn.padEnd(wIn!)}${hOut.padEnd(wOut!)}${hValue}`,
    ...lines.map((l) => `${l.date.padEnd(wDate!)}${show(l.checkIn).padEnd(wIn!)}${show(l.checkOut).padEnd(wOut!)}${show(l.value)}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
  ].join('\n');
  const cell = (v: string | number | null, tag = 'td') => `<${tag} style="border:1px solid #ccc;padding:2px 8px">${escapeHtml(show(v))}</${tag}>`;
  const html = [
    `<p>${escapeHtml(MAIL_TEXTS.greeting[language](emp.name))}</p>`,
    `<p>${escapeHtml(title)}:</p>`,
    '<table style="border-collapse:collapse">',
    `<tr>${t.headings.map((h) => cell(h, 'th')).join('')}</tr>`,
    ...lines.map((l) => `<tr>${cell(l.date)}${cell(l.checkIn)}${cell(l.checkOut)}${cell(l.value)}</tr>`),
    '</table>',
    `<p>${totals.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`,
  ].join('\n');
  return { to: emp.email!.trim(), subject: t.subject(period.name), text, html };
}
