import type { LeaveFundType, LedgerCause } from '../../db/schema/leave.ts';

/** The leave funds of RULES.md §7, by name. Project leave counts days, the others hours. */
export const FUND_TYPE = {
  default: 'default_leave',
  seniority: 'seniority_leave',
  prioritize: 'prioritize_leave',
  reserve: 'reserve_leave',
  reserveProbationary: 'reserve_probationary_leave',
  project: 'project_leave',
} as const satisfies Record<string, LeaveFundType>;

/**
 * The hour funds annual leave draws on, in the RULES.md §7 tie order: among rows expiring the same day, bonus
 * (prioritize) goes first, then carryover (reserve), probationary reserve, seniority, and default accrual last.
 */
export const ANNUAL_FUND_TYPES = [
  FUND_TYPE.prioritize,
  FUND_TYPE.reserve,
  FUND_TYPE.reserveProbationary,
  FUND_TYPE.seniority,
  FUND_TYPE.default,
] as const satisfies readonly LeaveFundType[];

export const LEDGER_CAUSE = {
  grant: 'GRANT',
  adjust: 'ADJUST',
  remove: 'REMOVE',
  use: 'USE',
  return: 'RETURN',
  expire: 'EXPIRE',
  carryover: 'CARRYOVER',
} as const satisfies Record<string, LedgerCause>;

/** Causes that add to what a fund row was given (its "granted" figure); USE and RETURN make its "used" figure. */
export const GRANTED_CAUSES = [LEDGER_CAUSE.grant, LEDGER_CAUSE.carryover, LEDGER_CAUSE.adjust, LEDGER_CAUSE.remove] as const;
export const USED_CAUSES = [LEDGER_CAUSE.use, LEDGER_CAUSE.return] as const;

export type { LeaveFundType, LedgerCause };
