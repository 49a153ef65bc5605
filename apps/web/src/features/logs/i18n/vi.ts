import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Nhật ký',
  tabs: {
    list: 'Danh sách nhật ký',
    connection: 'Lịch sử kết nối',
    mail: 'Hộp thư đi',
  },
  list: {
    staff: 'Người thực hiện',
    employee: 'Nhân viên được sửa',
    table: 'Bảng dữ liệu',
    action: 'Thao tác',
    time: 'Thời gian',
    field: 'Trường',
    workday: 'Ngày công được sửa',
    newValue: 'Giá trị mới',
    oldValue: 'Giá trị cũ',
    empty: 'Không có nhật ký',
  },
  connection: {
    dateTime: 'Ngày giờ',
    error: 'Lỗi',
    details: 'Chi tiết',
    text: 'Lỗi hoặc chi tiết',
    empty: 'Không có lịch sử kết nối',
  },
  mail: {
    to: 'Người nhận',
    cc: 'CC (người nhận bản sao)',
    subject: 'Tiêu đề',
    status: 'Trạng thái',
    created: 'Ngày tạo',
    sent: 'Ngày gửi',
    error: 'Lỗi',
    text: 'Người nhận hoặc tiêu đề',
    empty: 'Không có thư',
  },
  tables: {
    employees: 'Nhân viên',
    users: 'Người dùng',
    attendance_check_configs: 'Cấu hình hệ thống chấm công',
    staff_policies: 'Chính sách nhân viên',
    department_policies: 'Chính sách phòng ban',
    timesheet_days: 'Bảng công',
  },
  actions: { Created: 'Tạo mới', Updated: 'Cập nhật', Deleted: 'Xóa' },
  mailStatuses: { outbox: 'chờ gửi', sent: 'đã gửi', failed: 'gửi lỗi' },
};
