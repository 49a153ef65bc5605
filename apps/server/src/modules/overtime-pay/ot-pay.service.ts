import type { Db } from '../../db/client.ts';
import type { EmployeeRange } from '../timesheet/recalculate.ts';

/**
 * The OT pay core (RULES.md §6): recomputes the stored pay lines (`overtime_pay_lines`) and the staff rows'
 * attendance figures of overtime requests from punches, windows, day types and the payroll coefficients, and posts
 * offset-leave credits for requests paid by offset days. Writers call it after their transaction commits.
 *
 * FOUNDATION STUB: the pay helper replaces the body; the signature is the contract other areas call.
 */
export type OvertimePayTarget =
  | { requestIds: readonly number[] }
  | { ranges: readonly EmployeeRange[] }
  | { from: string; to: string };

export type OvertimePaySummary = { requests: number; lines: number };

export async function recomputeOvertimePay(
  _db: Db,
  _target: OvertimePayTarget,
  _opts: { timeZone: string; now: Date; createdBy?: number | null },
): Promise<OvertimePaySummary> {
  return { requests: 0, lines: 0 };
}
