import { describe, expect, it } from 'vitest';
import { exportBodySchema, sendEmailBodySchema, zipBodySchema } from '@tms/contracts/timesheet-export';
import { gridFilterSchema, type GridFilter } from '@tms/contracts/timesheet-grid';
import { exportBody, sendEmailBody, sendEmailConfirmText, zipBody } from './request-bodies.ts';

// The grid's filter as the page holds it: the parsed form of its query (GridFilter).
const full: GridFilter = gridFilterSchema.parse({
  location: 'HCM,HN',
  divisions: '1',
  departmentsFilter: '11,12',
  role: 'STAFF',
  employee: '5,6',
  workScheduleTypes: 'FIXED',
  actionAbnormalCase: 'true',
  reason_type: 'ANN_LEAVE_CORP',
});
const empty: GridFilter = gridFilterSchema.parse({});

describe('exportBody (spec 001 §7.1 rule / rule2 names)', () => {
  it('maps every filter part, and the server reads back the same filter', () => {
    const body = exportBody(full, []);
    expect(body).toEqual({
      location: ['HCM', 'HN'],
      departmentsFilter: ['11', '12'],
      role: ['STAFF'],
      employee: ['5', '6'],
      divisions: ['1'],
      workScheduleTypes: ['FIXED'],
      reason_type: ['ANN_LEAVE_CORP'],
      actionAbnormalCase: true,
    });
    expect(exportBodySchema.parse(body)).toEqual({
      location: full.location,
      departmentsFilter: full.departmentsFilter,
      role: full.role,
      employee: full.employee,
      divisions: full.divisions,
      workScheduleTypes: full.workScheduleTypes,
      reason_type: full.reason_type,
      actionAbnormalCase: true,
    });
  });

  it('adds employee_id = the ticked rows', () => {
    const body = exportBody(full, [7, 8]);
    expect(body.employee_id).toEqual(['7', '8']);
    expect(exportBodySchema.parse(body)?.employee_id).toEqual([7, 8]);
  });

  it('an empty filter sends an empty body (no part narrows), also with the abnormal flag off', () => {
    expect(exportBody(empty, [])).toEqual({});
    expect(exportBody({ ...empty, actionAbnormalCase: false, location: [] }, [])).toEqual({});
    expect(exportBodySchema.parse({})).toEqual({});
  });
});

describe('zipBody', () => {
  it('{ employeeId: [ids], timesheetId }', () => {
    const body = zipBody(4, [7, 8]);
    expect(body).toEqual({ employeeId: [7, 8], timesheetId: 4 });
    expect(zipBodySchema.parse(body)).toEqual(body);
  });
});

describe('sendEmailBody (spec 001 §7.1 send-email names)', () => {
  it('the ticked rows win: employee_id only', () => {
    const body = sendEmailBody(full, [7]);
    expect(body).toEqual({ employee_id: ['7'] });
    expect(sendEmailBodySchema.parse(body)).toEqual({ employee_id: [7] });
  });

  it('without ticked rows: the whole grid filter under the send-email names', () => {
    const body = sendEmailBody(full, []);
    expect(body).toEqual({
      location: ['HCM', 'HN'],
      employee: ['5', '6'],
      department: ['11', '12'],
      divisions: ['1'],
      role: ['STAFF'],
      workScheduleTypes: ['FIXED'],
      reason_type: ['ANN_LEAVE_CORP'],
      action_abnormal_case: true,
    });
    expect(sendEmailBodySchema.parse(body)).toEqual({
      location: ['HCM', 'HN'],
      employee: [5, 6],
      department: [11, 12],
      divisions: [1],
      role: ['STAFF'],
      workScheduleTypes: ['FIXED'],
      reason_type: ['ANN_LEAVE_CORP'],
      action_abnormal_case: true,
    });
  });

  it('an empty filter means everyone: an empty body', () => {
    expect(sendEmailBody(empty, [])).toEqual({});
  });
});

describe('sendEmailConfirmText', () => {
  it('names the ticked rows, or everyone matching the filter', () => {
    expect(sendEmailConfirmText(1)).toBe('Do you want to send the timesheet email to the 1 selected employee?');
    expect(sendEmailConfirmText(3)).toBe('Do you want to send the timesheet email to the 3 selected employees?');
    expect(sendEmailConfirmText(0)).toBe('Do you want to send the timesheet email to all employees matching the filter?');
  });
});
