import { describe, expect, it } from 'vitest';
import type { AbnormalCaseRow } from './api/abnormal-case-api.ts';
import { toActualOptions, toReasonOptions } from './api/abnormal-case-api.ts';
import {
  abnormalActions,
  absentTimeText,
  actualChoices,
  defaultReason,
  explainDefaults,
  explainedMinutesError,
  displayStatus,
  reasonTooltip,
  rowTypeText,
  staffText,
  statusFilterOptions,
  workScheduleText,
} from './abnormal-case-rules.ts';

function row(over: Partial<AbnormalCaseRow> = {}): AbnormalCaseRow {
  return {
    id: 7,
    employee: { id: 11, name: 'Nguyễn Văn A', user_name: 'staff', department_name: 'Dev 1' },
    abnormal_date: '2026-11-20',
    status: 0,
    status_type: 'UNEXPLAINED',
    check_in: '08:47',
    check_out: '17:31',
    minute_violation: 17,
    reason_type: '2',
    reason_type_name: 'Late coming',
    request_type_code: null,
    reason_type_code: null,
    start_time: '08:30',
    end_time: '12:00',
    work_start_time: '08:30',
    work_end_time: '17:30',
    is_flexible: false,
    explained_minutes_max: 17,
    assignee: null,
    is_expired: false,
    dateInApprovedTimeSheet: false,
    request: null,
    actions: { explain: true, approve: false, reject: false, edit: false, delegate: false },
    ...over,
  };
}

const request = {
  id: 42,
  title: 'Explanation 20/11/2026',
  actual: 'LATE_COMING',
  description: 'Traffic jam',
  reason_type: 'LATE_TRAFFIC',
  reason_type_name: 'Late because of traffic',
  status: 1,
  mail: [],
  mail_cc: [],
  leaving_type: null,
  explanation_fund: null,
  is_flexible: false,
  reasons_for_rejection: null,
  version: 1,
};

const staff = { userName: 'staff', employeeId: 11, roles: ['STAFF'] };
const gl = { userName: 'gl', employeeId: 2, roles: ['STAFF', 'GROUP_LEAD'] };
const hr = { userName: 'hr', employeeId: 3, roles: ['HR'] };

describe('abnormal case display (spec 001 §2.5)', () => {
  it('shows staff as name - department and the work schedule as start - end', () => {
    expect(staffText(row())).toBe('Nguyễn Văn A - Dev 1');
    expect(staffText(row({ employee: { id: 1, name: 'B', user_name: 'b', department_name: null } }))).toBe('B');
    expect(workScheduleText(row())).toBe('08:30 - 17:30');
    expect(workScheduleText(row({ work_start_time: null, work_end_time: null, start_time: null, end_time: null }))).toBe('');
  });
  it('names the abnormal type from the server, else from the code', () => {
    expect(rowTypeText(row())).toBe('Late coming');
    expect(rowTypeText(row({ reason_type: '4', reason_type_name: '' }))).toBe('No check-in');
  });
  it('shows EXPIRED only for an unexplained case whose window closed (§4.3)', () => {
    expect(displayStatus(row({ is_expired: true }))).toEqual({ status: 0, expired: true });
    expect(displayStatus(row({ is_expired: true, status: 1 }))).toEqual({ status: 1, expired: false });
  });
  it('puts the explanation and the rejection in the reason tooltip', () => {
    expect(reasonTooltip(row())).toBe('Late coming');
    expect(reasonTooltip(row({ request: { ...request, reasons_for_rejection: 'No proof' } }))).toBe('Late coming\nExplanation: Traffic jam\nRejected: No proof');
  });
  it('removes status 5 from the abnormal status filter and 0 elsewhere (spec 000 §4)', () => {
    expect(statusFilterOptions('abnormal').map((o) => o.value)).toEqual([0, 1, 3, 4]);
    expect(statusFilterOptions('other').map((o) => o.value)).toEqual([1, 3, 4, 5]);
  });
});

describe('abnormal case actions (spec 001 §4.3, §6)', () => {
  it('lets the owner explain an unexplained case as the server says', () => {
    expect(abnormalActions(row(), staff)).toMatchObject({ explain: true, approve: false, reject: false, delegate: false, rerun: false });
    expect(abnormalActions(row({ actions: { explain: false, approve: false, reject: false, edit: false, delegate: false } }), staff).explain).toBe(false);
  });
  it('never lets a GUEST explain', () => {
    expect(abnormalActions(row(), { userName: 'guest', employeeId: 11, roles: ['GUEST'] }).explain).toBe(false);
  });
  it('shows approve and reject to the assignee on 1; approve stays visible but disabled on 3', () => {
    const pending = row({ status: 1, request, assignee: { id: 2, user_name: 'gl', name: 'GL' }, actions: { explain: false, approve: true, reject: true, edit: false, delegate: true } });
    expect(abnormalActions(pending, gl)).toMatchObject({ approve: true, approveDisabled: false, reject: true, delegate: true });
    const approved = row({ status: 3, request, actions: { explain: false, approve: false, reject: true, edit: false, delegate: false } });
    expect(abnormalActions(approved, gl)).toMatchObject({ approve: true, approveDisabled: true, reject: true, delegate: false });
  });
  it('offers Delegate exactly where the server says (its reassignment rule), on a case with a request; Rerun to HR', () => {
    const movable = row({ status: 1, request, actions: { explain: false, approve: false, reject: false, edit: false, delegate: true } });
    const own = row({ status: 1, request, actions: { explain: false, approve: false, reject: false, edit: true, delegate: false } });
    expect(abnormalActions(movable, { ...gl, roles: ['DULEAD'] }).delegate).toBe(true);
    expect(abnormalActions(own, gl).delegate).toBe(false);
    expect(abnormalActions(row({ status: 1, actions: { explain: false, approve: false, reject: false, edit: false, delegate: true } }), gl).delegate).toBe(false);
    expect(abnormalActions(row(), hr).rerun).toBe(true);
  });
});

describe('explanation form lookups', () => {
  it('reads actual choices in the contract shape and plain strings', () => {
    expect(toActualOptions([{ code: 'OTHER', name: 'Other', name_vi: 'Khác' }, 'X'])).toEqual([
      { value: 'OTHER', label: 'Other' },
      { value: 'X', label: 'X' },
    ]);
    expect(toActualOptions(null)).toEqual([]);
  });
  it('reads the reason lookup and starts hour-based absences on Not enough working hours', () => {
    const reasons = toReasonOptions([
      { reason_type_code: 'NOT_ENOUGH_WORKING_HOURS', reason_type: 'Not enough working hours', reasons: 'Không đủ giờ làm việc', request_type: 'EXPLANATION_REQUEST' },
      { reason_type_code: 'LATE_TRAFFIC', reason_type: 'Late because of traffic', reasons: 'Đi muộn do tắc đường', request_type: 'EXPLANATION_REQUEST' },
    ]);
    expect(reasons.map((r) => r.value)).toEqual(['NOT_ENOUGH_WORKING_HOURS', 'LATE_TRAFFIC']);
    expect(reasons[1]!.label).toBe('Late because of traffic');
    expect(defaultReason(row({ reason_type: 'FLEXIBLE_ABSENT' }), reasons)).toBe('NOT_ENOUGH_WORKING_HOURS');
    expect(defaultReason(row(), reasons)).toBe('LATE_TRAFFIC');
    expect(defaultReason(row(), [])).toBeUndefined();
  });
});

describe('the explanation form fits the case (issue 26 §9)', () => {
  const fixedChoices = ['LATE_COMING', 'EARLY_LEAVING', 'FORGOT_CHECK_IN', 'FORGOT_CHECK_OUT', 'WORKED_OUTSIDE'].map((value) => ({ value, label: value }));
  const noCheckOut = row({ reason_type: '5', minute_violation: 0, check_out: null, start_time: '08:30', end_time: '17:30', explained_minutes_max: 480 });

  it('offers only the actual choices fitting the case type: no "Came late" for a missing check-out', () => {
    expect(actualChoices(noCheckOut, fixedChoices).map((o) => o.value)).toEqual(['FORGOT_CHECK_OUT', 'WORKED_OUTSIDE']);
    expect(actualChoices(row(), fixedChoices).map((o) => o.value)).toEqual(['LATE_COMING', 'FORGOT_CHECK_IN', 'WORKED_OUTSIDE']);
  });

  it('defaults Actual from the case type and the explained time to the most the case allows', () => {
    expect(explainDefaults(noCheckOut)).toEqual({ actual: 'FORGOT_CHECK_OUT', explained_minutes: 480 });
    expect(explainDefaults(row())).toEqual({ actual: 'LATE_COMING', explained_minutes: 17 });
    expect(explainDefaults(row({ reason_type: '1' })).actual).toBe('EARLY_LEAVING');
    // A part-day case missing its afternoon left early; missing its morning came late.
    expect(explainDefaults(row({ reason_type: '3', start_time: '13:00', end_time: '17:30' })).actual).toBe('EARLY_LEAVING');
    expect(explainDefaults(row({ reason_type: '3', start_time: '08:30', end_time: '12:00' })).actual).toBe('LATE_COMING');
    expect(explainDefaults(row({ reason_type: 'FLEXIBLE_ABSENT', is_flexible: true }))).toEqual({ actual: undefined, explained_minutes: undefined });
  });

  it('refuses an explained time above the standard time or the absence, or below a minute', () => {
    expect(explainedMinutesError(480, noCheckOut)).toBeNull();
    expect(explainedMinutesError(540, noCheckOut)).toBe('The explained time must be between 1 and 480 minutes');
    expect(explainedMinutesError(0, noCheckOut)).not.toBeNull();
    expect(explainedMinutesError(undefined, noCheckOut)).not.toBeNull();
    expect(explainedMinutesError(18, row())).toBe('The explained time must be between 1 and 17 minutes');
  });

  it('shows a missing punch\'s absent time as not measured rather than 0', () => {
    expect(absentTimeText(noCheckOut)).toBe('Not measured (missing punch)');
    expect(absentTimeText(row())).toBe('17');
    expect(absentTimeText(row({ reason_type: 'FLEXIBLE_ABSENT', is_flexible: true, minute_violation: 140 }))).toBe('140');
  });
});
