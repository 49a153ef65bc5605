import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { setNumberLanguage } from '../../../lib/numbers.ts';
import { endsNextDay } from '../ot-window.ts';
import { flexibleActions, type FlexibleFacts } from '@tms/contracts/overtime-flexible';
import { companyDateTime, confirmErrors, confirmRows, flexibleViewer, reasonRequired, statusNotice, toFlexiblePayload } from './flexible-overtime-view.ts';

afterEach(async () => {
  await setLanguage('en');
  setNumberLanguage('en');
});

describe('flexible overtime form and confirmation helpers', () => {
  it('builds the payload in the spec formats and reads an overnight window', () => {
    const start = dayjs('2026-11-09 22:00');
    const end = dayjs('2026-11-09 02:00');
    expect(endsNextDay(start, end)).toBe(true);
    expect(endsNextDay(end, start)).toBe(false);
    expect(toFlexiblePayload({ title: ' Deploy ', projectId: 3, overtimeDate: dayjs('2026-11-09'), requestType: 'OT_FLEXIBLE', start, end, requesterIds: [] })).toEqual({
      title: 'Deploy',
      projectId: 3,
      description: null,
      ccMailList: [],
      overtimeDate: '09/11/2026',
      requestType: 'OT_FLEXIBLE',
      requesterIds: null,
      startTime: '22:00',
      endTime: '02:00',
    });
  });

  it('confirmation lines default to the confirmed value, else the actual; the spec messages per shift', () => {
    const rows = confirmRows({
      overtimePayDetail: {
        check_in: null,
        check_out: null,
        total_time_actual: 3,
        total_time_confirm: null,
        details: [
          { shift: 'workday', date_type: 'WORKDAY', is_night: false, work_date: '2026-11-09', check_in_actual: null, check_out_actual: null, duration_actual: 2.5, duration_confirm: null, reason: null, required_reason: true, coefficient: 150, pay_hours: 3.75, non_tax_hours: 1.25 },
        ],
      },
    });
    expect(rows).toEqual([{ shift: 'workday', actual: 2.5, value: 2.5, reason: '' }]);
    expect(confirmErrors([{ ...rows[0]!, value: 3 }], 1)).toEqual({ workday: 'OTpay confirmation can not be higher than total time of shift is 2.50' });
    expect(confirmErrors([{ ...rows[0]!, value: 2 }], 1)).toEqual({});
    expect(confirmErrors([{ ...rows[0]!, value: 2 }], 3)).toEqual({ workday: 'Reason confirm is required' });
    expect(reasonRequired({ ...rows[0]!, value: 2 }, 3)).toBe(true);
    expect(reasonRequired({ ...rows[0]!, value: 2 }, 1)).toBe(false);
  });

  it('writes each confirmation failure in Vietnamese, told by its key (no English text is matched)', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    const row = { shift: 'workday', actual: 2.5, value: 2.5 as number | null, reason: '' };
    expect(confirmErrors([{ ...row, value: 3 }], 1)).toEqual({ workday: 'Giờ làm thêm xác nhận không được lớn hơn tổng thời gian của ca là 2,50' });
    expect(confirmErrors([{ ...row, value: -1 }], 1)).toEqual({ workday: 'Giờ làm thêm xác nhận phải từ 0 trở lên' });
    expect(confirmErrors([{ ...row, value: Number.NaN }], 1)).toEqual({ workday: 'Vui lòng nhập giờ làm thêm xác nhận' });
    expect(confirmErrors([{ ...row, value: 2 }], 3)).toEqual({ workday: 'Vui lòng nhập lý do xác nhận' });
    expect(confirmErrors([{ ...row, value: 2, reason: 'r'.repeat(1001) }], 3)).toEqual({ workday: 'Lý do tối đa 1000 ký tự' });
  });

  it('a 207 shows the first message as success and the failures as warnings', () => {
    expect(
      statusNotice({
        code: 207,
        message: 'Update status successfully!',
        items: [
          { id: 1, code: 200, message: 'Update status successfully!', status: 1 },
          { id: 2, code: 409, message: 'The overtime request status has already changed', status: null },
        ],
      }),
    ).toEqual({ success: 'Update status successfully!', warnings: ['#2: The overtime request status has already changed'] });
  });
});

describe('companyDateTime', () => {
  it('reads an instant in the company zone', () => {
    expect(companyDateTime('2026-11-23T11:00:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('23/11/2026 18:00');
    expect(companyDateTime('2026-11-23T17:30:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('24/11/2026 00:30');
    expect(companyDateTime(null, 'Asia/Ho_Chi_Minh')).toBe('-');
  });
});

describe('flexibleViewer (issue 29: an approval flow\'s "anyone of a role" step)', () => {
  // Confirmed (3), its manager stage waiting on anyone of HRM; the OT window has ended.
  const facts: FlexibleFacts = {
    statusStored: 3,
    otDate: '2026-11-23',
    endAt: '2026-11-23T12:00:00.000Z',
    creatorIsPm: false,
    requester: { userId: 1, employeeId: 1 },
    createdBy: { userId: 1, employeeId: 1 },
    pms: [{ userId: 3, employeeId: 3 }],
    approver: null,
    approverRole: 'HRM',
    project: { pmEmployeeId: 3 },
  };
  const ctx = { now: '2026-11-24T03:00:00.000Z', lockDate: '2026-10-25' };
  const user = (userId: number, roles: ('STAFF' | 'HR' | 'HRM')[], isPm = false) => ({ userId, employeeId: userId, roles, isPm });

  it('carries the roles (and PM), so a holder of the role gets Approve and Reject; nobody else, nor the requester', () => {
    expect(flexibleViewer(user(9, ['HRM'], true))).toEqual({ userId: 9, employeeId: 9, actors: ['HRM', 'PM'] });
    expect(flexibleActions(facts, flexibleViewer(user(9, ['HRM'])), ctx)).toMatchObject({ approve: true, reject: true });
    expect(flexibleActions(facts, flexibleViewer(user(8, ['HR'])), ctx)).toMatchObject({ approve: false, reject: false });
    expect(flexibleActions(facts, flexibleViewer(user(1, ['STAFF', 'HRM'])), ctx)).toMatchObject({ approve: false, reject: false });
    // The PM stage's own user may not approve at 3 either.
    expect(flexibleActions(facts, flexibleViewer(user(3, ['STAFF'], true)), ctx)).toMatchObject({ approve: false, confirm: true });
  });
});
