import { LEAVE_BALANCE_MESSAGES as M, type LeaveBalance, type LeaveBalanceQuery } from '@tms/contracts/leave-balance';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { annualBalance, hours2 } from '../leave/annual-balance.ts';
import * as repo from './leave-balance.repository.ts';

/**
 * get-balance (spec 001 §7.10): the figures the leave request form shows for one user on a date. The annual figures
 * come from the leave core (`annualBalance`, the same owner as My Timesheet's Annual Leave); offset and birthday
 * leave from the employee record, until offset leave and birthday leave requests are posted on the ledger.
 */
export type LeaveBalanceDeps = { db: DbOrTx; clock: Clock };

export async function getBalance({ db, clock }: LeaveBalanceDeps, user: SessionUser, query: LeaveBalanceQuery): Promise<LeaveBalance> {
  // Without a username the caller's own figures; another user's only inside the caller's scope, else 404.
  const who = query.username !== undefined ? { username: query.username } : user.employeeId !== null ? { employeeId: user.employeeId } : null;
  const employee = who === null ? undefined : await repo.findEmployeeInScope(db, user, who);
  if (!employee) throw notFound(M.staffNotFound);
  const balance = await annualBalance(db, { employeeId: employee.id, date: query.date ?? clock.today() });
  return {
    remain_annual_leave: balance.usableHours,
    annual_leave_balance_hours: balance.balanceHours,
    remainOffsetLeave: hours2(Number(employee.remain_offset_leave)),
    remain_birthday_leave: hours2(Number(employee.remain_birthday_leave)),
  };
}
