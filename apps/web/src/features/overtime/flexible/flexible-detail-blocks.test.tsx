import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { FlexibleDetail } from '@tms/contracts/overtime-flexible';
import { ROLE_NAMES } from '@tms/contracts/roles';
import { ActualBlock, FlexibleStepLabel, InformationBlock, ManagerName, PlanBlock } from './flexible-detail-blocks.tsx';

const person = (username: string, name: string, id: number) => ({ userId: id, employeeId: id, username, name });
const detail = (over: Partial<FlexibleDetail> = {}): FlexibleDetail => ({
  id: 7,
  status: 3,
  statusStored: 3,
  title: 'Hotfix night',
  requester: person('staff', 'Son Staff', 1),
  createdBy: person('staff', 'Son Staff', 1),
  approver: person('gl', 'Giang Group', 2),
  pms: [person('pm', 'Phuong Project', 3)],
  assignee: person('gl', 'Giang Group', 2),
  ccMails: [{ employeeId: 4, name: 'Sang Second', username: 'staff2', email: null }],
  description: 'Payment gateway',
  reason: null,
  reasonsForRejection: null,
  reasonForCancellation: null,
  fileAttach: [{ name: 'a.pdf', original_name: 'plan.pdf', size: 10, content_type: 'application/pdf', created_date: '2026-11-20T03:00:00.000Z' }],
  project: { projectId: 1, projectName: 'Atlas', projectCode: 'PRJ-ATLAS', pmEmployeeId: 3 },
  overtimeDate: '23/11/2026',
  otDate: '2026-11-23',
  requestType: 'OT_FLEXIBLE',
  dateType: 'WORKDAY',
  startTime: '21:00',
  endTime: '00:30',
  startAt: '2026-11-23T14:00:00.000Z',
  endAt: '2026-11-23T17:30:00.000Z',
  createdDate: '2026-11-20T03:00:00.000Z',
  modifiedDate: '2026-11-20T03:00:00.000Z',
  staff: [{ employeeId: 1, name: 'Son Staff', username: 'staff', department: 'Dev' }],
  overtimePayDetail: {
    check_in: '2026-11-23T13:55:00.000Z',
    check_out: '2026-11-23T17:40:00.000Z',
    total_time_actual: 3.5,
    total_time_confirm: 3,
    details: [
      { shift: 'workday', date_type: 'WORKDAY', is_night: false, work_date: '2026-11-23', check_in_actual: '2026-11-23T14:00:00.000Z', check_out_actual: '2026-11-23T15:00:00.000Z', duration_actual: 1, duration_confirm: 1, reason: null, required_reason: true, coefficient: 150, pay_hours: 1.5, non_tax_hours: 0.5 },
      { shift: 'night_workday_has_day_time', date_type: 'WORKDAY', is_night: true, work_date: '2026-11-23', check_in_actual: '2026-11-23T15:00:00.000Z', check_out_actual: '2026-11-23T17:30:00.000Z', duration_actual: 2.5, duration_confirm: 2, reason: 'Left early', required_reason: true, coefficient: 210, pay_hours: 4.2, non_tax_hours: 2.2 },
    ],
  },
  creatorIsPm: false,
  lock_date: '2026-10-25',
  server_now: '2026-11-24T03:00:00.000Z',
  version: 3,
  mayReassign: false,
  approval_step: null,
  actions: { edit: false, cancel: false, confirm: false, confirmLabel: 'Edit confirmation', approve: true, reject: true, delegate: false },
  history: [],
  ...over,
});
const noop = () => undefined;
const info = (d: FlexibleDetail, filesEditable = false) =>
  renderToString(<InformationBlock d={d} filesEditable={filesEditable} onDownload={noop} onUpload={noop} onDelete={noop} />);

describe('flexible detail blocks (spec 001 §2.4)', () => {
  it('the information block: status, people, CC, files; the rejection reason only at 2 and 4, the cancellation at 6', () => {
    const html = info(detail());
    for (const text of ['Confirmed', 'Hotfix night', 'Son Staff (staff)', 'PRJ-ATLAS - Atlas', 'Phuong Project (pm)', 'Giang Group (gl)', 'Sang Second (staff2)', 'plan.pdf']) expect(html).toContain(text);
    expect(html).not.toContain('Reason for rejection');
    expect(html).not.toContain('Attach a file');
    expect(info(detail({ status: 4, statusStored: 4, reasonsForRejection: 'Not agreed' }))).toContain('Not agreed');
    expect(info(detail({ status: 6, statusStored: 6, reasonForCancellation: 'Moved' }))).toContain('Reason for cancellation');
    expect(info(detail({ status: 7 }))).toContain('Expired');
    expect(info(detail(), true)).toContain('Attach a file');
  });

  it('issue 29: the step of the manager stage beside the status while confirmed in a flow, nothing otherwise', () => {
    const inFlow = detail({ approval_step: { step: 2, count: 3, flow_name: 'OT: GL, DL, HRM' } });
    expect(info(inFlow)).toContain('Pending — step 2 of 3 (gl)');
    const step = inFlow.approval_step;
    expect(renderToString(<FlexibleStepLabel approval_step={step} status={3} approverUserName={null} />)).toContain('Pending — step 2 of 3');
    expect(renderToString(<FlexibleStepLabel approval_step={null} status={3} approverUserName="gl" />)).toBe('');
    expect(renderToString(<FlexibleStepLabel approval_step={step} status={7} approverUserName="gl" />)).toBe('');
  });

  it('issue 29: at an "anyone of a role" step the manager is the role and the step label names nobody', () => {
    const pool = detail({ approver: null, assignee: null, approverRole: 'HRM', approval_step: { step: 2, count: 2, flow_name: 'OT: GL, any HRM' } });
    const html = info(pool);
    expect(html).toContain(`Anyone: ${ROLE_NAMES.HRM}`);
    expect(html).toContain('Pending — step 2 of 2');
    expect(html).not.toContain('Pending — step 2 of 2 (');
    expect(renderToString(<ManagerName d={{ approver: person('gl', 'Giang Group', 2), approverRole: null }} />)).toContain('Giang Group (gl)');
    expect(renderToString(<ManagerName d={{ approver: null, approverRole: null }} />)).toBe('-');
  });

  it('the plan block marks an overnight window; the actual block reads punches in the company zone with the shift names', () => {
    expect(renderToString(<PlanBlock d={detail()} />)).toContain('21:00 - 00:30 (next day)');
    const html = renderToString(<ActualBlock d={detail()} timeZone="Asia/Ho_Chi_Minh" />);
    for (const text of ['23/11/2026 20:55', '24/11/2026 00:40', '23/11/2026 21:00', 'Night workday after daytime OT', 'Left early', '3.50', '3.00', '2.50']) expect(html).toContain(text);
  });
});
