import { describe, expect, it } from 'vitest';
import { forbiddenRequestDay, forbiddenRequestOf, isRequestForbidden } from './forbidden-request.ts';

describe('forbiddenRequestOf (RULES.md §5: default the 3rd of the next month at 12:00)', () => {
  it.each([
    ['T11: ends 25/11', { toDate: '2026-11-25' }, { date: '2026-12-03', hour: '12:00' }],
    ['T12: the next month is in the next year', { toDate: '2026-12-25' }, { date: '2027-01-03', hour: '12:00' }],
    ['a period ending on the 31st', { toDate: '2027-01-31' }, { date: '2027-02-03', hour: '12:00' }],
    ['the setting gives the day', { toDate: '2026-11-25', daySetting: '5' }, { date: '2026-12-05', hour: '12:00' }],
    ['a setting past the 28th is the 28th (February has it)', { toDate: '2027-01-25', daySetting: '31' }, { date: '2027-02-28', hour: '12:00' }],
    ['a setting of 0 is the 1st', { toDate: '2026-11-25', daySetting: '0' }, { date: '2026-12-01', hour: '12:00' }],
    ['a setting that is no day number is the default', { toDate: '2026-11-25', daySetting: 'x' }, { date: '2026-12-03', hour: '12:00' }],
    ['the period\'s own date and hour win', { toDate: '2026-11-25', forbiddenRequestDate: '2026-12-10', forbiddenRequestTimeInHour: '17:30', daySetting: '5' }, { date: '2026-12-10', hour: '17:30' }],
    ['an hour that is no HH:mm is the default', { toDate: '2026-11-25', forbiddenRequestTimeInHour: '25:00' }, { date: '2026-12-03', hour: '12:00' }],
  ])('%s', (_name, input, expected) => {
    expect(forbiddenRequestOf({ forbiddenRequestDate: null, forbiddenRequestTimeInHour: null, ...input })).toEqual(expected);
  });

  it('reads the day setting as a day number', () => {
    expect(forbiddenRequestDay(undefined)).toBe(3);
    expect(forbiddenRequestDay(' 7 ')).toBe(7);
    expect(forbiddenRequestDay('123')).toBe(3);
  });
});

describe('isRequestForbidden', () => {
  const closing = { date: '2026-12-03', hour: '12:00' };
  it.each([
    [{ date: '2026-12-02', time: '23:59' }, false],
    [{ date: '2026-12-03', time: '11:59' }, false],
    [{ date: '2026-12-03', time: '12:00' }, true],
    [{ date: '2026-12-04', time: '00:00' }, true],
  ])('%o → %s', (local, expected) => {
    expect(isRequestForbidden(closing, local)).toBe(expected);
  });
});
