import { describe, expect, it } from 'vitest';
import { recordKeys } from './record-queries.ts';
import { pageAfterRemoval, sameQuery } from './record-tab.tsx';

describe('record tab state', () => {
  it('treats an empty parameter as an absent one when comparing filter queries', () => {
    expect(sameQuery({ employee: '1', division: '' }, { employee: '1' })).toBe(true);
    expect(sameQuery({ employee: '1' }, { employee: '2' })).toBe(false);
    expect(sameQuery({}, { applyFromDate: '01/01/2026' })).toBe(false);
  });

  it('goes back one page after removing the last row of a page, never below page 1 (spec 000 §4)', () => {
    expect(pageAfterRemoval(1, 3)).toBe(2);
    expect(pageAfterRemoval(2, 3)).toBe(3);
    expect(pageAfterRemoval(1, 1)).toBe(1);
  });

  it('keeps every query key of a record under one root, so a write marks lists and histories stale together', () => {
    const keys = recordKeys('bonus-leave');
    expect(keys.all).toEqual(['bonus-leave']);
    expect(keys.lists()).toEqual(['bonus-leave', 'list']);
    expect(keys.history(7)).toEqual(['bonus-leave', 'history', 7]);
  });
});
