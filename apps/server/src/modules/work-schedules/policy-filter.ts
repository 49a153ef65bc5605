import { parseDmy } from '../../lib/dates.ts';

/**
 * The filters every list over policies shares (spec 002 §2 Current Staff/Department Policy, Staff policy history,
 * §7 Work Schedule Report): the apply and expire date ranges (inclusive) and the staff / division / department pickers.
 * One owner so the lists and the report's export keep filtering the same rows; their SQL is in policy.repository.ts
 * (`policyRangeWhere`, `employeePickWhere`).
 */

/** The date-range fields of the list queries (DD/MM/YYYY). */
export type PolicyRangeQuery = { applyFromDate?: string; applyToDate?: string; expireFromDate?: string; expireToDate?: string };

/** The same ranges as ISO dates; an empty or malformed field means no bound. */
export type PolicyRange = { applyFrom?: string; applyTo?: string; expireFrom?: string; expireTo?: string };

export const policyRangeOf = (q: PolicyRangeQuery): PolicyRange => ({
  applyFrom: parseDmy(q.applyFromDate),
  applyTo: parseDmy(q.applyToDate),
  expireFrom: parseDmy(q.expireFromDate),
  expireTo: parseDmy(q.expireToDate),
});

/** The staff / division / department pickers; an empty list means no filter. */
export type EmployeePick = { staff?: number[]; division?: number[]; department?: number[] };
