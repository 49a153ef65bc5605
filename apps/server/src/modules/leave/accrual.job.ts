import type { JobContext } from '../../lib/jobs.ts';

/**
 * The leave accrual job (issue 8 §2): writes the accrual engine's fund rows and the year-end movements for one
 * employee, some, or all; safe to run again (same inputs → no new rows).
 */
export const LEAVE_ACCRUAL_JOB = 'leave-accrual';

export type LeaveAccrualPayload = {
  /** null: every employee. */
  employeeIds: number[] | null;
  /** What started the run: HR's Update Leave, a payroll period's close, or the year end. */
  reason: 'update-leave' | 'period-close' | 'year-end';
};

export type LeaveAccrualSummary = {
  employees: number;
  granted: number;
  adjusted: number;
  removed: number;
  conflicts: number;
  expiredEntries: number;
  ms: number;
};

export async function runLeaveAccrualJob(_payload: LeaveAccrualPayload, _ctx: JobContext): Promise<LeaveAccrualSummary> {
  throw new Error('leave accrual is not built yet');
}
