import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { APPROVAL_FLOW_MESSAGES as M, approvalFlowInputSchema, type ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { setLanguage } from '../../lib/i18n.ts';
import { flowMessageText, flowPayloadOf, flowValuesOf, isReasonTyped, newFlowValues, previewPayloadOf, splitFlowErrors } from './flow-form-values.ts';
import { approvalFlowsTexts } from './i18n/index.ts';

const row: ApprovalFlowRow = {
  id: 7,
  name: 'Long leave',
  item_kind: 'LEAVE_REQUEST',
  reason_types: ['ANN_LEAVE_CORP'],
  amount_over: 2,
  amount_at_most: null,
  division_ids: [3],
  department_ids: [12, 13],
  requester_roles: ['STAFF'],
  priority: 2,
  active: false,
  steps: [
    { position: 2, rule: 'USER', user: { user_id: 9, username: 'hr', name: 'Nguyễn Thị Hoa' } },
    { position: 1, rule: 'GROUP_LEAD', user: null },
  ],
  used_by: 4,
  version: 3,
  updated_at: '2026-11-20T03:00:00.000Z',
};

describe('the flow form values', () => {
  it('a new flow is an active leave flow after the others, with a group lead step', () => {
    expect(newFlowValues([{ priority: 1 }, { priority: 5 }])).toMatchObject({ item_kind: 'LEAVE_REQUEST', priority: 6, active: true, steps: [{ rule: 'GROUP_LEAD', user_id: null }] });
    expect(newFlowValues([]).priority).toBe(1);
    expect(newFlowValues([{ priority: 9999 }]).priority).toBe(9999);
  });

  it('a saved flow opens with its steps in order and the named user by id', () => {
    const values = flowValuesOf(row);
    expect(values.steps).toEqual([{ rule: 'GROUP_LEAD', user_id: null, role: null }, { rule: 'USER', user_id: 9, role: null }]);
    expect(values).toMatchObject({ name: 'Long leave', reason_types: ['ANN_LEAVE_CORP'], amount_over: 2, amount_at_most: null, division_ids: [3], department_ids: [12, 13], priority: 2, active: false });
  });

  it('goes back to the same body it came from, with the version, and the contract accepts it', () => {
    const body = flowPayloadOf(flowValuesOf(row), row.version);
    expect(body).toEqual({
      name: 'Long leave',
      item_kind: 'LEAVE_REQUEST',
      reason_types: ['ANN_LEAVE_CORP'],
      amount_over: 2,
      amount_at_most: null,
      division_ids: [3],
      department_ids: [12, 13],
      requester_roles: ['STAFF'],
      priority: 2,
      active: false,
      steps: [{ rule: 'GROUP_LEAD', user_id: null, role: null }, { rule: 'USER', user_id: 9, role: null }],
      version: 3,
    });
    expect(approvalFlowInputSchema.safeParse(body).success).toBe(true);
  });

  it('an explanation flow keeps its reason types and its amount in minutes, and the contract accepts it', () => {
    const body = flowPayloadOf({ ...flowValuesOf(row), item_kind: 'EXPLANATION', reason_types: ['LATE_TRAFFIC'], amount_over: 15, amount_at_most: 120 }, null);
    expect(body).toMatchObject({ item_kind: 'EXPLANATION', reason_types: ['LATE_TRAFFIC'], amount_over: 15, amount_at_most: 120 });
    expect(approvalFlowInputSchema.safeParse(body).success).toBe(true);
  });

  it('an "Anyone of a role" step keeps its role, for every kind; the contract wants its role', () => {
    const body = flowPayloadOf({ ...flowValuesOf(row), steps: [{ rule: 'ROLE', role: 'HRM', user_id: 9 }, { rule: 'GROUP_LEAD', role: 'HR' }] }, null);
    expect(body.steps).toEqual([{ rule: 'ROLE', user_id: null, role: 'HRM' }, { rule: 'GROUP_LEAD', user_id: null, role: null }]);
    expect(approvalFlowInputSchema.safeParse(body).success).toBe(true);
    expect(approvalFlowInputSchema.safeParse({ ...body, item_kind: 'ONSITE', reason_types: [] }).success).toBe(true);
    const noRole = approvalFlowInputSchema.safeParse({ ...body, steps: [{ rule: 'ROLE', role: null }] });
    expect(noRole.success ? null : noRole.error.issues.map((i) => i.message)).toEqual([M.stepRoleRequired]);
  });

  it('reason types belong to leave requests and explanations', () => {
    expect(isReasonTyped('LEAVE_REQUEST')).toBe(true);
    expect(isReasonTyped('EXPLANATION')).toBe(true);
    expect(isReasonTyped('WORK_OUTSIDE')).toBe(false);
    expect(isReasonTyped(undefined)).toBe(false);
  });

  it('a new flow has no version; reason types go only with leave and explanations; only a USER step keeps its user; the name is trimmed', () => {
    const body = flowPayloadOf({ ...flowValuesOf(row), name: '  Outside  ', item_kind: 'WORK_OUTSIDE', steps: [{ rule: 'HRM', user_id: 9 }] }, null);
    expect(body).not.toHaveProperty('version');
    expect(body).toMatchObject({ name: 'Outside', item_kind: 'WORK_OUTSIDE', reason_types: [], steps: [{ rule: 'HRM', user_id: null }] });
    expect(approvalFlowInputSchema.safeParse(body).success).toBe(true);
  });

  it('a flow without steps is sent with none (automatic approval)', () => {
    expect(flowPayloadOf({ ...newFlowValues([]), name: 'Auto', steps: [] }, null).steps).toEqual([]);
  });
});

describe('the preview body', () => {
  it('sends the date as YYYY-MM-DD and the reason only for leave and explanations', () => {
    expect(previewPayloadOf({ employee_id: 5, item_kind: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', amount: 2.5, date: dayjs('2026-11-23') })).toEqual({
      employee_id: 5,
      item_kind: 'LEAVE_REQUEST',
      reason_type: 'ANN_LEAVE_CORP',
      amount: 2.5,
      date: '2026-11-23',
      project_id: null,
    });
    expect(previewPayloadOf({ employee_id: 5, item_kind: 'WORK_OUTSIDE', reason_type: 'ANN_LEAVE_CORP', amount: 1, date: null, project_id: 7 })).toEqual({ employee_id: 5, item_kind: 'WORK_OUTSIDE', reason_type: null, amount: 1, date: null, project_id: null });
    expect(previewPayloadOf({ employee_id: 5, item_kind: 'EXPLANATION', reason_type: 'LATE_TRAFFIC', amount: 45, date: null })).toEqual({ employee_id: 5, item_kind: 'EXPLANATION', reason_type: 'LATE_TRAFFIC', amount: 45, date: null, project_id: null });
  });

  it('sends the project for onsite and overtime (whose PM a "Project PM" step names), never a reason', () => {
    expect(previewPayloadOf({ employee_id: 5, item_kind: 'FIXED_OT', reason_type: 'LATE_TRAFFIC', amount: 3.5, date: null, project_id: 7 })).toEqual({ employee_id: 5, item_kind: 'FIXED_OT', reason_type: null, amount: 3.5, date: null, project_id: 7 });
    expect(previewPayloadOf({ employee_id: 5, item_kind: 'ONSITE', amount: 2, date: null })).toMatchObject({ item_kind: 'ONSITE', project_id: null });
  });
});

describe('the server’s refusals', () => {
  it('are put under their fields, each once; the rest are notified', () => {
    const { fields, rest } = splitFlowErrors([M.nameRequired, M.amountRange, M.stepUserNotFound, M.stepUserNotFound, 'version is stale']);
    expect(fields).toEqual([
      { name: 'name', errors: [M.nameRequired] },
      { name: 'amount_at_most', errors: [M.amountRange] },
      { name: 'steps', errors: [M.stepUserNotFound] },
    ]);
    expect(rest).toEqual(['version is stale']);
  });

  it('read in the language on screen; the notice keeps the server’s own translation', async () => {
    await setLanguage('vi');
    try {
      const { fields, rest } = splitFlowErrors([M.priorityInvalid, 'Other'], ['Ưu tiên …', 'Khác'], approvalFlowsTexts.t);
      expect(fields).toEqual([{ name: 'priority', errors: ['Ưu tiên phải là số nguyên từ 1 đến 9.999'] }]);
      expect(rest).toEqual(['Khác']);
      expect(flowMessageText(M.inUse, approvalFlowsTexts.t)).toBe('Đã có yêu cầu theo luồng này: hãy ngừng hoạt động luồng thay vì xóa');
      expect(flowMessageText(M.reasonTypesOnlyForLeave, approvalFlowsTexts.t)).toBe('Loại lý do chỉ áp dụng cho yêu cầu nghỉ phép và giải trình');
    } finally {
      await setLanguage('en');
    }
    expect(flowMessageText('Unknown text')).toBe('Unknown text');
  });
});
