import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { endsNextDay, latestEnd, otDateDisabled } from '../ot-window.ts';
import type { FixedStaff } from '@tms/contracts/overtime-fixed';
import { blockedOwnRow, listStatusOf, requestApproverText, rowApproverNote, rowsDecidedBy, rowStepLabel, seenSteps, toFixedPayload } from './fixed-overtime-view.ts';

describe('fixed overtime form helpers', () => {
  const t = (hm: string) => dayjs(`2026-11-09 ${hm}`, 'YYYY-MM-DD HH:mm');

  it('sends the next day for an end before the start (overnight), the same day otherwise', () => {
    const base = { title: ' T ', project_id: 1, ot_date: dayjs('2026-11-09'), ot_type: 'OT_AT_OFFICE', staff: [4, 5] };
    expect(toFixedPayload({ ...base, start: t('22:00'), end: t('02:00') })).toMatchObject({
      title: 'T',
      ot_date: '2026-11-09',
      start_time: '2026-11-09 22:00:00',
      end_time: '2026-11-10 02:00:00',
      staff: [{ employee_id: 4, status: 1 }, { employee_id: 5, status: 1 }],
    });
    expect(toFixedPayload({ ...base, start: t('18:00'), end: t('21:30') }).end_time).toBe('2026-11-09 21:30:00');
    // Equal times stay on the same day: the server answers 'The end time must be after the start time'.
    expect(toFixedPayload({ ...base, start: t('18:00'), end: t('18:00') }).end_time).toBe('2026-11-09 18:00:00');
    expect(endsNextDay(t('18:00'), t('17:59'))).toBe(true);
  });

  it('disables weekends, dates on or before the lock date and dates past the latest period end + 10 days', () => {
    const lock = dayjs('2026-10-25');
    expect(otDateDisabled(dayjs('2026-11-07'), lock, '2026-11-25')).toBe(true); // Saturday
    expect(otDateDisabled(dayjs('2026-10-23'), lock, '2026-11-25')).toBe(true);
    expect(otDateDisabled(dayjs('2026-10-26'), lock, '2026-11-25')).toBe(false);
    expect(otDateDisabled(dayjs('2026-12-04'), lock, '2026-11-25')).toBe(false);
    expect(otDateDisabled(dayjs('2026-12-07'), lock, '2026-11-25')).toBe(true);
    expect(latestEnd([{ to_date: '2026-10-25' }, { to_date: '2026-11-25' }])).toBe('2026-11-25');
  });
});

describe('one approver, own rows, own status (issue 26)', () => {
  const person = (id: number, name: string) => ({ id, name, user_name: name.toLowerCase() });
  const staffRow = (employee_id: number, approver: { id: number; name: string; user_name: string }, shown_status = 1) =>
    ({ employee_id, approver_id: approver.id, approver, shown_status }) as unknown as FixedStaff;
  // pm (user 10, employee 100) filed for staff (employee 101) and themselves; their own row goes to their lead (user 30).
  const pm = person(10, 'Phuong');
  const lead = person(30, 'Oanh');
  const staff = [staffRow(101, pm), staffRow(100, lead)];

  it('a staff row names its approver only where it is not the request’s one approver', () => {
    expect(rowApproverNote(staff[0]!, pm.id)).toBeNull();
    expect(rowApproverNote(staff[1]!, pm.id)).toBe('Oanh');
  });

  it('the decider’s own pending row is shown blocked; nobody else’s, and not once decided', () => {
    const pmViewer = { userId: 10, employeeId: 100, actors: ['STAFF', 'PM'] as const };
    expect(blockedOwnRow({ staff }, pmViewer)).toBe(100);
    expect(blockedOwnRow({ staff: [staffRow(101, pm), staffRow(100, lead, 3)] }, pmViewer)).toBeNull();
    // A staff member on the request decides nothing: read-only, nothing blocked to explain.
    expect(blockedOwnRow({ staff }, { userId: 11, employeeId: 101, actors: ['STAFF'] })).toBeNull();
    // The lead approves pm's row: not their own.
    expect(blockedOwnRow({ staff }, { userId: 30, employeeId: 300, actors: ['GROUP_LEAD'] })).toBeNull();
  });

  it('the staff view shows the caller’s own row’s status; a request they are not on keeps the request tag', () => {
    const row = { staff: [{ employeeId: 101, name: 'Son', user_name: 'staff', status: 3, statusText: 'APPROVED' }, { employeeId: 102, name: 'Giang', user_name: 'gl', status: 4, statusText: 'REJECTED' }] };
    expect(listStatusOf(row, 101)).toEqual({ own: 3, text: 'APPROVED' });
    expect(listStatusOf(row, 999)).toBeNull();
    expect(listStatusOf(row, null)).toBeNull();
  });
});

describe('a staff row in an approval flow (issue 29)', () => {
  const row = (over: Partial<FixedStaff>) => ({ employee_id: 101, shown_status: 1, approver: { id: 4, name: 'Dung', user_name: 'dl' }, approval_step: { step: 2, count: 2, flow_name: 'PM then DL' }, ...over }) as FixedStaff;

  it('shows its step while pending, the usual status otherwise', () => {
    expect(rowStepLabel(row({}))).toBe('Pending — step 2 of 2 (dl)');
    expect(rowStepLabel(row({ approval_step: null }))).toBeUndefined();
    expect(rowStepLabel(row({ approval_step: undefined }))).toBeUndefined();
    // Expired (the lock date passed): the usual status says so.
    expect(rowStepLabel(row({ shown_status: 10 }))).toBeUndefined();
  });

  it('an approval names the step each row was seen at; a row in no flow names none', () => {
    const staff = [row({}), row({ employee_id: 102, approval_step: null })];
    expect(seenSteps(staff, [101, 102])).toEqual([{ employee_id: 101, approval_step: 2 }, { employee_id: 102 }]);
  });
});

describe('a staff row waiting on anyone of a role (issue 29, a ROLE step)', () => {
  const pm = { id: 10, name: 'Phuong', user_name: 'pm' };
  const atRole = { employee_id: 101, shown_status: 1, approver_id: null, approver: null, approver_role: 'HRM', approval_step: { step: 2, count: 2, flow_name: 'PM then any HRM' } } as FixedStaff;
  const atPm = { employee_id: 102, shown_status: 1, approver_id: pm.id, approver: pm, approver_role: null, approval_step: null } as FixedStaff;
  const hrm = { userId: 30, employeeId: 300, actors: ['HRM'] as const };

  it('shows the pending step without a name, and the role where a row names its approver', () => {
    expect(rowStepLabel(atRole)).toBe('Pending — step 2 of 2');
    expect(rowApproverNote(atRole, pm.id)).toBe('Anyone: HR Manager');
    expect(rowApproverNote({ ...atRole, shown_status: 3 }, pm.id)).toBeNull();
    expect(rowApproverNote(atPm, pm.id)).toBeNull();
  });

  it('the header names the assignee, else the role the rows wait on', () => {
    expect(requestApproverText({ assignee_ob: null, staff: [atRole, atPm] })).toBe('Anyone: HR Manager');
    expect(requestApproverText({ assignee_ob: { id: 10, name: 'Phuong', user_name: 'pm', department_name: { name: null } }, staff: [atRole] })).toBe('Phuong (pm)');
    expect(requestApproverText({ assignee_ob: null, staff: [{ ...atRole, shown_status: 3 }] })).toBe('');
  });

  it('is decided by anyone of the role (Approve All covers it), never by their own row or someone without the role', () => {
    expect(rowsDecidedBy([atRole, atPm], hrm).map((s) => s.employee_id)).toEqual([101]);
    expect(rowsDecidedBy([atRole, atPm], { userId: 10, employeeId: 100, actors: ['STAFF', 'PM'] }).map((s) => s.employee_id)).toEqual([102]);
    expect(rowsDecidedBy([atRole], { ...hrm, employeeId: 101 })).toEqual([]);
    expect(rowsDecidedBy([atRole], { userId: 31, employeeId: 301, actors: ['HR'] })).toEqual([]);
    expect(rowsDecidedBy([atRole], null)).toEqual([]);
    // An HRM on the request whose own row is pending, deciding another's: their own is shown blocked.
    expect(blockedOwnRow({ staff: [atRole, { ...atPm, employee_id: 300 }] }, hrm)).toBe(300);
  });
});
