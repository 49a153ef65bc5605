import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

/** Lịch → Lịch vắng mặt của nhóm (issue 30 §1), tiếng Việt. */
export const vi: Translation<typeof en> = {
  title: 'Lịch vắng mặt của nhóm',
  intro: 'Ai vắng mặt và vì sao: nghỉ phép, làm việc bên ngoài và công tác, đang chờ duyệt (gạch chéo) hoặc đã duyệt (tô đặc), và ngày lễ theo lịch của từng người.',
  views: { month: 'Tháng', twoWeeks: 'Hai tuần' },
  nav: { previous: 'Trước', next: 'Sau', today: 'Hôm nay', range: '{{from}} – {{to}}' },
  filters: {
    division: 'Khối',
    department: 'Phòng ban',
    project: 'Dự án',
    reason: 'Lý do',
    keyword: 'Tìm theo tên',
    clear: 'Xóa bộ lọc',
  },
  staff: 'Nhân viên',
  weekdays: { sun: 'CN', mon: 'T2', tue: 'T3', wed: 'T4', thu: 'T5', fri: 'T6', sat: 'T7' },
  total: '{{count}} người',
  requestsOf: 'Yêu cầu của {{name}}',
  legend: {
    title: 'Chú thích',
    leave: 'Nghỉ phép',
    outside: 'Làm việc bên ngoài',
    onsite: 'Công tác',
    pending: 'Chờ duyệt',
    approved: 'Đã duyệt',
    holiday: 'Ngày lễ',
    weekend: 'Cuối tuần',
    present: 'Có mặt',
    late: 'Đi muộn',
    absent: 'Vắng mặt',
  },
  short: { leave: 'P', outside: 'NB', onsite: 'CT', holiday: 'L' },
  types: { LEAVE_REQUEST: 'Nghỉ phép', WORK_OUTSIDE: 'Làm việc bên ngoài', ONSITE: 'Công tác' },
  status: { pending: 'Chờ duyệt', approved: 'Đã duyệt' },
  amount: { FULL_DAY: 'Cả ngày', MORNING: 'Buổi sáng', AFTERNOON: 'Buổi chiều', HOURS: '{{hours}} giờ' },
  attendance: { PRESENT: 'Có mặt', LATE: 'Đi muộn', ABSENT: 'Vắng mặt' },
  cell: {
    holiday: 'Ngày lễ: {{name}}',
    openRequest: 'Mở yêu cầu',
    nothing: 'Không nghỉ phép, làm việc bên ngoài hay công tác',
    label: '{{name}}, {{date}}',
  },
  empty: {
    title: 'Không có ai để hiển thị',
    hint: 'Không có người nào bạn được xem khớp với bộ lọc trong khoảng thời gian này.',
  },
};
