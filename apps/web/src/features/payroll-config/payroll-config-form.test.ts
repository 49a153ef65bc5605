import { describe, expect, it } from 'vitest';
import type { PayrollConfigTable } from '@tms/contracts/overtime-pay';
import { changedTables, fieldName, fieldsOf, initialValues } from './payroll-config-form.ts';

const tables: PayrollConfigTable[] = [
  { id: 1, table_code: 'payroll_overtime', version: 3, table_config: [{ key: 'coefficient_workday', value: 150 }, { key: 'tax_coefficient_workday', value: 100 }] },
  { id: 2, table_code: 'bonus', version: 1, table_config: [{ key: 'Staff', value: 0 }, { key: 'Management', value: 5 }] },
];

describe('payroll configuration form', () => {
  it('no edits → nothing to send', () => {
    expect(changedTables(tables, initialValues(tables))).toEqual({ changes: [] });
  });
  it('only the changed table is sent, whole, with its version', () => {
    const values = { ...initialValues(tables), [fieldName('payroll_overtime', 'coefficient_workday')]: '160' };
    expect(changedTables(tables, values)).toEqual({
      changes: [{ id: 1, table_code: 'payroll_overtime', version: 3, table_config: [{ key: 'coefficient_workday', value: 160 }, { key: 'tax_coefficient_workday', value: 100 }] }],
    });
  });
  it("empty becomes 0; a letter is 'Value is not a number'", () => {
    const emptied = { ...initialValues(tables), [fieldName('bonus', 'Management')]: '' };
    expect(changedTables(tables, emptied)).toMatchObject({ changes: [{ id: 2, table_config: [{ key: 'Staff', value: 0 }, { key: 'Management', value: 0 }] }] });
    const letter = { ...initialValues(tables), [fieldName('bonus', 'Staff')]: '1a' };
    expect(changedTables(tables, letter)).toEqual({ error: 'Value is not a number' });
  });
  it('knows the Bonus In Month keys as spec 002 writes them (Staff, Management), so they get their labels in both languages', () => {
    expect(fieldsOf(tables[1]!)).toEqual([
      { key: 'Staff', label: 'Staff', known: true },
      { key: 'Management', label: 'Management', known: true },
    ]);
  });
  it('labels the known keys readably', () => {
    expect(fieldsOf(tables[0]!).map((f) => f.label)).toEqual(['Workday (%)', 'Taxable part, workday (%)']);
    expect(fieldsOf(tables[1]!).map((f) => f.label)).toEqual(['Staff', 'Management']);
  });
});
