import { redactJson, type Redactor, type Replacement } from './redactor.ts';

/** What replaces one employee's personal values in a scrambled copy. */
export type PersonFakes = { name: string; email: string; personalEmail: string; dateOfBirth: string };

/** Deterministic fake values of employee `id`: the same copy of the same data scrambles the same way. */
export function fakesOf(id: number): PersonFakes {
  // A date from 1980-01-01 to 1999-12-31 spread by a prime, so birthdays (birthday leave) still fall on many days.
  const dob = new Date(Date.UTC(1980, 0, 1) + ((id * 7919) % 7305) * 86_400_000).toISOString().slice(0, 10);
  return { name: `Employee ${id}`, email: `employee${id}@example.invalid`, personalEmail: `employee${id}.personal@example.invalid`, dateOfBirth: dob };
}

/** The history table name of employee records (modules/employees). */
const EMPLOYEES_TABLE = 'employees';

/** History field and record keys of personal values (any spelling: `date_of_birth`, `personalEmail`, …). */
const PERSONAL_KEYS: Record<string, keyof PersonFakes> = { name: 'name', email: 'email', personalemail: 'personalEmail', dateofbirth: 'dateOfBirth' };
const personalKey = (key: unknown) => (typeof key === 'string' ? PERSONAL_KEYS[key.toLowerCase().replace(/[^a-z]/g, '')] : undefined);

export type HistoryTexts = { id: number; table_name: string; record_id: number; changes: unknown; new_record: unknown; created_by_name: string | null };

type Change = { field?: unknown; oldValue?: unknown; newValue?: unknown };
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The personal values an employee had before: names and e-mails that history keeps in the changes and records of
 * employee entries but the employees table no longer holds (a renamed employee). They are redacted like the current ones.
 */
export function formerValues(rows: readonly HistoryTexts[]): { names: Replacement[]; emails: Replacement[] } {
  const names: Replacement[] = [];
  const emails: Replacement[] = [];
  const add = (id: number, key: keyof PersonFakes | undefined, value: unknown) => {
    if (typeof value !== 'string' || value === '' || !key || key === 'dateOfBirth') return;
    (key === 'name' ? names : emails).push({ original: value, fake: fakesOf(id)[key] });
  };
  for (const row of rows) {
    if (row.table_name !== EMPLOYEES_TABLE) continue;
    if (isObject(row.new_record)) for (const [k, v] of Object.entries(row.new_record)) add(row.record_id, personalKey(k), v);
    for (const c of Array.isArray(row.changes) ? (row.changes as Change[]) : []) {
      add(row.record_id, personalKey(c.field), c.oldValue);
      add(row.record_id, personalKey(c.field), c.newValue);
    }
  }
  return { names, emails };
}

/**
 * One history row of a scrambled copy: in an employee entry every personal field (in its changes and its record)
 * becomes that employee's fake value, whatever it held; then every text of every entry goes through `redact`, which
 * replaces the names and e-mails it knows wherever they stand (authors, approvers, titles).
 */
export function scrambleHistoryRow(row: HistoryTexts, redact: Redactor): HistoryTexts {
  let { changes, new_record } = row;
  if (row.table_name === EMPLOYEES_TABLE) {
    const fakes = fakesOf(row.record_id);
    const fake = (key: keyof PersonFakes | undefined, value: unknown) => (key && value !== null && value !== undefined ? fakes[key] : value);
    if (isObject(new_record)) new_record = Object.fromEntries(Object.entries(new_record).map(([k, v]) => [k, fake(personalKey(k), v)]));
    if (Array.isArray(changes)) {
      changes = (changes as unknown[]).map((c) => {
        if (!isObject(c)) return c;
        const key = personalKey(c.field);
        return key ? { ...c, oldValue: fake(key, c.oldValue), newValue: fake(key, c.newValue) } : c;
      });
    }
  }
  return {
    ...row,
    changes: redactJson(changes, redact),
    new_record: redactJson(new_record, redact),
    created_by_name: row.created_by_name === null ? null : redact(row.created_by_name),
  };
}
