import { WORKING_DAYS_MAX } from '@tms/contracts/settings';
import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Cài đặt',
  tabs: {
    workingType: 'Loại công',
    payrollPeriod: 'Kỳ lương',
  },
  workTypes: {
    registrationType: 'Loại đăng ký trên hệ thống nhân sự',
    definition: 'Định nghĩa',
    hrNotation: 'Ký hiệu trên hệ thống nhân sự',
    payrollNotation: 'Ký hiệu tính lương',
    empty: 'Chưa có loại công nào',
  },
  periods: {
    create: 'Tạo kỳ lương',
    dateRange: 'Khoảng thời gian',
    workingDays: 'Số ngày công chuẩn',
    timesheetStatus: 'Trạng thái bảng công',
    payroll: 'Kỳ lương',
    lock: 'Khóa',
    unlock: 'Mở khóa',
    company: 'Công ty',
    empty: 'Chưa có kỳ lương nào',
    lockLabel: 'Khóa {{name}}',
    lockTitle: 'Khóa kỳ lương',
    unlockTitle: 'Mở khóa kỳ lương',
    lockConfirm: 'Khóa kỳ lương {{name}}? Mọi dữ liệu có ngày trong kỳ sẽ không thể thay đổi nữa (yêu cầu, làm thêm giờ, giải trình, nghỉ phép, chỉnh sửa bảng công).',
    unlockConfirm: 'Mở khóa kỳ lương {{name}}? Dữ liệu trong kỳ có thể thay đổi lại, trừ khi bảng công của kỳ đã được duyệt.',
    workingDaysHint: 'Để trống số ngày công chuẩn để tự tính theo các ngày từ thứ Hai đến thứ Sáu, trừ ngày lễ trong lịch của công ty.',
    fromRequired: 'Vui lòng chọn ngày bắt đầu',
    toRequired: 'Vui lòng chọn ngày kết thúc',
    toBeforeFrom: 'Ngày kết thúc không được trước ngày bắt đầu',
    workingDaysInvalid: `Số ngày công chuẩn phải là số nguyên từ 0 đến ${WORKING_DAYS_MAX}`,
  },
};
