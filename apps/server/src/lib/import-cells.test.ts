import { describe, expect, it } from 'vitest';
import { cell, dateCell, exampleDates, importInputs, missingColumns, optionalTextCell, templateColumns, textCell } from './import-cells.ts';
import { AppError } from './errors.ts';
import { runInLanguage } from './request-language.ts';

const EN = { username: 'Username', applyDate: 'Apply Date (DD/MM/YYYY)' } as const;
const COLUMNS = { en: EN, vi: { username: 'Tên đăng nhập', applyDate: 'Ngày áp dụng (DD/MM/YYYY)' } } as const;
const missing = (h: string) => `Missing column: ${h}`;

describe('import cells', () => {
  it('finds a cell by its header, exactly or ignoring case and spaces', () => {
    const row = { rowNumber: 2, values: { Username: 'a', ' apply date (dd/mm/yyyy) ': '01/02/2026' } };
    expect(cell(row, 'Username')).toBe('a');
    expect(cell(row, EN.applyDate)).toBe('01/02/2026');
    expect(cell(row, 'Other')).toBeUndefined();
  });

  it('reads dates as DD/MM/YYYY text and leaves other values to the form rules', () => {
    expect(dateCell(new Date(Date.UTC(2026, 11, 1)))).toBe('01/12/2026');
    expect(dateCell(new Date(Number.NaN))).toBe('invalid');
    expect(dateCell(' 01/12/2026 ')).toBe('01/12/2026');
    expect(dateCell(46000)).toBe(46000);
    expect(dateCell(null)).toBeNull();
  });

  it('trims text, keeps a description as written, empty as null', () => {
    expect(textCell(' jane ')).toBe('jane');
    expect(textCell(1234)).toBe('1234');
    expect(textCell(undefined)).toBe('');
    expect(optionalTextCell(' note ')).toBe(' note ');
    expect(optionalTextCell('')).toBeNull();
    expect(optionalTextCell(null)).toBeNull();
  });

  it('lists the template columns the file lacks, and builds the template in the order given', () => {
    expect(missingColumns(['username'], COLUMNS, missing)).toEqual([missing(EN.applyDate)]);
    expect(missingColumns([' USERNAME ', 'apply date (dd/mm/yyyy)'], COLUMNS, missing)).toEqual([]);
    expect(templateColumns(COLUMNS, [['applyDate', 24], ['username', 20]])).toEqual([
      { header: EN.applyDate, key: 'applyDate', width: 24 },
      { header: 'Username', key: 'username', width: 20 },
    ]);
  });

  it('writes the template and names a missing column in the requester’s language', () => {
    runInLanguage('vi', () => {
      expect(missingColumns(['Username'], COLUMNS, missing)).toEqual([missing('Ngày áp dụng (DD/MM/YYYY)')]);
      expect(templateColumns(COLUMNS, [['username', 20]])).toEqual([{ header: 'Tên đăng nhập', key: 'username', width: 20 }]);
    });
  });

  it('dates the example row from tomorrow to the end of that year', () => {
    expect(exampleDates('2026-12-31')).toEqual({ applyDate: '01/01/2027', expireDate: '31/12/2027' });
  });

  it('refuses a file without a column or without rows (400), else reads each row with its number', () => {
    const read = (r: { values: Record<string, unknown> }) => ({ username: String(r.values.Username) });
    const opts = { missingColumns: (h: readonly string[]) => missingColumns(h, COLUMNS, missing), noRowsMessage: 'No rows', read };
    expect(() => importInputs({ headers: ['Username'], rows: [] }, opts)).toThrow(AppError);
    expect(() => importInputs({ headers: Object.values(EN), rows: [] }, opts)).toThrow('No rows');
    expect(importInputs({ headers: Object.values(EN), rows: [{ rowNumber: 2, values: { Username: 'a' } }] }, opts)).toEqual([{ rowNumber: 2, username: 'a' }]);
  });
});
