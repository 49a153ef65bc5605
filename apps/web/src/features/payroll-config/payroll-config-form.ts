import { PAYROLL_TABLE_FIELDS, parsePayrollValue, type PayrollConfigTable, type PayrollTableCode } from '@tms/contracts/overtime-pay';
import type { PayrollConfigChange } from './api/payroll-config-api.ts';

/** Pure pieces of the Payroll Configuration page: form values per table and the changed tables to send. */

/** Form values: `${table_code}.${key}` → the text in the input. */
export type PayrollFormValues = Record<string, string>;

export const fieldName = (code: string, key: string) => `${code}.${key}`;

/**
 * The fields of a table in the page's order (known labels first; any stored key we do not know is shown by its key).
 * `known` fields have their label in the page's catalogue (`fields.<key>`); `label` is the English one.
 */
export function fieldsOf(table: PayrollConfigTable): { key: string; label: string; known: boolean }[] {
  const known = PAYROLL_TABLE_FIELDS[table.table_code as PayrollTableCode] ?? [];
  const extra = table.table_config.filter((c) => !known.some((k) => k.key === c.key)).map((c) => ({ key: c.key, label: c.key, known: false }));
  return [...known.filter((k) => table.table_config.some((c) => c.key === k.key)).map((k) => ({ ...k, known: true })), ...extra];
}

export function initialValues(tables: readonly PayrollConfigTable[]): PayrollFormValues {
  const out: PayrollFormValues = {};
  for (const t of tables) for (const c of t.table_config) out[fieldName(t.table_code, c.key)] = String(c.value);
  return out;
}

/**
 * The tables whose values changed (spec 002 §5: only changed tables are sent), each whole with its version; empty
 * input counts as 0. A value that does not parse answers `{ error }` with the first message.
 */
export function changedTables(tables: readonly PayrollConfigTable[], values: PayrollFormValues): { changes: PayrollConfigChange[] } | { error: string } {
  const changes: PayrollConfigChange[] = [];
  for (const t of tables) {
    let changed = false;
    const config: { key: string; value: number }[] = [];
    for (const c of t.table_config) {
      const raw = values[fieldName(t.table_code, c.key)];
      const parsed = parsePayrollValue(raw ?? String(c.value));
      if (!parsed.ok) return { error: parsed.message };
      if (parsed.value !== c.value) changed = true;
      config.push({ key: c.key, value: parsed.value });
    }
    if (changed) changes.push({ id: t.id, table_code: t.table_code, version: t.version, table_config: config });
  }
  return { changes };
}
