import { ROLE_NAMES } from '@tms/contracts/roles';
import { describe, expect, it } from 'vitest';
import type { ApprovalFlowRow, ApprovalPreview } from '@tms/contracts/approval-flows';
import { setLanguage } from '../../lib/i18n.ts';
import { amountUnitOf, conditionSummary, flowHistoryFormats, kindLabel, previewView, ruleLabel, stepLabel, stepsText, usedByText, type ConditionNames } from './flow-display.ts';
import { approvalFlowsTexts } from './i18n/index.ts';

const names: ConditionNames = {
  reasonTypes: new Map([
    ['ANN_LEAVE_CORP', 'Annual leave'],
    ['LATE_TRAFFIC', 'Late because of traffic'],
  ]),
  divisions: new Map([[3, 'Division X']]),
  departments: new Map([[12, 'Web']]),
};

const flow = (over: Partial<ApprovalFlowRow> = {}): ApprovalFlowRow => ({
  id: 1,
  name: 'Long leave',
  item_kind: 'LEAVE_REQUEST',
  reason_types: [],
  amount_over: null,
  amount_at_most: null,
  division_ids: [],
  department_ids: [],
  requester_roles: [],
  priority: 1,
  active: true,
  steps: [],
  used_by: 0,
  version: 1,
  updated_at: '2026-11-20T03:00:00.000Z',
  ...over,
});

const dl = { user_id: 4, username: 'dl', name: 'Phạm Văn Dũng' };

describe('conditionSummary', () => {
  it('says every condition in words, joined by semicolons', () => {
    expect(conditionSummary(flow({ reason_types: ['ANN_LEAVE_CORP'], amount_over: 2, division_ids: [3] }), names)).toBe('Annual leave; over 2 days; Division X');
    expect(conditionSummary(flow({ amount_at_most: 1, department_ids: [12], requester_roles: ['STAFF', 'GROUP_LEAD'] }), names)).toBe('at most 1 day; Web; requester: Staff, Group Lead');
    expect(conditionSummary(flow({ amount_over: 2, amount_at_most: 5.5 }), names)).toBe('over 2 and at most 5.5 days');
  });

  it('says an explanation flow\'s amount in minutes, with its explanation reasons', () => {
    const explanation = (over: Partial<ApprovalFlowRow>) => flow({ item_kind: 'EXPLANATION', ...over });
    expect(conditionSummary(explanation({ amount_over: 15 }), names)).toBe('over 15 minutes');
    expect(conditionSummary(explanation({ amount_at_most: 1 }), names)).toBe('at most 1 minute');
    expect(conditionSummary(explanation({ reason_types: ['LATE_TRAFFIC'], amount_over: 15, amount_at_most: 60 }), names)).toBe('Late because of traffic; over 15 and at most 60 minutes');
    expect(conditionSummary(flow({ item_kind: 'WORK_OUTSIDE', amount_over: 1 }), names)).toBe('over 1 day');
  });

  it('says an overtime flow\'s amount in hours, an onsite flow\'s in days', () => {
    expect(conditionSummary(flow({ item_kind: 'FIXED_OT', amount_over: 4 }), names)).toBe('over 4 hours');
    expect(conditionSummary(flow({ item_kind: 'FLEXIBLE_OT', amount_over: 2, amount_at_most: 8 }), names)).toBe('over 2 and at most 8 hours');
    expect(conditionSummary(flow({ item_kind: 'ONSITE', amount_at_most: 1 }), names)).toBe('at most 1 day');
  });

  it('knows each kind\'s unit; a kind it does not know counts in days', () => {
    expect(amountUnitOf('LEAVE_REQUEST')).toBe('days');
    expect(amountUnitOf('WORK_OUTSIDE')).toBe('days');
    expect(amountUnitOf('EXPLANATION')).toBe('minutes');
    expect(amountUnitOf('ONSITE')).toBe('days');
    expect(amountUnitOf('FIXED_OT')).toBe('hours');
    expect(amountUnitOf('FLEXIBLE_OT')).toBe('hours');
    expect(amountUnitOf('OVERTIME')).toBe('days');
  });

  it('is "Every item" for a flow without conditions; an unknown code or id shows as stored', () => {
    expect(conditionSummary(flow(), names)).toBe('Every item');
    expect(conditionSummary(flow({ reason_types: ['SICK'], division_ids: [99], requester_roles: ['ROBOT'] }), names)).toBe('SICK; #99; requester: ROBOT');
  });

  it('follows the language on screen', async () => {
    await setLanguage('vi');
    try {
      expect(conditionSummary(flow({ amount_over: 2, requester_roles: ['DULEAD'] }), names, approvalFlowsTexts.t)).toBe('trên 2 ngày; người yêu cầu: Trưởng bộ phận');
      expect(conditionSummary(flow({ item_kind: 'EXPLANATION', amount_over: 15, amount_at_most: 30 }), names, approvalFlowsTexts.t)).toBe('trên 15 và tối đa 30 phút');
      expect(kindLabel('EXPLANATION', approvalFlowsTexts.t)).toBe('Giải trình');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('steps', () => {
  it('names each step by its rule, a named user by their name', () => {
    expect(stepsText([{ position: 1, rule: 'GROUP_LEAD', user: null }, { position: 2, rule: 'DIVISION_LEAD', user: null }])).toBe('Group lead → Division lead');
    expect(stepsText([{ position: 2, rule: 'HRM', user: null }, { position: 1, rule: 'USER', user: dl }])).toBe('Phạm Văn Dũng → HR manager');
    expect(stepsText([{ position: 1, rule: 'GROUP_LEAD', user: null }, { position: 2, rule: 'ROLE', user: null, role: 'HR' }])).toBe(`Group lead → Anyone: ${ROLE_NAMES.HR}`);
    expect(stepLabel({ rule: 'USER', user: null })).toBe('Named user');
  });

  it('says a flow without steps approves automatically', () => {
    expect(stepsText([])).toBe('Approved automatically');
  });

  it('labels kinds and rules, and shows an unknown code as sent', () => {
    expect(kindLabel('LEAVE_REQUEST')).toBe('Leave Request');
    expect(kindLabel('WORK_OUTSIDE')).toBe('Work Outside');
    expect(kindLabel('EXPLANATION')).toBe('Explanation');
    expect(ruleLabel('PM')).toBe('Project PM');
    expect(ruleLabel('BOSS')).toBe('BOSS');
  });

  it('counts the requests that used a flow', () => {
    expect(usedByText(0)).toBe('Used by 0 items');
    expect(usedByText(1)).toBe('Used by 1 item');
    expect(usedByText(12)).toBe('Used by 12 items');
  });
});

describe('previewView', () => {
  const preview = (over: Partial<ApprovalPreview>): ApprovalPreview => ({ flow: null, auto_approve: false, steps: [], default_approver: null, ...over });

  it('names the flow and each step with its approver, and why when another rule found them', () => {
    const view = previewView(
      preview({
        flow: { id: 1, name: 'Long leave' },
        steps: [
          { position: 1, rule: 'GROUP_LEAD', approver: dl, source: 'DIVISION_LEAD' },
          { position: 2, rule: 'HRM', approver: { user_id: 3, username: 'hrm', name: 'Lê Thu Hương' }, source: 'HRM' },
          { position: 3, rule: 'PM', approver: null, source: null },
        ],
      }),
    );
    expect(view.heading).toBe('Flow: Long leave');
    expect(view.auto).toBe(false);
    expect(view.lines).toEqual([
      { position: 1, title: 'Step 1: Group lead', approver: 'Phạm Văn Dũng', via: 'via Division lead' },
      { position: 2, title: 'Step 2: HR manager', approver: 'Lê Thu Hương', via: null },
      { position: 3, title: 'Step 3: Project PM', approver: 'Nobody found', via: null },
    ]);
  });

  it('says when a flow approves automatically, and when none applies who the usual approver is', () => {
    expect(previewView(preview({ flow: { id: 2, name: 'Short leave' }, auto_approve: true }))).toEqual({ heading: 'Flow: Short leave', auto: true, lines: [], usualApprover: null });
    const none = previewView(preview({ default_approver: { user_id: 5, username: 'gl', name: 'Hoàng Minh Giang' } }));
    expect(none.heading).toBe('No flow applies: the usual approver decides');
    expect(none.usualApprover).toBe('Usual approver: Hoàng Minh Giang');
    expect(none.auto).toBe(false);
  });

  it('names a delegation in force as the reason', () => {
    const view = previewView(preview({ flow: { id: 1, name: 'F' }, steps: [{ position: 1, rule: 'GROUP_LEAD', approver: dl, source: 'DELEGATION' }] }));
    expect(view.lines[0]?.via).toBe('via Delegation');
  });
});


describe('flowHistoryFormats', () => {
  const f = flowHistoryFormats(names);

  it('writes codes and ids by name and steps as the Steps column', () => {
    expect(f.item_kind!('WORK_OUTSIDE')).toBe('Work Outside');
    expect(f.item_kind!('EXPLANATION')).toBe('Explanation');
    expect(f.reason_types!(['LATE_TRAFFIC'])).toBe('Late because of traffic');
    expect(f.reason_types!(['ANN_LEAVE_CORP', 'X'])).toBe('Annual leave, X');
    expect(f.division_ids!([3, 4])).toBe('Division X, #4');
    expect(f.department_ids!([12])).toBe('Web');
    expect(f.requester_roles!(['HRM'])).toBe('HR Manager');
    expect(f.steps!([{ rule: 'GROUP_LEAD' }, { rule: 'USER', user: { name: 'Nguyễn Thị Hoa' } }])).toBe('Group lead → Nguyễn Thị Hoa');
    expect(f.steps!([])).toBe('Approved automatically');
  });

  it('shows a value of another shape as stored', () => {
    expect(f.division_ids!('3')).toBe('3');
    expect(f.steps!([{ position: 1 }])).toBe('{"position":1}');
  });
});
