import { PAYROLL_VALUE_MAX } from '@tms/contracts/overtime-pay';
import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  tab: 'Cấu hình',
  recalculate: 'Tính lại lương',
  overtime: 'Làm thêm giờ',
  coefficients: 'Hệ số',
  taxCoefficients: 'Hệ số miễn thuế (phần chịu thuế)',
  bonus: 'Thưởng trong tháng',
  save: 'Lưu',
  fields: {
    coefficient_workday: 'Ngày thường (%)',
    coefficient_night_workday: 'Ban đêm ngày thường (%)',
    coefficient_night_workday_has_day_time: 'Ban đêm ngày thường sau khi làm thêm ban ngày (%)',
    coefficient_day_off: 'Ngày nghỉ hằng tuần (%)',
    coefficient_night_day_off: 'Ban đêm ngày nghỉ hằng tuần (%)',
    coefficient_holiday: 'Ngày lễ (%)',
    coefficient_night_holiday: 'Ban đêm ngày lễ (%)',
    tax_coefficient_workday: 'Phần chịu thuế, ngày thường (%)',
    tax_coefficient_night_workday: 'Phần chịu thuế, ban đêm ngày thường (%)',
    tax_coefficient_day_off: 'Phần chịu thuế, ngày nghỉ hằng tuần (%)',
    tax_coefficient_night_day_off: 'Phần chịu thuế, ban đêm ngày nghỉ hằng tuần (%)',
    tax_coefficient_holiday: 'Phần chịu thuế, ngày lễ (%)',
    tax_coefficient_night_holiday: 'Phần chịu thuế, ban đêm ngày lễ (%)',
    Staff: 'Nhân viên',
    Management: 'Quản lý',
  },
  messages: {
    notANumber: 'Giá trị không phải là số',
    notInteger: 'Giá trị phải là số nguyên',
    outOfRange: `Giá trị phải từ 0 đến ${PAYROLL_VALUE_MAX}`,
    updated: 'Cập nhật thành công',
    recalculateConfirm: 'Tính lại tiền làm thêm giờ của mọi yêu cầu sau ngày khóa công theo hệ số hiện tại?',
    recalculateDone: 'Đã tính lại lương xong',
    recalculateFailed: 'Tính lại lương không thành công',
    recalculateRunning: 'Đang tính lại…',
  },
};
