import { describe, expect, it } from 'vitest';
import { myTimesheetKeys, myTimesheetPath } from './get-my-timesheet.ts';

describe('my timesheet call', () => {
  it('reads day-based staff from /tms/timesheets/{id}/employee/{employmentID}', () => {
    expect(myTimesheetPath({ timesheetId: 12, employeeId: 7 })).toBe('/tms/timesheets/12/employee/7');
  });
  it('reads hour-based staff from the flexible path', () => {
    expect(myTimesheetPath({ timesheetId: 12, employeeId: 7, flexible: true })).toBe('/tms/timesheets/flexible/12/employee/7');
  });
  it('keys each period, employee and endpoint apart under one root', () => {
    expect(myTimesheetKeys.detail({ timesheetId: 12, employeeId: 7 })).toEqual(['my-timesheet', 12, 7, 'day']);
    expect(myTimesheetKeys.detail({ timesheetId: 12, employeeId: 7, flexible: true })).toEqual(['my-timesheet', 12, 7, 'hour']);
    expect(myTimesheetKeys.detail({ timesheetId: 12, employeeId: 7 }).slice(0, 1)).toEqual([...myTimesheetKeys.all]);
  });
});
