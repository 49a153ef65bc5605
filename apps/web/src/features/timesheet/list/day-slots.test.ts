import { describe, expect, it } from 'vitest';
import { isWeekendIso } from '@tms/contracts/api';
import { DAY_COLUMN_WIDTH, dayLabel, daySlots, isCompactWidth, periodDates, slotKey } from './day-slots.ts';

describe('periodDates', () => {
  it('lists every date of a payroll period, inclusive, across month and year ends', () => {
    const dates = periodDates('2026-10-26', '2026-11-25');
    expect(dates).toHaveLength(31);
    expect(dates[0]).toBe('2026-10-26');
    expect(dates[6]).toBe('2026-11-01');
    expect(dates.at(-1)).toBe('2026-11-25');
    expect(periodDates('2026-12-26', '2027-01-25')).toContain('2027-01-01');
    expect(periodDates('2028-01-26', '2028-02-25')).toHaveLength(31);
    expect(periodDates('2028-02-26', '2028-03-01')).toEqual(['2028-02-26', '2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('is empty for a malformed or reversed range and capped for a huge one', () => {
    expect(periodDates('2026-11-25', '2026-10-26')).toEqual([]);
    expect(periodDates('26/10/2026', '2026-11-25')).toEqual([]);
    expect(periodDates('2026-01-01', '2030-01-01')).toHaveLength(62);
  });
});

describe('weekends and labels', () => {
  it.each([
    ['2026-11-21', true, 21, 'S'],
    ['2026-11-22', true, 22, 'S'],
    ['2026-11-23', false, 23, 'M'],
    ['2026-11-24', false, 24, 'T'],
    ['2026-11-25', false, 25, 'W'],
    ['2026-11-26', false, 26, 'T'],
    ['2026-11-27', false, 27, 'F'],
  ] as const)('%s weekend=%s header %i %s', (date, weekend, day, letter) => {
    expect(isWeekendIso(date)).toBe(weekend);
    expect(dayLabel(date)).toEqual({ dayOfMonth: day, weekdayLetter: letter });
  });
});

describe('isCompactWidth (spec 001 §9 breakpoint 1400 px)', () => {
  it.each([
    [1399, true],
    [1400, false],
    [1920, false],
    [800, true],
  ] as const)('%i px → compact %s', (width, compact) => expect(isCompactWidth(width)).toBe(compact));
});

describe('daySlots', () => {
  // 2026-11-20 Fri … 2026-11-30 Mon: one weekend in the middle.
  const from = '2026-11-20';
  const to = '2026-11-30';

  it('wide: one column per day, weekends flagged for shading', () => {
    const slots = daySlots(from, to, false);
    expect(slots).toHaveLength(11);
    expect(slots.every((s) => s.kind === 'day' && s.width === DAY_COLUMN_WIDTH.wide)).toBe(true);
    expect(slots.filter((s) => s.kind === 'day' && s.weekend).map((s) => (s.kind === 'day' ? s.date : ''))).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('compact: narrower days and each Saturday–Sunday run merged into one narrow column', () => {
    const slots = daySlots(from, to, true);
    expect(slots.map((s) => (s.kind === 'day' ? s.date.slice(8) : `W${s.dates.map((d) => d.slice(8)).join('+')}`))).toEqual([
      '20',
      'W21+22',
      '23',
      '24',
      '25',
      '26',
      '27',
      'W28+29',
      '30',
    ]);
    expect(slots.filter((s) => s.kind === 'day').every((s) => s.width === DAY_COLUMN_WIDTH.compact && !(s.kind === 'day' && s.weekend))).toBe(true);
    expect(slots.filter((s) => s.kind === 'weekend').every((s) => s.width === DAY_COLUMN_WIDTH.mergedWeekend)).toBe(true);
  });

  it('compact: a period starting or ending on a weekend keeps the lone weekend date as its own merged column', () => {
    const slots = daySlots('2026-11-22', '2026-11-28', true);
    expect(slots[0]).toEqual({ kind: 'weekend', dates: ['2026-11-22'], width: DAY_COLUMN_WIDTH.mergedWeekend });
    expect(slots.at(-1)).toEqual({ kind: 'weekend', dates: ['2026-11-28'], width: DAY_COLUMN_WIDTH.mergedWeekend });
    expect(slots).toHaveLength(7);
  });

  it('gives each slot a stable unique key', () => {
    const keys = daySlots(from, to, true).map(slotKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[1]).toBe('weekend-2026-11-21');
    expect(keys[0]).toBe('day-2026-11-20');
  });
});
