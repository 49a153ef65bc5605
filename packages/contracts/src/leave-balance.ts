import { z } from 'zod';
import { isIsoDateText, MESSAGES_COMMON } from './api.ts';
import { envelope, safeText } from './schemas.ts';

/**
 * The request form's balances (spec 001 §3 "Balances", §7.10 `GET /tms/filters/get-balance`), in hours with 2
 * decimals (spec 000 §9). docs/leave-balances.md says what each figure is.
 */
export const LEAVE_BALANCE_PATH = '/tms/filters/get-balance';

export const LEAVE_BALANCE_MESSAGES = {
  staffNotFound: 'Staff not found',
  invalidDate: MESSAGES_COMMON.invalidDate,
  usernameInvalid: 'Username must be text',
} as const;
const M = LEAVE_BALANCE_MESSAGES;

/** `?username=&date=`: both optional — the caller's own figures, on the server's today. */
export const leaveBalanceQuerySchema = z.object({
  username: safeText(M.usernameInvalid)
    .trim()
    .transform((s) => s || undefined)
    .optional(),
  date: safeText(M.invalidDate)
    .trim()
    .transform((s) => s || undefined)
    .refine((s) => s === undefined || isIsoDateText(s), M.invalidDate)
    .optional(),
});
export type LeaveBalanceQuery = z.infer<typeof leaveBalanceQuerySchema>;

export const leaveBalanceSchema = z.object({
  /** Annual leave hours usable on the date: what is left on the fund rows (RULES.md §7). */
  remain_annual_leave: z.number(),
  /** remain_annual_leave plus the hours usable ahead (advance leave, RULES.md §5). */
  annual_leave_balance_hours: z.number(),
  /** Offset leave hours, from the employee record until offset leave is posted on the ledger. */
  remainOffsetLeave: z.number(),
  /** Birthday leave days left this year (0–1), from the employee record until birthday leave requests exist. */
  remain_birthday_leave: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;
export const leaveBalanceResponseSchema = envelope(leaveBalanceSchema);
