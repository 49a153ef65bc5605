import { ABNORMAL_MESSAGES as AM, fittingActuals } from '@tms/contracts/abnormal-case';
import { REQUEST_MESSAGES as RM } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { findPeriodContaining, isRequestDateForbidden, lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { periodContaining } from '../payroll-periods/period-calendar.ts';
import * as xrepo from './explanation.repository.ts';
import { fundLeft } from './explanation.repository.ts';

/** The explanation fund of an employee's date in its payroll period (the one owner: explanation-info and filing). */
export async function explanationFundOf(db: DbOrTx, employeeId: number, date: string, exceptRequestId: number | null = null) {
  const period = await findPeriodContaining(db, date, { callerEmployeeId: employeeId });
  const range = period ? { from: period.from_date, to: period.to_date } : periodContaining(date);
  return xrepo.explanationFund(db, employeeId, date, { from: range.from, to: range.to }, exceptRequestId);
}

export const trimmed = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/** RULES.md §4–§5: nothing on or before the lock date; explanations close at the period's forbidden date and hour. */
export async function checkWindow(clock: Clock, tx: DbOrTx, employeeId: number, date: string, opts: { forbiddenWindow: boolean }) {
  const lock = await lockDateFor(tx, employeeId);
  if (lock !== null && date <= lock) throw badRequest(AM.locked);
  if (opts.forbiddenWindow && (await isRequestDateForbidden(tx, date, { callerEmployeeId: employeeId }, clock))) throw badRequest(AM.forbiddenExplanation);
}

/**
 * RULES.md §4: an hour-based explanation asks for one use of the period's fund; refused when the period's uses
 * (approved, pending and delegated explanations) or the day's limit are used up.
 */
export async function checkFund(tx: DbOrTx, employeeId: number, date: string, exceptRequestId: number | null) {
  const f = await explanationFundOf(tx, employeeId, date, exceptRequestId);
  if (f.explanation_number === null || fundLeft(f) < 1 || (f.refund_hours ?? 0) <= 0) throw badRequest(AM.fundUsedUp);
  if (f.day_used >= (f.per_day ?? 0)) throw badRequest(AM.dayLimitReached);
  return { refund_hours: f.refund_hours ?? 0 };
}

export function validateTexts(body: { description?: string | null; reason_type?: string | null }) {
  const messages: string[] = [];
  if (!trimmed(body.reason_type)) messages.push(RM.reasonRequired);
  if (!trimmed(body.description)) messages.push(RM.descriptionRequired);
  if (messages.length > 0) throw badRequest(messages[0]!, messages);
}

/** An actual that does not fit the case's type is refused (issue 26: "Came late" for a case with no check-out). */
export function checkActualFits(actual: string | null, c: { reason: string; is_flexible: boolean }) {
  if (actual !== null && !fittingActuals(c).includes(actual)) throw badRequest(AM.actualNotFitting);
}
