import { describe, expect, it } from 'vitest';
import type { TeamCalendarEntry, TeamCalendarPerson, TeamCalendarRequest } from '@tms/contracts/team-calendar';
import { cellsOf, daysOf, entryAmount, indexHolidays, moveAnchor, viewRange } from './calendar-model.ts';

const entry = (over: Partial<TeamCalendarEntry>): TeamCalendarEntry => ({
  request_id: 1,
  date: '2026-11-26',
  request_type: 'LEAVE_REQUEST',
  reason_type: 'ANN_LEAVE_CORP',
  reason_name: 'Annual leave',
  status: 1,
  shift: 'FULL_DAY',
  hours: 8,
  ...over,
});
/** A request of one day, as the answer sends it. */
const request = (over: Partial<TeamCalendarEntry>): TeamCalendarRequest => {
  const { date, shift, hours, minutes, start_time, end_time, ...fields } = entry(over);
  return { ...fields, days: [{ date, shift, hours, minutes, start_time, end_time }] };
};
const person = (requests: TeamCalendarRequest[], attendance = ''): TeamCalendarPerson => ({
  employee_id: 1,
  name: 'Son Staff',
  user_name: 'staff',
  department_id: 1,
  holiday_calendar: 'VNM_NPH',
  attendance_visible: true,
  requests,
  attendance,
});

describe('the views', () => {
  it('a month covers its calendar month; two weeks start on the anchor’s Monday', () => {
    expect(viewRange('month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(viewRange('twoWeeks', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-12-06' });
    expect(viewRange('twoWeeks', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-12-06' });
    expect(moveAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(moveAnchor('twoWeeks', '2026-11-23', -1)).toBe('2026-11-09');
    expect(daysOf('2026-11-29', '2026-12-02')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });
});

describe('a cell', () => {
  const days = ['2026-11-20', '2026-11-26', '2026-11-27', '2026-11-28'];
  const holidays = indexHolidays([{ calendar: 'VNM_NPH', date: '2026-11-20', name: 'Company day' }, { calendar: 'OTHER', date: '2026-11-27', name: 'Elsewhere' }]);

  it('is approved (solid) when an approved request covers it, pending (hatched) when only pending ones do', () => {
    const cells = cellsOf(person([request({ status: 1 }), request({ request_id: 2, status: 3, request_type: 'WORK_OUTSIDE' }), request({ request_id: 3, date: '2026-11-27' })]), days, holidays);
    expect(cells[1]).toMatchObject({ tone: 'approved', kind: 'outside' });
    expect(cells[2]).toMatchObject({ tone: 'pending', kind: 'leave' });
    expect(cells[3]).toMatchObject({ tone: 'none', kind: null, weekend: true });
  });

  it('shows the holidays of the person’s own calendar and the attendance of the day', () => {
    const cells = cellsOf(person([], '02A00L'), days, holidays);
    expect(cells[0]).toMatchObject({ holiday: 'Company day', attendance: 'LATE' });
    expect(cells.map((c) => c.attendance)).toEqual(['LATE', null, 'ABSENT', null]);
    expect(cells[2]!.holiday).toBeNull();
  });

  it('tells the part of the day', () => {
    expect(entryAmount(entry({ shift: 'MORNING', hours: 4 }))).toEqual({ part: 'MORNING', hours: 4, times: null });
    expect(entryAmount(entry({ shift: undefined, minutes: 90, start_time: '08:00', end_time: '09:30', hours: 1.5 }))).toEqual({ part: 'HOURS', hours: 1.5, times: '08:00–09:30' });
  });
});
