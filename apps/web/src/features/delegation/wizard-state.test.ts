import { describe, expect, it } from 'vitest';
import { DELEGATION_MESSAGES as M } from '@tms/contracts/delegation';
import { addRange, canComplete, rangesOf, setMembers, toStaffList, withoutDelegator, wizardProblem, type WizardRange } from './wizard-state.ts';

const son = { id: 7, name: 'Đặng Văn Sơn', user_name: 'staff', department_name: 'Web' };
const giang = { id: 5, name: 'Hoàng Minh Giang', user_name: 'gl', department_name: 'Web' };

describe('delegation wizard step 2 (spec 001 §2.9, §5.7)', () => {
  it('adding a range needs both dates, from ≤ to, and refuses a duplicate', () => {
    expect(addRange([], null, '2026-11-13')).toEqual({ error: M.dateRangeFirst });
    expect(addRange([], '2026-11-09', null)).toEqual({ error: M.dateRangeFirst });
    expect(addRange([], '2026-11-13', '2026-11-09')).toEqual({ error: M.rangeOrder });
    const first = addRange([], '2026-11-09', '2026-11-13');
    if ('error' in first) throw new Error(first.error);
    expect(addRange(first.ranges, '2026-11-09', '2026-11-13')).toEqual({ error: M.alreadyExisted });
    const second = addRange(first.ranges, '2026-11-02', '2026-11-03');
    if ('error' in second) throw new Error(second.error);
    expect(second.ranges.map((r) => r.from)).toEqual(['2026-11-02', '2026-11-09']);
  });

  it('Complete needs a member; the staff list flattens ranges; overlaps of one member are refused', () => {
    let ranges: WizardRange[] = [
      { key: 'a', from: '2026-11-09', to: '2026-11-13', members: [] },
      { key: 'b', from: '2026-11-12', to: '2026-11-20', members: [] },
    ];
    expect(canComplete(ranges)).toBe(false);
    ranges = setMembers(ranges, 'a', [son, giang]);
    expect(canComplete(ranges)).toBe(true);
    expect(toStaffList(ranges)).toEqual([
      { staff_id: 7, from_date: '2026-11-09', to_date: '2026-11-13' },
      { staff_id: 5, from_date: '2026-11-09', to_date: '2026-11-13' },
    ]);
    expect(wizardProblem(ranges, 99)).toBeNull();
    expect(wizardProblem(ranges, 7)).toBe(M.delegatorIsMember);
    expect(wizardProblem(setMembers(ranges, 'b', [son]), 99)).toBe(M.alreadyExisted);
  });

  it('removes the delegator from member lists and groups an existing staff list back into ranges', () => {
    expect(withoutDelegator([son, giang], 5)).toEqual([son]);
    const ranges = rangesOf([
      { id: 1, staff_id: 7, from_date: '2026-11-09', to_date: '2026-11-13', staff_info: { id: 7, name: son.name, user_name: 'staff', department: 'Web' } },
      { id: 2, staff_id: 5, from_date: '2026-11-09', to_date: '2026-11-13', staff_info: { id: 5, name: giang.name, user_name: 'gl', department: 'Web' } },
      { id: 3, staff_id: 7, from_date: '2026-11-02', to_date: '2026-11-02', staff_info: { id: 7, name: son.name, user_name: 'staff', department: 'Web' } },
    ]);
    expect(ranges.map((r) => [r.from, r.members.map((m) => m.id)])).toEqual([
      ['2026-11-02', [7]],
      ['2026-11-09', [7, 5]],
    ]);
  });
});
