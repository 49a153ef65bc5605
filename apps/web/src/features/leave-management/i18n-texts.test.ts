import { afterEach, describe, expect, it } from 'vitest';
import { LEAVE_CARRYOVER_MESSAGES } from '@tms/contracts/leave-carryover';
import { setLanguage } from '../../lib/i18n.ts';
import { setNumberLanguage } from '../../lib/numbers.ts';
import { formatSeniority, monthLeaveText } from './components/annual-leave-overview/overview-format.ts';
import { formatRoles } from './components/bonus-leave/bonus-leave-format.ts';
import { leaveHourError } from './components/bonus-leave/bonus-leave-form-rules.ts';
import dayjs from 'dayjs';
import { applyDateError, numberError } from './components/general-config/general-config-form-rules.ts';
import { capHoursText, leaveHoursError } from './components/leave-carryover/leave-carryover-form-rules.ts';
import { leaveManagementTexts } from './i18n/index.ts';

const inVietnamese = async () => {
  await setLanguage('vi');
  setNumberLanguage('vi');
};

afterEach(async () => {
  await setLanguage('en');
  setNumberLanguage('en');
});

describe('leave management texts (issue 25)', () => {
  it('writes the carryover hint as contracts do in English', () => {
    for (const hours of [16, 12.5, 7.333]) {
      expect(leaveManagementTexts.t('carryover.remaining', { hours: capHoursText(hours) })).toBe(LEAVE_CARRYOVER_MESSAGES.remaining(hours));
    }
  });

  it('answers the contracts’ rules in Vietnamese, numbers with a decimal comma', async () => {
    await inVietnamese();
    expect(numberError('seniorityLeaveHour', null)).toBe('Vui lòng nhập phép thâm niên');
    expect(numberError('conditionalMonth', 80.5)).toBe('Điều kiện/tháng phải là số nguyên');
    expect(numberError('leaveHourInMonth', 120)).toBe('Số giờ phép năm/tháng phải trong khoảng 0-99');
    expect(leaveHourError(0)).toBe('Số giờ phép phải trong khoảng 0-200');
    expect(leaveHourError(3, { usedHours: 4.5, locked: false })).toBe('Số giờ phép không được nhỏ hơn số giờ đã dùng (4,50)');
    expect(leaveHoursError(16.5, 12.5)).toBe('Số giờ phép phải lớn hơn 0 và không quá 12,5');
    expect(leaveHoursError(null, 16)).toBe('Vui lòng nhập số giờ phép');
  });

  it('writes every failure of the contracts’ checks in Vietnamese, told by its key (no English text is matched)', async () => {
    await inVietnamese();
    expect(numberError('seniorityLeaveHour', 1.125)).toBe('Phép thâm niên chỉ được có tối đa 2 chữ số thập phân');
    expect(numberError('advanceLeave', 'two')).toBe('Phép ứng trước không hợp lệ');
    expect(leaveHourError('')).toBe('Vui lòng nhập số giờ phép');
    expect(leaveHourError('abc')).toBe('Số giờ phép không hợp lệ');
    expect(leaveHourError(1.125)).toBe('Thời lượng không hợp lệ (ví dụ: 0,50; 1,00; 1,50; 2,10; ...)');
    expect(leaveHoursError('abc', 16)).toBe('Số giờ phép không hợp lệ');
    expect(leaveHoursError(1.25, 16)).toBe('Thời lượng không hợp lệ (ví dụ: 0,5; 1; 1,5; 2; 2,5; ...)');
    const today = dayjs('2026-11-23');
    const limits = { today, lockDate: dayjs('2026-11-30') };
    expect(applyDateError(today, today.add(40, 'day'), limits)).toBe('Ngày áp dụng phải sau hôm nay');
    expect(applyDateError(today.add(3, 'day'), today.add(40, 'day'), limits)).toBe('Ngày áp dụng phải sau ngày khóa công gần nhất (30/11/2026)');
    expect(applyDateError(today.add(50, 'day'), today.add(40, 'day'), limits)).toBe('Ngày áp dụng phải trước ngày hết hạn');
  });

  it('writes seniority, months without accrual and roles in Vietnamese', async () => {
    await inVietnamese();
    expect(formatSeniority({ years_seniority: 6, months_seniority: 1, days_seniority: 0 })).toBe('6 năm 1 tháng 0 ngày');
    expect(monthLeaveText({ month: '03/2026', totalLeave: 0 })).toBe('Không được hưởng');
    expect(monthLeaveText({ month: '04/2026', totalLeave: 9.5 })).toBe('9,50');
    expect(formatRoles('GROUP_LEAD, STAFF, PM')).toBe('Trưởng nhóm, Nhân viên, PM');
  });
});
