import type { FastifyInstance } from 'fastify';
import { isIsoDateText, isWeekendIso, MESSAGES_COMMON } from '@tms/contracts/api';
import { DEFAULT_LANGUAGE, isLanguage } from '@tms/contracts/language';
import { MAIL_TEXTS } from '@tms/contracts/mail-texts';
import { renderNotificationText } from '@tms/contracts/notification-texts';
import { TIMESHEET_CALC_LINK, TIMESHEET_CALC_MESSAGES as M } from '@tms/contracts/timesheet-calc';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { defineJob, enqueueJob } from '../../lib/jobs.ts';
import { companyToday, toDmy } from '../../lib/dates.ts';
import { sendMail } from '../../lib/mail.ts';
import { notify } from '../../lib/notify.ts';
import { findPeriodContaining, getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './recalculate.repository.ts';

/**
 * Calculate working day (spec 001 §5.1, §7.1; RULES.md §4: a background job that notifies the caller when done):
 * the request's validation, the job's name and payload, and the notification and mail that end it. The runner, which
 * recomputes the days and then the OT pay, is in modules/recalculation.
 */

export const CALCULATE_WORKING_DAY_JOB = 'timesheet.calculate-working-day';
/** The notification kind of a finished calculation (RULES.md §8). */
export const CALCULATION_FINISHED = 'CALCULATION_FINISHED';
export const calculateWorkingDayJob = defineJob({ name: CALCULATE_WORKING_DAY_JOB, payload: z.object({ date: z.string(), employeeIds: z.array(z.number().int()).nullable() }) });
export type CalculatePayload = z.infer<typeof calculateWorkingDayJob.payload>;

/** The employees asked for: at least one, all existing (spec 001 §5.1); null = every active employee. */
async function chosenEmployees(db: Db, employeeIds: readonly number[] | null): Promise<number[] | null> {
  if (employeeIds === null) return null;
  const wanted = [...new Set(employeeIds)];
  if (wanted.length === 0) throw badRequest(M.employeeRequired);
  const found = await repo.existingEmployeeIds(db, wanted);
  if (found.length !== wanted.length) throw notFound(M.employeeNotFound);
  return found;
}

/**
 * Checks the date rules of spec 001 §5.1 in order — required, a real date, inside a payroll period, the period not
 * starting in the future, the date not in the future, not a weekend, not locked (RULES.md §4, 409) — then the
 * employees (at least one; all must exist), and queues the job. `employeeIds` null = every active employee.
 */
export async function requestWorkingDayCalculation(
  db: Db,
  req: { userId: number; date: string | undefined; employeeIds: readonly number[] | null },
  opts: { timeZone: string; now: Date },
): Promise<{ jobId: number }> {
  const date = req.date?.trim();
  if (!date) throw badRequest(M.dateRequired);
  if (!isIsoDateText(date)) throw badRequest(MESSAGES_COMMON.invalidDate);
  const today = companyToday(opts.timeZone, opts.now);
  const period = await findPeriodContaining(db, date, { companyId: null });
  if (!period) throw badRequest(M.dateRequired);
  if (period.from_date > today) throw badRequest(M.futureTimesheet);
  if (date > today) throw badRequest(M.futureDate);
  if (isWeekendIso(date)) throw badRequest(M.weekend);
  const lock = await getLockDate(db);
  if (lock && date <= lock) throw new AppError(409, M.locked(toDmy(date)!));
  const employeeIds = await chosenEmployees(db, req.employeeIds);
  const payload: CalculatePayload = { date, employeeIds };
  return { jobId: await enqueueJob(db, { job: calculateWorkingDayJob, payload, createdBy: req.userId }) };
}

/** Tells the caller the calculation finished: a notification, and the mail the spec's text promises (spec 001 §8). */
export async function notifyWorkingDayCalculated(
  app: FastifyInstance,
  userId: number,
  done: { date: string; allEmployees: boolean; employees: number; days: number; changedDays: number },
): Promise<void> {
  const { date, allEmployees, employees, days, changedDays } = done;
  const text = { key: 'workingDayCalculated' as const, params: { date, allEmployees, employees, days, changedDays } };
  await notify(app.db, { userId, type: CALCULATION_FINISHED, text, link: TIMESHEET_CALC_LINK });
  // The mail in the user's language (issue 25); sendMail records it in the outbox without SMTP.
  const to = await repo.userMail(app.db, userId);
  if (!to) return;
  const language = isLanguage(to.language) ? to.language : DEFAULT_LANGUAGE;
  const { title, body } = renderNotificationText(text, language, { title: M.finishedTitle, body: null });
  await sendMail(app.db, app.config, { to: to.email, subject: title, text: `${MAIL_TEXTS.greeting[language](to.name)}\n\n${body}\n` });
}
