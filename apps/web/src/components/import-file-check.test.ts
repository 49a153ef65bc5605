import { describe, expect, it } from 'vitest';
import { checkImportFile } from './import-file-check.ts';
import { importedCount, importSuccessText } from './import-result.ts';

describe('checkImportFile', () => {
  const leaveAccept = ['.xls', '.xlsx'];
  it.each([
    ['no file', undefined, ['.xlsx'], 'File is required'],
    ['xlsx by default', { name: 'bonus.xlsx', size: 10 }, undefined, null],
    ['xls not in the default list', { name: 'bonus.xls', size: 10 }, undefined, 'File is wrong format'],
    ['xls for leave imports', { name: 'bonus.xls', size: 10 }, leaveAccept, null],
    ['upper-case extension', { name: 'BONUS.XLSX', size: 10 }, leaveAccept, null],
    ['accept entries without a dot', { name: 'a.xlsx', size: 10 }, ['xlsx'], null],
    ['csv', { name: 'bonus.csv', size: 10 }, leaveAccept, 'File is wrong format'],
    ['no extension', { name: 'xlsx', size: 10 }, leaveAccept, 'File is wrong format'],
    ['exactly 5 MB', { name: 'a.xlsx', size: 5_242_880 }, leaveAccept, null],
    ['one byte over 5 MB', { name: 'a.xlsx', size: 5_242_881 }, leaveAccept, 'File <= 5MB'],
    ['wrong format wins over size', { name: 'a.pdf', size: 9_000_000 }, leaveAccept, 'File is wrong format'],
  ] as const)('%s', (_name, file, accept, expected) => {
    expect(checkImportFile(file, accept)).toBe(expected);
  });
});

describe('import result texts', () => {
  it('reads the count', () => {
    expect(importedCount({ code: 200, message: 'Success', data: { count: 3 } })).toBe(3);
    expect(importedCount({ code: 200, message: 'Success', data: 7 })).toBe(7);
    expect(importedCount({ code: 200, message: 'Success', data: null })).toBeUndefined();
    expect(importedCount(undefined)).toBeUndefined();
  });
  it("prefers the server's message", () => {
    expect(importSuccessText({ message: 'Import bonus leave successfully', data: { count: 2 } }, 2)).toBe('Import bonus leave successfully');
    expect(importSuccessText({ message: 'Success', data: { count: 2 } }, 2)).toBe('Import successfully: 2 record(s)');
    expect(importSuccessText(undefined, undefined)).toBe('Import successfully');
  });
});
