import { describe, expect, it } from 'vitest';
import { weeksOf } from './holiday-year-view.tsx';

describe('the year view of a holiday calendar', () => {
  it('lays a month out in weeks from Monday, blank before the 1st and after the last day', () => {
    // February 2027 starts on a Monday and has 28 days: four full weeks.
    expect(weeksOf(2027, 1)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
    ]);
    // September 2027 starts on a Wednesday.
    const september = weeksOf(2027, 8);
    expect(september[0]).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(september.at(-1)).toEqual([27, 28, 29, 30, null, null, null]);
  });
});
