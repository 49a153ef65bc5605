import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { DayEntry } from '@tms/contracts/timesheet-grid';
import {
  cellClassNames,
  cellText,
  dayRequestTone,
  entriesByDate,
  formatActiveTime,
  formatCheckInOut,
  formatEditTime,
  hoverCardRows,
  requestTone,
} from './cell-format.ts';
import { formatDays, setNumberLanguage } from '../../../lib/numbers.ts';
import { dayEntry } from '../test-day-entry.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { timesheetTexts } from '../i18n/index.ts';

const entry = (over: Partial<DayEntry> = {}): DayEntry => dayEntry(over);

const request = (status: string) => ({ request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Nghỉ phép năm', request_status: status, quantity_in_hours: 4 });

describe('cell text', () => {
  it.each([
    [1, '1'],
    [0.5, '0.5'],
    [0, '0'],
    [0.75, '0.75'],
    [0.333333, '0.33'],
    [null, ''],
  ] as const)('value %s → %j', (value, text) => {
    expect(formatDays(value)).toBe(text);
    expect(cellText(entry({ value }))).toBe(text);
  });

  it('shows the holiday notation instead of the value', () => {
    expect(cellText(entry({ day_type: 'HOLIDAY', value: 1, notation: 'H' }))).toBe('H');
    // RULES.md §4: leave shows its notation; unpaid leave is worth 0 but still shows what it is.
    expect(cellText(entry({ value: 1, notation: 'P/2' }))).toBe('P/2');
    expect(cellText(entry({ value: 0, notation: 'KL' }))).toBe('KL');
  });

  it('a day not judged yet (today: punches so far, no value; RULES.md §4) shows no value and no full/lack style', () => {
    const today = entry({ value: null, computed_value: null, check_in_time: '08:05', check_out_time: null });
    expect(cellText(today)).toBe('');
    expect(cellClassNames(today, false)).toEqual(['ts-cell']);
    expect(hoverCardRows(today)[0]).toEqual({ label: 'Check in-out', value: '08:05 - --:--', warn: false });
  });

  it('is empty without an entry', () => {
    expect(cellText(undefined)).toBe('');
  });
});

describe('cell classes (spec 001 §2.1 full / lack / requested)', () => {
  it.each([
    [entry({ value: 1 }), ['ts-cell', 'ts-cell--full']],
    [entry({ value: 0.5 }), ['ts-cell', 'ts-cell--lack']],
    [entry({ value: 0 }), ['ts-cell', 'ts-cell--lack']],
    [entry({ value: null, day_type: 'WEEKEND' }), ['ts-cell']],
  ])('%#', (e, classes) => expect(cellClassNames(e, false)).toEqual(classes));

  it('marks requests with their tone, late and early, edits, holidays and weekends', () => {
    const classes = cellClassNames(entry({ value: 0.5, requests: [request('Approved')], is_late_coming: true, is_early_leaving: true, overridden: true }), false);
    expect(classes).toEqual(['ts-cell', 'ts-cell--lack', 'ts-cell--requested', 'ts-cell--request-approved', 'ts-cell--late', 'ts-cell--early', 'ts-cell--edited']);
    expect(cellClassNames(entry({ day_type: 'HOLIDAY', notation: 'H' }), false)).toContain('ts-cell--holiday');
    expect(cellClassNames(undefined, true)).toEqual(['ts-cell', 'ts-cell--weekend']);
  });
});

describe('request tone (spec 001 §4.1: unknown takes the pending style)', () => {
  it.each([
    ['Approved', 'approved'],
    ['approved', 'approved'],
    ['Rejected', 'rejected'],
    ['Pending', 'pending'],
    ['Cancelled', 'pending'],
    ['', 'pending'],
  ] as const)('%j → %s', (status, tone) => expect(requestTone(status)).toBe(tone));

  it('picks pending over rejected over approved on a day with several requests', () => {
    expect(dayRequestTone([])).toBeNull();
    expect(dayRequestTone([request('Approved'), request('Rejected')])).toBe('rejected');
    expect(dayRequestTone([request('Approved'), request('Weird'), request('Rejected')])).toBe('pending');
    expect(dayRequestTone([request('Approved')])).toBe('approved');
    // The server sends the status text upper-case (contracts REQUEST_STATUS_TEXT).
    expect(dayRequestTone([request('APPROVED'), request('REJECTED')])).toBe('rejected');
    expect(dayRequestTone([request('PENDING'), request('APPROVED')])).toBe('pending');
  });
});

describe('hover card texts', () => {
  it.each([
    ['08:20', '17:45', '08:20 - 17:45'],
    ['08:20:59', '17:45:00', '08:20 - 17:45'],
    ['8:05', null, '08:05 - --:--'],
    [null, '17:45', '--:-- - 17:45'],
    [null, null, '-'],
  ] as const)('check in-out %s / %s', (i, o, text) => expect(formatCheckInOut(i, o)).toBe(text));

  it.each([
    [0, '0h 0m'],
    [45, '0h 45m'],
    [480, '8h 0m'],
    [545, '9h 5m'],
    [-3, '0h 0m'],
  ] as const)('active time %i min → %s', (min, text) => expect(formatActiveTime(min)).toBe(text));

  it('formats edit instants as DD/MM/YYYY HH:mm in local time', () => {
    const iso = '2026-11-23T02:15:00.000Z';
    expect(formatEditTime(iso)).toBe(dayjs(iso).format('DD/MM/YYYY HH:mm'));
    expect(formatEditTime(null)).toBe('-');
    expect(formatEditTime('not a date')).toBe('-');
  });

  it('lists the seven rows with dashes when nothing happened', () => {
    expect(hoverCardRows(entry())).toEqual([
      { label: 'Check in-out', value: '08:20 - 17:45', warn: false },
      { label: 'Request', value: '-' },
      { label: 'Latest edit', value: '-' },
      { label: 'Editor', value: '-' },
      { label: 'Comment', value: '-' },
      { label: 'Total edit count', value: '0' },
      { label: 'Active time', value: '8h 0m' },
    ]);
  });

  it('shows the latest edit (newest first), its editor and comment, requests and a late mark', () => {
    const iso = '2026-11-24T03:00:00.000Z';
    const rows = hoverCardRows(
      entry({
        value: 1,
        is_late_coming: true,
        requests: [request('Approved')],
        edit_count: 2,
        history: [
          { old_value: 0.5, new_value: 1, modified_date: iso, modifier: { name: 'Hana HR', user_name: 'hr', department: 'HR Dept' }, comments: ' Forgot to check in ' },
          { old_value: null, new_value: 0.5, modified_date: '2026-11-23T03:00:00.000Z', modifier: { name: 'Other', user_name: 'o', department: null }, comments: null },
        ],
      }),
    );
    expect(rows.find((r) => r.label === 'Check in-out')?.warn).toBe(true);
    expect(rows.find((r) => r.label === 'Request')?.value).toEqual(['Leave Request - Nghỉ phép năm 4.00h (Approved)']);
    const upper = hoverCardRows(entry({ requests: [request('PENDING'), request('REJECTED')] }));
    expect(upper.find((r) => r.label === 'Request')?.value).toEqual(['Leave Request - Nghỉ phép năm 4.00h (Pending)', 'Leave Request - Nghỉ phép năm 4.00h (Rejected)']);
    expect(rows.find((r) => r.label === 'Latest edit')?.value).toEqual(['0.5 → 1', dayjs(iso).format('DD/MM/YYYY HH:mm')]);
    expect(rows.find((r) => r.label === 'Editor')?.value).toBe('Hana HR (HR Dept)');
    expect(rows.find((r) => r.label === 'Comment')?.value).toBe('Forgot to check in');
    expect(rows.find((r) => r.label === 'Total edit count')?.value).toBe('2');
  });

  it('writes a missing old value as a dash and an editor without department by name', () => {
    const rows = hoverCardRows(
      entry({ edit_count: 1, history: [{ old_value: null, new_value: 0, modified_date: '2026-11-23T03:00:00Z', modifier: { name: 'Ann', user_name: 'a', department: null }, comments: null }] }),
    );
    expect((rows.find((r) => r.label === 'Latest edit')?.value as string[])[0]).toBe('- → 0');
    expect(rows.find((r) => r.label === 'Editor')?.value).toBe('Ann');
  });
});

describe('entriesByDate', () => {
  it('indexes a row by date and caches per array', () => {
    const list = [entry({ date_of_issue: '2026-11-23' }), entry({ date_of_issue: '2026-11-24T00:00:00' })];
    const map = entriesByDate(list);
    expect(map.get('2026-11-24')).toBe(list[1]);
    expect(entriesByDate(list)).toBe(map);
  });
});

describe('request type in the reader\'s language (issue 25)', () => {
  afterEach(async () => {
    await setLanguage('en');
    setNumberLanguage('en');
  });

  it('names the type by its code in Vietnamese on the hover card; an unknown code keeps the English name', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    const rows = hoverCardRows(
      entry({ requests: [request('APPROVED'), { ...request('PENDING'), request_type: 'SOMETHING_NEW', request_type_name_en: 'Something New' }] }),
      timesheetTexts.t,
    );
    expect(rows.find((r) => r.label === 'Yêu cầu')?.value).toEqual(['Yêu cầu nghỉ phép - Nghỉ phép năm 4,00 giờ (Đã duyệt)', 'Something New - Nghỉ phép năm 4,00 giờ (Chờ duyệt)']);
  });
});
