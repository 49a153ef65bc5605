import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CHECK_TIME_REPORT_MESSAGES as M, rangeExceedsLimit } from '@tms/contracts/check-time-report';
import { lastTwoWeeks, queryOf, searchState, type CheckTimeFormValues } from './check-time-rules.ts';

const range = (from: string, to: string): CheckTimeFormValues['range'] => [dayjs(from), dayjs(to)];

describe('Search enabled (spec 001 §5.8)', () => {
  it.each<[string, CheckTimeFormValues | undefined, boolean]>([
    ['nothing chosen', undefined, false],
    ['a range only', { range: range('2026-11-01', '2026-11-14') }, false],
    ['a department only', { departments: [3] }, false],
    ['a range missing its end', { range: [dayjs('2026-11-01'), null], departments: [3] }, false],
    ['a range and a department', { range: range('2026-11-01', '2026-11-14'), departments: [3] }, true],
    ['a range and a project', { range: range('2026-11-01', '2026-11-14'), project: 7 }, true],
    ['a range and a user', { range: range('2026-11-01', '2026-11-14'), users: ['staff'] }, true],
    ['a range and empty lists', { range: range('2026-11-01', '2026-11-14'), departments: [], users: [], project: null }, false],
  ])('%s → %s', (_name, values, enabled) => {
    expect(searchState(values).enabled).toBe(enabled);
    expect(queryOf(values) !== undefined).toBe(enabled);
  });
});

describe('the 3-month range rule', () => {
  it.each<[string, string, boolean]>([
    ['2026-01-01', '2026-03-31', false],
    ['2026-01-01', '2026-04-01', true],
    ['2026-11-30', '2027-02-27', false],
    ['2026-11-30', '2027-02-28', true],
    ['2026-05-15', '2026-08-14', false],
    ['2026-05-15', '2026-08-15', true],
    ['2026-12-25', '2027-03-24', false],
  ])('%s → %s exceeds: %s', (from, to, exceeds) => {
    expect(rangeExceedsLimit(from, to)).toBe(exceeds);
    const state = searchState({ range: range(from, to), users: ['staff'] });
    expect(state.enabled).toBe(!exceeds);
    expect(state.warning).toBe(exceeds ? M.rangeTooLong : null);
  });
});

describe('queryOf', () => {
  it('sends YYYY-MM-DD dates and comma-joined lists', () => {
    expect(queryOf({ range: range('2026-11-01', '2026-11-14'), project: 5, departments: [3, 4], users: ['staff', 'gl'] })).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-11-14',
      project: '5',
      departments: '3,4',
      users: 'staff,gl',
    });
  });

  it('starts on the last two weeks, today included', () => {
    const [from, to] = lastTwoWeeks(dayjs('2026-11-24T15:00:00'));
    expect([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')]).toEqual(['2026-11-11', '2026-11-24']);
  });
});
