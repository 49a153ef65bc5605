import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ExplanationRow } from './api/explanations-api.ts';
import { currentMonthRange, departmentOf, explanationActions, fromStored, isEditableStatus, nameOf, toStored, usesManagementFilters } from './explanation-rules.ts';

const all = { cancel: true, approve: true, reject: true, edit: true, changeAssignee: true };

function row(over: Partial<ExplanationRow> = {}): ExplanationRow {
  return {
    id: 5,
    abnormal_id: 9,
    title: 'Explanation 20/11/2026',
    employee: { id: 11, name: 'Staff', code: 'E011', department: 'Dev 1' },
    assignee: { id: 2, user_name: 'gl', name: 'Group Lead' },
    original_assignee: { id: 2, user_name: 'gl', name: 'Group Lead' },
    approver: null,
    created_by: { id: 4, user_name: 'staff', name: 'Staff' },
    approved_by: null,
    abnormal_date: '2026-11-20',
    created_date: '2026-11-21T02:00:00Z',
    modify_date: '2026-11-21T02:00:00Z',
    reason_type: 'LATE_TRAFFIC',
    reason_type_name: 'Late because of traffic',
    reason_detail: 'Late because of traffic',
    absent_type: null,
    actual: 'LATE_COMING',
    description: 'Traffic jam',
    reasons_for_rejection: null,
    case_reason: '2',
    is_flexible: false,
    status: 1,
    statusText: 'PENDING',
    approval_step: null,
    version: 1,
    actions: all,
    ...over,
  };
}

const gl = { userName: 'gl', employeeId: 2, roles: ['STAFF', 'GROUP_LEAD'] };
const staff = { userName: 'staff', employeeId: 11, roles: ['STAFF'] };

describe('explanation management rules (spec 001 §2.6, §4.4, §6)', () => {
  it('gives ADMIN and HR the management filter set, others the by-staff set', () => {
    expect(usesManagementFilters({ ...staff, roles: ['HR'] })).toBe(true);
    expect(usesManagementFilters({ ...staff, roles: ['ADMIN'] })).toBe(true);
    expect(usesManagementFilters({ ...staff, roles: ['HRM'] })).toBe(false);
    expect(usesManagementFilters(gl)).toBe(false);
  });
  it('keeps Pending and Delegated editable; 3, 4, 5 hide every action', () => {
    expect([1, 3, 4, 5, 6].map(isEditableStatus)).toEqual([true, false, false, false, true]);
    for (const status of [3, 4, 5]) expect(explanationActions(row({ status }), gl)).toEqual({ edit: false, cancel: false, approve: false, reject: false, changeAssignee: false });
  });
  it('shows Reject and Approve to GROUP_LEAD and DULEAD only', () => {
    expect(explanationActions(row(), gl)).toMatchObject({ approve: true, reject: true });
    expect(explanationActions(row(), { ...gl, roles: ['DULEAD'] })).toMatchObject({ approve: true, reject: true });
    expect(explanationActions(row(), { ...gl, roles: ['HR'] })).toMatchObject({ approve: false, reject: false });
    expect(explanationActions(row({ status: 6 }), staff)).toMatchObject({ approve: false, reject: false, cancel: true, edit: true });
  });
  it('follows the server where it refuses', () => {
    const none = { cancel: false, approve: false, reject: false, edit: false, changeAssignee: false };
    expect(explanationActions(row({ actions: none }), gl)).toEqual(none);
  });
  it('reads names from strings and person objects', () => {
    expect(nameOf('Dev 1')).toBe('Dev 1');
    expect(nameOf({ id: 1, name: 'Group Lead', user_name: 'gl' })).toBe('Group Lead');
    expect(nameOf({ id: 1, name: null, user_name: 'gl' })).toBe('gl');
    expect(nameOf(null)).toBe('');
    expect(departmentOf(row().employee)).toBe('Dev 1');
  });
});

describe('the session filter (spec 001 §2.6 current month, kept for the session)', () => {
  it('defaults to the current month', () => {
    const [from, to] = currentMonthRange(dayjs('2026-11-24'));
    expect(from.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(to.format('YYYY-MM-DD')).toBe('2026-11-30');
  });
  it('stores date ranges as ISO dates and reads them back through JSON', () => {
    const values = { date: [dayjs('2026-11-01'), dayjs('2026-11-30')], status: [1, 6], employee: 'nguyen' };
    const back = fromStored(JSON.parse(JSON.stringify(toStored(values))) as unknown, {});
    expect((back.date as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-01', '2026-11-30']);
    expect(back.status).toEqual([1, 6]);
    expect(back.employee).toBe('nguyen');
  });
  it('falls back to the defaults on anything unreadable', () => {
    const fallback = { date: null };
    expect(fromStored(undefined, fallback)).toBe(fallback);
    expect(fromStored('junk', fallback)).toBe(fallback);
    expect(fromStored({ values: null }, fallback)).toBe(fallback);
  });
});
