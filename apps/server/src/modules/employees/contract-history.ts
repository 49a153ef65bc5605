import type { DbOrTx } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import type { HistoryRecordEntry } from '../../lib/history.ts';
import { formContract } from '../leave/accrual-inputs.ts';
import * as repo from './employees.repository.ts';

/**
 * The employee's contract history (`employee_contracts`, read by the leave accrual) kept in step with the employee
 * form (RULES.md §7): the form's contract — type, start, end — is the history's contract from its start date. Saving
 * the form ends the contract running into that date on the day before it, replaces every contract from that date on
 * by the form's, and leaves earlier ones as they were; so the history's latest contract is always the form's.
 */

export type HistoryContract = { id: number | null; type: string; from: string; to: string | null };
export type FormContract = { type: string | null; from: string; to: string | null };
export type HistoryChangeSet = { insert: Omit<HistoryContract, 'id'>[]; end: { id: number; to: string | null; was: string | null }[]; remove: HistoryContract[] };

/**
 * What brings `history` (rows with a null id are not stored yet) in line with the form's contract. Pure. The row of
 * the form's type starting on the form's start date is kept (its end date set to the form's); no form type (none
 * chosen) leaves no contract from the form's start on.
 */
export function planContractHistory(history: readonly HistoryContract[], form: FormContract): HistoryChangeSet {
  const out: HistoryChangeSet = { insert: [], end: [], remove: [] };
  const dayBefore = addDays(form.from, -1);
  let kept = false;
  for (const h of [...history].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : (a.id ?? 0) - (b.id ?? 0)))) {
    if (h.from >= form.from) {
      const same = !kept && form.type !== null && h.from === form.from && h.type === form.type;
      if (same) {
        kept = true;
        if (h.id === null) out.insert.push({ type: h.type, from: h.from, to: form.to });
        else if (h.to !== form.to) out.end.push({ id: h.id, to: form.to, was: h.to });
      } else if (h.id !== null) out.remove.push(h);
    } else if (h.to === null || h.to >= form.from) {
      if (h.id === null) out.insert.push({ type: h.type, from: h.from, to: dayBefore });
      else out.end.push({ id: h.id, to: dayBefore, was: h.to });
    } else if (h.id === null) out.insert.push({ type: h.type, from: h.from, to: h.to });
  }
  if (form.type !== null && !kept) out.insert.push({ type: form.type, from: form.from, to: form.to });
  return out;
}

const TABLE = 'employee_contracts';
const record = (employeeId: number, id: number, c: Omit<HistoryContract, 'id'>) => ({ id, employeeId, contract_type: c.type, start_date: c.from, end_date: c.to });

type EmployeeContractFields = Parameters<typeof formContract>[0];

/**
 * Writes the history changes the saved form asks for, in the caller's transaction, and answers their history entries
 * (RULES.md §8: CREATE, UPDATE of the end date, DELETE) for the caller to record with the employee's own.
 * `before`: the record as it was (null on create). An employee without stored history had the form's contract as
 * their only one (the accrual's reading): it is stored first, so its months before the new start stay in the history.
 */
export async function syncContractHistory(tx: DbOrTx, employeeId: number, before: EmployeeContractFields | null, after: EmployeeContractFields): Promise<HistoryRecordEntry[]> {
  const stored = (await repo.contractHistory(tx, employeeId)).map((r): HistoryContract => ({ id: r.id, type: r.contract_type, from: r.start_date, to: r.end_date }));
  const form = formContract(after);
  let history = stored;
  if (stored.length === 0 && before !== null) {
    const old = formContract(before);
    // The form did not change: the history (none stored, read as the form's) already agrees with it.
    if (old.type === form.type && old.from === form.from && old.to === form.to) return [];
    history = old.type === null ? [] : [{ id: null, type: old.type, from: old.from, to: old.to }];
  }
  const plan = planContractHistory(history, form);
  const entries: HistoryRecordEntry[] = [];
  for (const r of plan.remove) {
    await repo.deleteContract(tx, r.id!);
    entries.push({ tableName: TABLE, recordId: r.id!, employeeId, action: 'DELETE', changes: [], newRecord: record(employeeId, r.id!, r) });
  }
  for (const e of plan.end) {
    await repo.endContract(tx, e.id, e.to);
    const row = history.find((h) => h.id === e.id)!;
    entries.push({ tableName: TABLE, recordId: e.id, employeeId, action: 'UPDATE', changes: [{ field: 'end_date', oldValue: e.was, newValue: e.to }], newRecord: record(employeeId, e.id, { ...row, to: e.to }) });
  }
  for (const c of plan.insert) {
    const id = await repo.insertContract(tx, { employeeId, type: c.type, from: c.from, to: c.to });
    const created = record(employeeId, id, c);
    entries.push({
      tableName: TABLE,
      recordId: id,
      employeeId,
      action: 'CREATE',
      changes: [
        { field: 'contract_type', oldValue: null, newValue: c.type },
        { field: 'start_date', oldValue: null, newValue: c.from },
        { field: 'end_date', oldValue: null, newValue: c.to },
      ],
      newRecord: created,
    });
  }
  return entries;
}
