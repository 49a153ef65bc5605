import { describe, expect, it } from 'vitest';
import { pageRange, pageTotalText } from './paged-table-text.ts';

describe('pageTotalText', () => {
  it.each([
    [42, [1, 10], '1-10 of 42 items'],
    [42, [41, 42], '41-42 of 42 items'],
    [0, [0, 0], '0-0 of 0 items'],
  ] as const)('%i items, range %j', (total, range, text) => {
    expect(pageTotalText(total, range)).toBe(text);
  });
});

describe('pageRange', () => {
  it.each([
    [1, 10, 42, [1, 10]],
    [5, 10, 42, [41, 42]],
    [2, 20, 25, [21, 25]],
    [1, 10, 0, [0, 0]],
  ] as const)('page %i size %i of %i', (page, size, total, range) => {
    expect(pageRange(page, size, total)).toEqual(range);
    expect(pageTotalText(total, pageRange(page, size, total))).toBe(`${range[0]}-${range[1]} of ${total} items`);
  });
});
