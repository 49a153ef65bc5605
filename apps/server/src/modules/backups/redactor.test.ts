import { describe, expect, it } from 'vitest';
import { createRedactor, redactJson } from './redactor.ts';
import { fakesOf, formerValues, scrambleHistoryRow } from './scramble-history.ts';

const redact = createRedactor(
  [
    { original: 'Nguyễn Văn An', fake: 'Employee 1' },
    { original: 'Nguyễn Văn', fake: 'Employee 2' },
    { original: 'Son Staff', fake: 'Employee 3' },
    { original: 'Al', fake: 'Employee 4' },
  ],
  [{ original: 'an.nguyen@corp.vn', fake: 'employee1@example.invalid' }],
);

describe('createRedactor', () => {
  it('replaces whole names wherever they stand, the longest first, in any case', () => {
    expect(redact('Request of NGUYỄN VĂN AN, approved by Son Staff.')).toBe('Request of Employee 1, approved by Employee 3.');
    expect(redact('Nguyễn Văn Bình')).toBe('Employee 2 Bình');
  });

  it('leaves longer words, other spacing and names too short to tell from words alone', () => {
    expect(redact('Son Staffing, Son  Staff, Al is here')).toBe('Son Staffing, Son  Staff, Al is here');
  });

  it('replaces known e-mail addresses, not others', () => {
    expect(redact('to: An.Nguyen@corp.vn, boss@corp.vn')).toBe('to: employee1@example.invalid, boss@corp.vn');
  });

  it('walks JSON values, keys untouched', () => {
    expect(redactJson({ 'Son Staff': ['Son Staff', 3, null, { by: 'Son Staff' }] }, redact)).toEqual({ 'Son Staff': ['Employee 3', 3, null, { by: 'Employee 3' }] });
  });
});

describe('scrambleHistoryRow', () => {
  it("replaces every personal field of an employee entry with that employee's fakes, and redacts the rest", () => {
    const row = {
      id: 1,
      table_name: 'employees',
      record_id: 7,
      changes: [
        { field: 'name', oldValue: 'Old Name', newValue: 'New Name' },
        { field: 'date_of_birth', oldValue: null, newValue: '1990-02-03' },
        { field: 'location', oldValue: 'HCM', newValue: 'HN' },
      ],
      new_record: { name: 'New Name', personalEmail: 'me@home.vn', user_name: 'newn', note: 'approved by Son Staff' },
      created_by_name: 'Son Staff',
    };
    const f = fakesOf(7);
    expect(scrambleHistoryRow(row, redact)).toEqual({
      ...row,
      changes: [
        { field: 'name', oldValue: f.name, newValue: f.name },
        { field: 'date_of_birth', oldValue: null, newValue: f.dateOfBirth },
        { field: 'location', oldValue: 'HCM', newValue: 'HN' },
      ],
      new_record: { name: f.name, personalEmail: f.personalEmail, user_name: 'newn', note: 'approved by Employee 3' },
      created_by_name: 'Employee 3',
    });
    expect(formerValues([row]).names).toEqual([
      { original: 'New Name', fake: f.name },
      { original: 'Old Name', fake: f.name },
      { original: 'New Name', fake: f.name },
    ]);
  });
});
