import type { DbOrTx } from '../../db/client.ts';
import type { Contract, GeneralConfig, PayrollPeriod } from './accrual-engine.types.ts';
import * as repo from './accrual-inputs.repository.ts';

/**
 * The accrual engine's inputs (accrual-engine.ts), read set-based for one employee or all. One owner: the accrual
 * job, the advance figure of get-balance and the Update Leave run all read them here.
 * - general configurations: every live row (leave_general_configs);
 * - contracts: the employee's contract history (employee_contracts), which the employee form keeps (RULES.md §7: the
 *   form's contract is the history's contract from its start date); an employee without history has one contract,
 *   the form's (`formContract`);
 * - payroll periods: the periods of the employee's company with their working days, and the employee's paid days
 *   (Σ of the final day values in the period).
 */

export async function loadGeneralConfigs(db: DbOrTx): Promise<GeneralConfig[]> {
  const rows = await repo.generalConfigs(db);
  return rows.map((r) => ({
    id: r.id,
    leaveHourInMonth: Number(r.leave_hour_in_month),
    conditionalMonth: r.conditional_month,
    seniorityLeaveHour: Number(r.seniority_leave_hour),
    seniorityLeaveYear: Number(r.seniority_leave_year),
    advanceLeave: r.advance_leave,
    applyDate: r.apply_date,
    expireDate: r.expire_date,
  }));
}

export type AccrualEmployee = { id: number; companyId: number; seniorityDate: string | null; contracts: Contract[] };

/** The employees (all when `employeeIds` is null) with their contracts, by id. */
export async function loadAccrualEmployees(db: DbOrTx, employeeIds: readonly number[] | null): Promise<AccrualEmployee[]> {
  // In turn, not side by side: `db` may be a transaction's one connection (a leave use reads the advance in it).
  const employees = await repo.accrualEmployees(db, employeeIds);
  const contracts = await repo.contractRows(db, employeeIds);
  const history = new Map<number, Contract[]>();
  for (const c of contracts) {
    const list = history.get(c.employee_id) ?? [];
    list.push({ type: c.contract_type, from: c.start_date, to: c.end_date });
    history.set(c.employee_id, list);
  }
  return employees.map((e) => ({
    id: e.id,
    companyId: e.company_id,
    seniorityDate: e.seniority_date,
    contracts: history.get(e.id) ?? masterContract(e),
  }));
}

function masterContract(e: repo.AccrualEmployeeRow): Contract[] {
  const contract = formContract(e);
  return contract.type === null ? [] : [{ type: contract.type, from: contract.from, to: contract.to }];
}

/**
 * The contract the employee form records (spec 002 §3 Contract Information): its type (none when not chosen), from
 * the contract start date (else the start working day) to the contract end date (open when none).
 */
export function formContract(e: { contract_type: string | null; contract_start_date: string | null; contract_end_date: string | null; start_working_day: string }): {
  type: string | null;
  from: string;
  to: string | null;
} {
  return { type: e.contract_type, from: e.contract_start_date ?? e.start_working_day, to: e.contract_end_date };
}

/** Per employee, the payroll periods ending in [from, to] with working and paid days, oldest first. */
export async function loadPaidPeriods(db: DbOrTx, opts: { employeeIds: readonly number[] | null; from: string; to: string }): Promise<Map<number, PayrollPeriod[]>> {
  const rows = await repo.paidPeriods(db, opts);
  const out = new Map<number, PayrollPeriod[]>();
  for (const r of rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({ from: r.from_date, to: r.to_date, workingDays: r.working_days, paidDays: Number(r.paid_days) });
    out.set(r.employee_id, list);
  }
  return out;
}
