import { describe, expect, it } from 'vitest';
import type { OnsiteRow } from '@tms/contracts/onsite';
import { fromRow, menuActions, newStaffLine, onsiteApproverText, onsiteStepLabel, stageTag, staffTooltip, toPayload } from './onsite-view.ts';

const stage = (name: string, n: number) => ({ stage: name, status: 'P' as const, status_num: n, decidedBy: null, decidedAt: null });

describe('onsite view helpers', () => {
  it('stage tags read "Department P" / "C&B A", coloured by status', () => {
    expect(stageTag(stage('Department', 1))).toEqual({ text: 'Department P', tone: 'gold', letter: 'P' });
    expect(stageTag(stage('C&B', 3))).toEqual({ text: 'C&B A', tone: 'green', letter: 'A' });
    expect(stageTag(stage('C&B', 4))).toEqual({ text: 'C&B R', tone: 'red', letter: 'R' });
  });

  it('a record pending at the Department stage under a flow says its step; otherwise nothing', () => {
    const row = (over: Partial<OnsiteRow>) =>
      ({ status: 1, status_department: stage('Department', 1), approver: { id: 5, name: 'Dung', user_name: 'dl' }, approval_step: { step: 2, count: 3, flow_name: 'F' }, ...over }) as OnsiteRow;
    expect(onsiteStepLabel(row({}))).toBe('Pending — step 2 of 3 (dl)');
    expect(onsiteStepLabel(row({ approver: null }))).toBe('Pending — step 2 of 3');
    expect(onsiteStepLabel(row({ approval_step: null }))).toBeUndefined();
    expect(onsiteStepLabel(row({ status: 5 }))).toBeUndefined();
    expect(onsiteStepLabel(row({ status_department: stage('Department', 3) }))).toBeUndefined();
  });

  it('the approver is named, or while a ROLE step decides, the role ("Anyone: HR manager")', () => {
    expect(onsiteApproverText({ approver: { id: 5, name: 'Dung', user_name: 'dl' }, approver_role: null })).toBe('Dung');
    expect(onsiteApproverText({ approver: null, approver_role: 'HRM' })).toBe('Anyone: HR Manager');
    expect(onsiteApproverText({ approver: null, approver_role: null })).toBe('');
  });

  it('the row menu shows only what the server allows, in the spec order', () => {
    expect(menuActions({ approve: true, reject: true, edit: false, withdraw: true, editStaff: false, files: false })).toEqual(['approve', 'reject', 'withdraw']);
    expect(menuActions({ approve: false, reject: false, edit: false, withdraw: false, editStaff: false, files: false })).toEqual([]);
  });

  it('a new staff line has the spec defaults; the payload trims and keeps the staff times', () => {
    const line = newStaffLine({ id: 7, name: 'Son', user_name: 'son' });
    expect(line).toMatchObject({ startTime: '08:30', endTime: '17:30', duration: 8 });
    const body = toPayload({ title: 'T', projectId: 2, range: ['2026-11-02', '2026-11-03'], type: 'OTHER', location: '  ', ccUsernames: ['gl'] }, [{ ...line, duration: 3 }]);
    expect(body).toEqual({
      title: 'T',
      projectId: 2,
      fromDate: '2026-11-02',
      toDate: '2026-11-03',
      type: 'OTHER',
      location: null,
      description: null,
      ccUsernames: ['gl'],
      employeeList: [{ employeeId: 7, startTime: '08:30', endTime: '17:30', duration: 3 }],
    });
  });

  it('an existing request becomes form values; the tooltip lists the staff', () => {
    const row = {
      title: 'T',
      projectid: 2,
      fromDate: '2026-11-02',
      toDate: '2026-11-03',
      type: 'FULL_DAY',
      location: null,
      description: 'd',
      cc: [{ user_name: 'gl' }],
      employeeList: [{ employeeId: 7, name: 'Son', code: null, user_name: 'son', startTime: '08:30', endTime: '17:30', duration: 8, requestId: null }],
    } as unknown as OnsiteRow & { cc: { user_name: string }[] };
    expect(fromRow(row).values).toMatchObject({ range: ['2026-11-02', '2026-11-03'], ccUsernames: ['gl'], description: 'd' });
    expect(staffTooltip(row)).toEqual(['Son (son) 08:30–17:30, 8h']);
  });
});
