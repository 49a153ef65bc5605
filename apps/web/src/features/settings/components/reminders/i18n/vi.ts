import type { Translation } from '../../../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  intro: 'Nhắc nhở được gửi mỗi ngày làm việc (thứ Hai đến thứ Sáu trừ ngày nghỉ của công ty) sau giờ gửi buổi sáng, qua chuông thông báo và thư, mỗi người tối đa một lần một ngày.',
  morningTime: 'Giờ gửi buổi sáng (giờ công ty)',
  approverDigest: 'Tổng hợp cho người duyệt',
  approverDigestHelp: 'Người duyệt có mục chờ quá số ngày làm việc này nhận một bản tổng hợp mỗi sáng.',
  explanationDeadline: 'Hạn giải trình',
  explanationDeadlineHelp: 'Nhân viên có trường hợp bất thường chưa giải trình được nhắc trước hạn giải trình số ngày làm việc này.',
  missingCheckOut: 'Thiếu giờ ra',
  missingCheckOutHelp: 'Nhân viên có giờ vào nhưng không có giờ ra vào ngày làm việc trước đó (và cuối tuần trước đó) được nhắc vào buổi sáng.',
  hrDigest: 'Tổng hợp cho nhân sự',
  hrDigestHelp: 'HR và HRM được nhắc mỗi sáng khi một kỳ lương đã kết thúc mà chưa gửi duyệt bảng công.',
  workingDays: 'Ngày làm việc',
  enabled: 'Bật',
  disabled: 'Tắt',
  save: 'Lưu',
  saved: 'Đã lưu cài đặt nhắc nhở',
  history: 'Lịch sử',
  historyTitle: 'Lịch sử cài đặt nhắc nhở',
  lastChanged: 'Thay đổi lần cuối {{date}} bởi {{name}}',
};
