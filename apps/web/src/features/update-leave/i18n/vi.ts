import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Cập nhật phép',
  intro:
    'Tính lại số ngày phép năm nhân viên được hưởng theo từng kỳ lương (phép hằng tháng, phép thâm niên và phép thời gian thử việc) dựa trên cấu hình chung, hợp đồng và bảng công đã duyệt, đồng thời chốt phép cuối năm. Phép thưởng, phép chuyển sang năm sau và phép dự án không thay đổi. Chạy lại sẽ không thay đổi gì nếu các dữ liệu đầu vào này không đổi.',
  staff: 'Nhân viên',
  allStaff: 'Tất cả nhân viên',
  chosenStaff: 'Nhân viên được chọn',
  staffPlaceholder: 'Tìm nhân viên (từ 3 ký tự trở lên)',
  run: 'Cập nhật phép',
  confirmAllTitle: 'Xác nhận',
  confirmAll: 'Cập nhật phép cho tất cả nhân viên?',
  queued: 'Đang chờ bắt đầu…',
  running: 'Đang cập nhật phép…',
  done: 'Đã cập nhật phép',
  failed: 'Cập nhật phép không thành công. Vui lòng thử lại.',
  idle: 'Vui lòng chọn nhân viên và nhấn Cập nhật phép: tiến độ và kết quả sẽ hiển thị tại đây.',
  dismiss: 'Xóa kết quả',
  result: {
    employees: 'Số nhân viên đã xử lý',
    granted: 'Số dòng được cấp',
    adjusted: 'Số dòng được điều chỉnh',
    removed: 'Số dòng bị xóa',
    conflicts: 'Xung đột (không thay đổi vì đã dùng giờ phép)',
    expiredEntries: 'Số dòng chốt phép cuối năm',
    ms: 'Thời gian',
  },
  duration: {
    milliseconds: '{{value}} ms',
    seconds: '{{value}} giây',
    minutes: '{{minutes}} phút {{seconds}} giây',
  },
};
