import { describe, expect, it } from 'vitest';
import { dayWindow } from './feed-events.ts';

/** A day row's window in minutes from midnight (null: all-day), issue 30 §2 and RULES.md §4 shifts. */
const HCM = { work_start: '08:30', work_end: '17:30', break_start: '12:00', break_end: '13:00' };
const row = (over: Partial<Parameters<typeof dayWindow>[0]>) => ({ shift: null, minutes: null, start_time: null, end_time: null, ...HCM, ...over });

describe('dayWindow', () => {
  it.each([
    ['a full day is all-day', row({ shift: 'FULL_DAY' }), null],
    ['no shift is all-day', row({}), null],
    ['MORNING runs from the start to the break', row({ shift: 'MORNING' }), { start: 510, end: 720 }],
    ['AFTERNOON runs from the break to the end', row({ shift: 'AFTERNOON' }), { start: 780, end: 1050 }],
    ['without a break the day splits in the middle', row({ shift: 'AFTERNOON', break_start: null, break_end: null }), { start: 780, end: 1050 }],
    ['a night shift ends the next morning', row({ shift: 'AFTERNOON', work_start: '22:00', work_end: '06:00', break_start: null, break_end: null }), { start: 1560, end: 1800 }],
    ['an hourly request keeps its own times', row({ minutes: 120, start_time: '14:00', end_time: '16:00' }), { start: 840, end: 960 }],
    ['an hourly request in a shift starts with it', row({ minutes: 90, shift: 'MORNING' }), { start: 510, end: 600 }],
    ['an hourly request with no time or shift is all-day', row({ minutes: 120 }), null],
    ['a half day without a schedule is all-day', row({ shift: 'MORNING', work_start: null, work_end: null }), null],
  ])('%s', (_name, input, expected) => {
    expect(dayWindow(input)).toEqual(expected);
  });
});
