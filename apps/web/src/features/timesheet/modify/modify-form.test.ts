import { describe, expect, it } from 'vitest';
import { modifyBodySchema } from '@tms/contracts/timesheet-modify';
import type { RuleValue } from '@tms/contracts/timesheet-grid';
import {
  buildModifyBody,
  commentError,
  dateError,
  isTimesheetEditable,
  modifyErrors,
  modifySuccessText,
  modifyTitle,
  ruleValueNumber,
  ruleValueOptions,
  toModifyFilter,
  typeError,
  valueError,
} from './modify-form.ts';

const period = { from_date: '2026-10-26', to_date: '2026-11-25' };

describe('isTimesheetEditable (spec 001 §4.1)', () => {
  it.each([
    [0, true],
    [1, false],
    [2, true],
    [3, false],
    [4, false],
    [null, false],
  ] as const)('status %s → %s', (status, editable) => expect(isTimesheetEditable(status)).toBe(editable));
});

describe('titles', () => {
  it('names the modal per target', () => {
    expect([modifyTitle('cell'), modifyTitle('row'), modifyTitle('column')]).toEqual(['Modify Cell', 'Modify Row', 'Modify Column']);
  });
});

describe('client rules (spec 001 §5.1 texts verbatim)', () => {
  it('Type is required for a row or column, never for a cell', () => {
    expect(typeError('row', undefined)).toBe('Type is required');
    expect(typeError('column', null)).toBe('Type is required');
    expect(typeError('row', false)).toBeNull();
    expect(typeError('column', true)).toBeNull();
    expect(typeError('cell', undefined)).toBeNull();
  });

  it('Date is required for a row, limited to the timesheet from/to dates', () => {
    expect(dateError('row', null, null, period)).toBe('Date is required');
    expect(dateError('row', '2026-10-26', undefined, period)).toBe('Date is required');
    expect(dateError('row', '2026-10-26', '2026-11-25', period)).toBeNull();
    expect(dateError('row', '2026-10-25', '2026-11-01', period)).toBe("Date must be within the timesheet's from and to dates");
    expect(dateError('row', '2026-11-01', '2026-11-26', period)).toBe("Date must be within the timesheet's from and to dates");
    expect(dateError('row', '2026-11-05', '2026-11-01', period)).toBe('From date must not be after To date');
    expect(dateError('cell', null, null, period)).toBeNull();
    expect(dateError('column', null, null, period)).toBeNull();
  });

  it.each([
    [undefined, 'Value is required'],
    [null, 'Value is required'],
    [Number.NaN, 'Value is required'],
    [-0.5, 'Value must be between 0 and 1'],
    [1.5, 'Value must be between 0 and 1'],
    [0, null],
    [0.5, null],
    [1, null],
  ] as const)('value %s → %s', (value, message) => expect(valueError(value)).toBe(message));

  it('Comment is required (blank counts as missing), at most 500', () => {
    expect(commentError(undefined)).toBe('Comment is required');
    expect(commentError('   ')).toBe('Comment is required');
    expect(commentError('ok')).toBeNull();
    expect(commentError('x'.repeat(500))).toBeNull();
    expect(commentError('x'.repeat(501))).toBe('Comment must be at most 500 characters');
  });

  it('collects every failing rule in field order', () => {
    expect(modifyErrors('row', {}, period)).toEqual(['Type is required', 'Date is required', 'Value is required', 'Comment is required']);
    expect(modifyErrors('cell', {}, period)).toEqual(['Value is required', 'Comment is required']);
    expect(modifyErrors('column', { abnormalOnly: false, value: 1, comment: 'c' }, period)).toEqual([]);
  });
});

const gridFilter = { location: ['CGLOBALHCM'], divisions: [1], departmentsFilter: [11, 12], role: ['STAFF'], employee: [101], workScheduleTypes: ['HCM'], actionAbnormalCase: true };

describe('toModifyFilter (spec 001 §7.1 filter names)', () => {
  it('renames the grid filter and leaves out empty parts', () => {
    expect(toModifyFilter(gridFilter)).toEqual({
      location: ['CGLOBALHCM'],
      department: ['11', '12'],
      divisions: ['1'],
      role: ['STAFF'],
      list_employee: ['101'],
      workScheduleTypes: ['HCM'],
      abnormal: true,
    });
    expect(toModifyFilter({})).toEqual({});
  });
});

describe('buildModifyBody → PUT /tms/timesheets (checked against the contract schema)', () => {
  const draft = { abnormalOnly: true, fromDate: '2026-11-02', toDate: '2026-11-06', value: 0.5, comment: '  Forgot to check out  ' };

  it('cell: the employee and that date, abnormal_only false', () => {
    const body = buildModifyBody({ type: 'cell', employeeId: 101, employeeName: 'An', date: '2026-11-03' }, draft, gridFilter);
    expect(body).toMatchObject({ type: 'cell', employee: 101, abnormal_only: false, from_date: '2026-11-03', to_date: '2026-11-03', value: 0.5, comment: 'Forgot to check out' });
    expect(modifyBodySchema.safeParse(body).success).toBe(true);
  });

  it('row: the employee and the chosen range', () => {
    const body = buildModifyBody({ type: 'row', employeeId: 101, employeeName: 'An' }, draft, gridFilter);
    expect(body).toMatchObject({ type: 'row', employee: 101, abnormal_only: true, from_date: '2026-11-02', to_date: '2026-11-06' });
    expect(modifyBodySchema.safeParse(body).success).toBe(true);
  });

  it('column: no employee, that date, the current grid filter', () => {
    const body = buildModifyBody({ type: 'column', date: '2026-11-04' }, { ...draft, abnormalOnly: false, value: 1 }, gridFilter);
    expect(body).not.toHaveProperty('employee');
    expect(body).toMatchObject({ type: 'column', abnormal_only: false, from_date: '2026-11-04', to_date: '2026-11-04', value: 1 });
    const parsed = modifyBodySchema.parse(body);
    expect(parsed.filter).toEqual({
      location: ['CGLOBALHCM'],
      department: [11, 12],
      divisions: [1],
      role: ['STAFF'],
      list_employee: [101],
      workScheduleTypes: ['HCM'],
      abnormal: true,
    });
    expect(parsed.employee).toBeUndefined();
  });
});

describe('rule values', () => {
  const values: RuleValue[] = [
    { value: 1, notation: 'X', label: 'X - Full day of work' },
    { value: 0.5, notation: 'X/2', label: 'X/2 - Half day of work' },
    { value: 1, notation: 'P', label: '' },
  ];

  it('offers one option per notation, even when values repeat', () => {
    expect(ruleValueOptions(values)).toEqual([
      { value: 'X', label: 'X - Full day of work' },
      { value: 'X/2', label: 'X/2 - Half day of work' },
      { value: 'P', label: 'P' },
    ]);
    expect(ruleValueOptions(undefined)).toEqual([]);
  });

  it('maps the chosen notation back to its number', () => {
    expect(ruleValueNumber(values, 'X/2')).toBe(0.5);
    expect(ruleValueNumber(values, 'P')).toBe(1);
    expect(ruleValueNumber(values, 'Z')).toBeUndefined();
    expect(ruleValueNumber(values, undefined)).toBeUndefined();
  });
});

describe('modifySuccessText (spec 001 §8)', () => {
  it('prefers the server text, else the spec text per type', () => {
    expect(modifySuccessText('cell', 'Update cell working day successfully.')).toBe('Update cell working day successfully.');
    expect(modifySuccessText('row', undefined)).toBe('Update row working day successfully.');
    expect(modifySuccessText('column', 'Success')).toBe('Update column working day successfully.');
  });
});
