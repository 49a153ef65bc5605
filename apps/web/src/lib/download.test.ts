import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="LeaveFund.xlsx"', 'LeaveFund.xlsx'],
    ['attachment; filename=Template.xlsx', 'Template.xlsx'],
    ["attachment; filename=\"x.xlsx\"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o.xlsx", 'Báo cáo.xlsx'],
    ['attachment; filename="a\\"b.xlsx"', 'a"b.xlsx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', 'fallback.xlsx'],
    [null, 'fallback.xlsx'],
    ["attachment; filename*=UTF-8''%E0%A4%A", 'fallback.xlsx'],
  ])('%j', (header, name) => {
    expect(fileNameFromDisposition(header, 'fallback.xlsx')).toBe(name);
  });
});
