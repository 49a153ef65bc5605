import type { LeaveFundType, LedgerCause } from './leave.types.ts';

/** Dates are ISO `YYYY-MM-DD` strings throughout, compared as strings; both ends of a range are inclusive. */
export type IsoDate = string;

/** An employment contract; `type` is a spec 000 contract code (`P` probationary, `UNLIMTED`, `1236`, …). */
export type Contract = { type: string; from: IsoDate; to: IsoDate | null };

/** A general configuration (spec 000 "General configuration"), in force from `applyDate` to `expireDate`. */
export type GeneralConfig = {
  id: number;
  leaveHourInMonth: number;
  conditionalMonth: number;
  seniorityLeaveHour: number;
  seniorityLeaveYear: number;
  advanceLeave: number;
  applyDate: IsoDate;
  expireDate: IsoDate | null;
};

/** A payroll period (RULES.md §4) with the employee's paid days in it. */
export type PayrollPeriod = { from: IsoDate; to: IsoDate; workingDays: number; paidDays: number };

export type AccrualInput = {
  employeeId: number;
  contracts: readonly Contract[];
  seniorityDate: IsoDate | null;
  configs: readonly GeneralConfig[];
  periods: readonly PayrollPeriod[];
  /** Periods that end after this date are not accrued yet. */
  through: IsoDate;
};

/** One fund row the engine wants to exist, identified by `key` (the persistence job upserts by it). */
export type AccrualRow = {
  key: string;
  employeeId: number;
  fundType: LeaveFundType;
  hours: number;
  /** The day the hours are earned and granted: the end of the payroll period of `month` (its GRANT entry's date). */
  grantDate: IsoDate;
  /** The first day the hours are usable (the grant date, or a probationary row's official start). */
  applyDate: IsoDate;
  expireDate: IsoDate;
  financialYear: number;
  /** The payroll period month it was earned in, `YYYY-MM`. */
  month: string;
  configId: number;
};

/** A fund row already stored, as the engine compares it: its key (null for rows granted by hand) and ledger totals. */
export type StoredFundRow = {
  fundRowId: number;
  key: string | null;
  fundType: LeaveFundType;
  hours: number;
  applyDate: IsoDate;
  expireDate: IsoDate;
  usedHours: number;
};

/** A ledger entry the engine writes on a row it owns: GRANT (a row granted, or an advance row's grant) or ADJUST. */
export type EngineEntry = { hours: number; entryDate: IsoDate; cause: 'GRANT' | 'ADJUST' };

/**
 * `entryDate`s are never on or before the lock date (RULES.md §4, §7): an entry whose own date is locked is dated on
 * the first open day instead.
 */
export type ReconcileAction =
  | { kind: 'grant'; row: AccrualRow; entryDate: IsoDate }
  | { kind: 'adjust'; fundRowId: number; row: AccrualRow; entries: EngineEntry[] }
  | { kind: 'remove'; fundRowId: number; key: string; entryDate: IsoDate }
  | { kind: 'conflict'; fundRowId: number; key: string; reason: 'below-used'; usedHours: number; wantedHours: number };

/** A year-end ledger movement on one default or seniority row. */
export type YearEndEntry = {
  key: string;
  employeeId: number;
  fundRowId: number;
  hours: number;
  cause: LedgerCause;
  entryDate: IsoDate;
  /** `year-end:<fy>` for expired hours, `carryover:<fy>` for hours that left the row into a carryover row. */
  causeRef: string;
};
