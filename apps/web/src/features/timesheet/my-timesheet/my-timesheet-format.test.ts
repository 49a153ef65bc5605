import { describe, expect, it } from 'vitest';
import {
  companyIdOf,
  dayColumnKeys,
  dayColumnTitle,
  dayRowView,
  detailTitle,
  isHourBased,
  isWeekendDay,
  punchClasses,
  requestLines,
  workingDayText,
} from './my-timesheet-format.ts';
import { day } from './test-fixtures.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { setNumberLanguage } from '../../../lib/numbers.ts';
import { timesheetTexts } from '../i18n/index.ts';

const annualLeave = { request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Phép năm', request_status: 'APPROVED', quantity_in_hours: 8 };

describe('detail header', () => {
  it.each([
    ['2026-11-25', 'Timesheet Details for November 2026'],
    ['25/01/2027', 'Timesheet Details for January 2027'],
    ['2026-12-25T00:00:00.000Z', 'Timesheet Details for December 2026'],
    [null, 'Timesheet Details'],
    ['not a date', 'Timesheet Details'],
  ])('titles a period ending %s as %s', (toDate, title) => {
    expect(detailTitle(toDate)).toBe(title);
  });

  it('shows the SF4C id as company ID, else the user name', () => {
    expect(companyIdOf({ sf4c_id: 'SF1', user_name: 'annv' })).toBe('SF1');
    expect(companyIdOf({ sf4c_id: null, user_name: 'annv' })).toBe('annv');
    expect(companyIdOf({ sf4c_id: '  ', user_name: 'annv' })).toBe('annv');
  });
});

describe('staff type', () => {
  it.each([
    ['HOUR', true],
    ['hour', true],
    ['DAY', false],
    [null, false],
    [undefined, false],
  ])('rule_type %s is hour-based: %s', (ruleType, expected) => {
    expect(isHourBased(ruleType)).toBe(expected);
  });

  it('day-based staff get No, Date, Shift, Checkin, Checkout, Working day', () => {
    expect(dayColumnKeys(false).map((k) => dayColumnTitle(k))).toEqual(['No', 'Date', 'Shift', 'Checkin time', 'Checkout time', 'Working day']);
  });

  it('hour-based staff also get Work schedule, Absent time (Min), Request and Action', () => {
    const titles = dayColumnKeys(true).map((k) => dayColumnTitle(k));
    expect(titles).toEqual(['No', 'Date', 'Work schedule', 'Shift', 'Checkin time', 'Checkout time', 'Working day', 'Absent time (Min)', 'Request', 'Action']);
  });
});

describe('weekend', () => {
  it('follows the server day type', () => {
    expect(isWeekendDay({ day_type: 'WEEKEND', date_of_issue: '2026-11-02' })).toBe(true);
    expect(isWeekendDay({ day_type: 'WORKING', date_of_issue: '2026-11-07' })).toBe(false);
    expect(isWeekendDay({ day_type: 'HOLIDAY', date_of_issue: '2026-11-02' })).toBe(false);
  });
  it('falls back to Saturday and Sunday without a day type', () => {
    expect(isWeekendDay({ day_type: '', date_of_issue: '2026-11-07' })).toBe(true);
    expect(isWeekendDay({ day_type: '', date_of_issue: '2026-11-08' })).toBe(true);
    expect(isWeekendDay({ day_type: '', date_of_issue: '2026-11-09' })).toBe(false);
  });
});

describe('working day cell', () => {
  it.each([
    ['a full day', day({ value: 1 }), '1'],
    ['a half day', day({ value: 0.5 }), '0.5'],
    ['an hour-based fraction', day({ value: 0.88 }), '0.88'],
    ['a holiday with its notation', day({ day_type: 'HOLIDAY', value: 1, notation: 'H' }), 'H'],
    ['a weekend', day({ day_type: 'WEEKEND', value: null }), '-'],
    ['a weekend even with a value', day({ day_type: 'WEEKEND', value: 1 }), '-'],
    ['a day without a value', day({ value: null }), '-'],
    ['an HR override of 0', day({ value: 0, overridden: true }), '0'],
  ])('%s', (_name, d, text) => {
    expect(workingDayText(d)).toBe(text);
  });
});

describe('late and early', () => {
  it('marks a late check-in and an early check-out', () => {
    expect(punchClasses({ is_late_coming: true, is_early_leaving: false })).toEqual({ checkIn: 'late' });
    expect(punchClasses({ is_late_coming: false, is_early_leaving: true })).toEqual({ checkOut: 'early' });
    expect(punchClasses({ is_late_coming: true, is_early_leaving: true })).toEqual({ checkIn: 'late', checkOut: 'early' });
    expect(punchClasses({ is_late_coming: false, is_early_leaving: false })).toEqual({});
  });
});

describe('request tooltip', () => {
  it('lists reason type, hours and status per request', () => {
    expect(
      requestLines([
        { request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Nghỉ phép năm', request_status: 'Approved', quantity_in_hours: 4 },
        { request_type: 'EXPLANATION_REQUEST', request_type_name_en: 'Explanation Request', reason_type_name_vi: '', request_status: 'Pending', quantity_in_hours: 1.5 },
        { request_type: 'ONSITE', request_type_name_en: 'Onsite', reason_type_name_vi: 'Công tác', request_status: 'Pending', quantity_in_hours: null },
      ]),
    ).toEqual(['Nghỉ phép năm - 4.00 hours - Approved', 'Explanation Request - 1.50 hours - Pending', 'Công tác - Pending']);
  });
});

describe('day row', () => {
  it('formats a late, early working day', () => {
    const row = dayRowView(day({ date_of_issue: '2026-11-02', check_in_time: '08:47', check_out_time: '16:10', is_late_coming: true, is_early_leaving: true, value: 0, absent_time: 95 }), 4);
    expect(row).toMatchObject({
      key: '2026-11-02',
      no: 5,
      date: '02/11/2026',
      weekday: 'Mon',
      weekend: false,
      shift: '08:30–17:30',
      checkIn: '08:47',
      checkOut: '16:10',
      checkInClass: 'late',
      checkOutClass: 'early',
      workingDay: '0',
      workSchedule: 'HCM',
      absentTime: '95',
      requestText: '-',
      requestLines: [],
      showAction: true,
    });
  });

  it('formats a weekend without punches', () => {
    const row = dayRowView(
      day({ date_of_issue: '2026-11-07', day_type: 'WEEKEND', value: null, computed_value: null, check_in_time: null, check_out_time: null, shift: null, work_schedule_name: null }),
      0,
    );
    expect(row).toMatchObject({ key: '2026-11-07', no: 1, weekday: 'Sat', weekend: true, shift: '-', checkIn: '-', checkOut: '-', workingDay: '-', workSchedule: '-', absentTime: '-', showAction: false });
    expect(row.checkInClass).toBeUndefined();
    expect(row.checkOutClass).toBeUndefined();
  });

  it('tells where a self punch came from under its time, and says nothing of a device punch (issue 28 §4)', async () => {
    const web = { source: 'web', place_name: 'Office', distance_m: 55, sent_late: false, taken_at_server: true };
    const kiosk = { source: 'kiosk', place_name: 'Lobby', distance_m: null, sent_late: true, taken_at_server: false };
    const row = dayRowView(day({ check_in_time: '08:31', check_out_time: '17:40', check_in_self: web, check_out_self: kiosk }), 0);
    expect([row.checkIn, row.checkInSource, row.checkOut, row.checkOutSource]).toEqual(['08:31', 'Web · Office, 55 m', '17:40', 'Kiosk · Lobby · Sent late']);
    const device = dayRowView(day({ check_in_time: '08:31', check_out_time: '17:40' }), 0);
    expect([device.checkInSource, device.checkOutSource]).toEqual([undefined, undefined]);
    await setLanguage('vi');
    try {
      expect(dayRowView(day({ check_in_time: '08:31', check_in_self: { ...web, sent_late: true } }), 0).checkInSource).toBe('Web · Office, 55 m · Gửi muộn');
    } finally {
      await setLanguage('en');
    }
  });

  it('shows no work schedule on a weekend (the flexible window is for working days)', () => {
    const row = dayRowView(day({ date_of_issue: '2026-11-07', day_type: 'WEEKEND', value: null, work_schedule_name: 'Flexible hours 07:00-19:00' }), 0);
    expect(row.workSchedule).toBe('-');
    expect(dayRowView(day({ work_schedule_name: 'Flexible hours 07:00-19:00' }), 0).workSchedule).toBe('Flexible hours 07:00-19:00');
  });

  it('a day not judged yet (today) shows its punches so far and no value or absent time (RULES.md §4)', () => {
    const row = dayRowView(day({ value: null, computed_value: null, check_in_time: '08:05', check_out_time: null, absent_time: 480 }), 0);
    expect(row).toMatchObject({ checkIn: '08:05', checkOut: '-', workingDay: '-', absentTime: '-' });
  });

  it('names the requests of a day', () => {
    const row = dayRowView(day({ requests: [annualLeave] }), 0);
    expect(row.requestText).toBe('Leave Request');
    expect(row.requestLines).toEqual(['Phép năm - 8.00 hours - APPROVED']);
  });

  it('a future day with an approved leave shows its notation, marked, and the request; no value yet (issue 26 §2)', () => {
    const future = day({ date_of_issue: '2026-12-03', value: null, computed_value: null, notation: 'P', check_in_time: null, check_out_time: null, requests: [annualLeave] });
    expect(dayRowView(future, 0)).toMatchObject({ checkIn: '-', checkOut: '-', workingDay: 'P', leave: true, absentTime: '-', requestLines: ['Phép năm - 8.00 hours - APPROVED'] });
    // A holiday's H and a plain value are not leave.
    expect(dayRowView(day({ day_type: 'HOLIDAY', notation: 'H' }), 0).leave).toBe(false);
    expect(dayRowView(day(), 0).leave).toBe(false);
  });

  it('names the request type in Vietnamese by its code (issue 25)', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    try {
      const row = dayRowView(day({ requests: [annualLeave, { ...annualLeave, request_type: 'WORK_OUTSIDE', request_type_name_en: 'Work Outside', reason_type_name_vi: '' }] }), 0, timesheetTexts.t);
      expect(row.requestText).toBe('Yêu cầu nghỉ phép, Làm việc bên ngoài');
      expect(row.requestLines).toEqual(['Phép năm - 8,00 giờ - Đã duyệt', 'Làm việc bên ngoài - 8,00 giờ - Đã duyệt']);
    } finally {
      await setLanguage('en');
      setNumberLanguage('en');
    }
  });
});
