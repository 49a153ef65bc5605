import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ApprovalTimeline, ApprovalTimelineStep } from '@tms/contracts/approval-flows';
import { ROLE_NAMES } from '@tms/contracts/roles';
import { setLanguage } from '../../lib/i18n.ts';
import { decidedAtText, timelineStepView, timelineView } from './approval-timeline-text.ts';
import { approvalTimelineTexts } from './i18n/index.ts';

const gl = { user_id: 5, username: 'gl', name: 'Hoàng Minh Giang' };
const dl = { user_id: 4, username: 'dl', name: 'Phạm Văn Dũng' };
const at = new Date(2026, 10, 23, 9, 5).toISOString();
const step = (over: Partial<ApprovalTimelineStep>): ApprovalTimelineStep => ({ position: 1, rule: 'GROUP_LEAD', approver: gl, decision: 'WAITING', decided_by: null, decided_at: null, comment: null, ...over });

describe('the approval timeline', () => {
  it('says each state of a step', () => {
    expect(timelineStepView(step({ decision: 'APPROVED', decided_by: gl, decided_at: at }), 3)).toEqual({
      position: 1,
      title: 'Step 1 of 3: Group lead',
      approver: 'Hoàng Minh Giang',
      decision: 'Approved by Hoàng Minh Giang at 23/11/2026 09:05',
      tone: 'green',
      comment: null,
    });
    expect(timelineStepView(step({ position: 2, rule: 'DIVISION_LEAD', approver: dl, decision: 'CURRENT' }), 3)).toMatchObject({ title: 'Step 2 of 3: Division lead', decision: 'Current — waiting for Phạm Văn Dũng', tone: 'blue' });
    expect(timelineStepView(step({ position: 3, rule: 'HRM', approver: null, decision: 'WAITING' }), 3)).toMatchObject({ title: 'Step 3 of 3: HR manager', approver: 'No approver found', decision: 'Waiting', tone: 'gray' });
    expect(timelineStepView(step({ decision: 'REJECTED', decided_by: dl, decided_at: at, comment: 'Too long' }), 2)).toMatchObject({ decision: 'Rejected by Phạm Văn Dũng at 23/11/2026 09:05', tone: 'red', comment: 'Comment: Too long' });
    expect(timelineStepView(step({ decision: 'CLOSED' }), 2).decision).toBe('Not reached');
  });

  it('names a ROLE step "Anyone: <role>" until one of them decides', () => {
    expect(timelineStepView(step({ rule: 'ROLE', role: 'HRM', approver: null, decision: 'CURRENT' }), 2)).toMatchObject({
      title: 'Step 1 of 2: Anyone of a role',
      approver: `Anyone: ${ROLE_NAMES.HRM}`,
      decision: `Current — waiting for Anyone: ${ROLE_NAMES.HRM}`,
    });
    expect(timelineStepView(step({ rule: 'ROLE', role: 'HR', approver: null, decision: 'APPROVED', decided_by: dl, decided_at: at }), 2).decision).toBe('Approved by Phạm Văn Dũng at 23/11/2026 09:05');
  });

  it('shows the single step of a request without a flow as its approver', () => {
    const view = timelineView({ request_id: 1, status: 1, flow_name: null, auto_approved: false, created_at: at, current_step: 1, step_count: 1, steps: [step({ rule: null, decision: 'CURRENT' })] });
    expect(view.flow).toBeNull();
    expect(view.auto).toBeNull();
    expect(view.steps).toEqual([{ position: 1, title: 'Approver', approver: 'Hoàng Minh Giang', decision: 'Current — waiting for Hoàng Minh Giang', tone: 'blue', comment: null }]);
  });

  it('names the flow, orders the steps, and says when the flow approved automatically', () => {
    const base: ApprovalTimeline = { request_id: 1, status: 1, flow_name: 'Long leave', auto_approved: false, created_at: at, current_step: 2, step_count: 2, steps: [step({ position: 2, decision: 'CURRENT' }), step({ decision: 'APPROVED', decided_by: gl, decided_at: at })] };
    const view = timelineView(base);
    expect(view.flow).toBe('Flow: Long leave');
    expect(view.steps.map((s) => s.title)).toEqual(['Step 1 of 2: Group lead', 'Step 2 of 2: Group lead']);
    const auto = timelineView({ ...base, status: 3, auto_approved: true, current_step: null, step_count: 0, steps: [] });
    expect(auto).toEqual({ flow: null, auto: 'Approved automatically by the flow "Long leave"', steps: [] });
  });

  it('reads in Vietnamese', async () => {
    await setLanguage('vi');
    try {
      expect(timelineStepView(step({ position: 2, rule: 'DIVISION_LEAD', approver: dl, decision: 'CURRENT' }), 3, approvalTimelineTexts.t)).toMatchObject({
        title: 'Bước 2/3: Trưởng bộ phận',
        decision: 'Đang xử lý — chờ Phạm Văn Dũng',
      });
    } finally {
      await setLanguage('en');
    }
  });

  it('writes a decision time as DD/MM/YYYY HH:mm, nothing when there is none', () => {
    expect(decidedAtText(dayjs('2027-01-01T23:00').toISOString())).toBe('01/01/2027 23:00');
    expect(decidedAtText(null)).toBe('');
  });
});
