import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Thông báo',
  notification: 'Thông báo',
  date: 'Ngày',
  status: 'Trạng thái',
  action: 'Thao tác',
  read: 'Đã đọc',
  unread: 'Chưa đọc',
  markRead: 'Đánh dấu đã đọc',
  markAllRead: 'Đánh dấu tất cả là đã đọc',
  markedRead_one: 'Đã đánh dấu {{count}} thông báo là đã đọc',
  markedRead_other: 'Đã đánh dấu {{count}} thông báo là đã đọc',
  empty: 'Không có thông báo nào',
  emptyKind: 'Không có thông báo loại này',
  kindLabel: 'Hiển thị',
  kinds: {
    ALL: 'Tất cả',
    APPROVALS: 'Cần phê duyệt',
    MY_REQUESTS: 'Yêu cầu của tôi',
    TIMESHEET: 'Bảng công',
    REMINDERS: 'Nhắc nhở',
    OTHER: 'Khác',
  },
};
