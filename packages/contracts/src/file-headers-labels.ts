/**
 * Label cells of the files the server writes (issue 25): statuses, request types, shifts, day types, OT types, yes/no.
 * The English is the text the export writes today (the contracts' status and type tables, some of them API codes
 * such as 'APPROVED'); a Vietnamese export writes the text here instead, in the words of docs/glossary.md and of the
 * web's catalogues. Keyed by the English text, as the server message labels are. A label missing here stays English:
 * `lib/file-headers.test.ts` checks that every value of the tables the exports write has its Vietnamese.
 */
export const CELL_LABELS_VI: Readonly<Record<string, string>> = {
  // Request, explanation and abnormal case statuses (REQUEST_STATUS_TEXT, EXPLANATION_STATUS_TEXT), fixed OT staff.
  UNEXPLAINED: 'Chưa giải trình',
  PENDING: 'Chờ duyệt',
  APPROVED: 'Đã duyệt',
  REJECTED: 'Đã từ chối',
  WITHDRAWN: 'Đã rút lại',
  DELEGATED: 'Đã chuyển người duyệt',
  EXPIRED: 'Hết hạn',
  CANCELLED: 'Đã hủy',
  // Onsite (ONSITE_STATUS_TEXT), flexible overtime (FLEXIBLE_STATUS_TEXT), timesheets (TIMESHEET_STATUS_NAMES).
  Pending: 'Chờ duyệt',
  Approved: 'Đã duyệt',
  Rejected: 'Đã từ chối',
  Withdrawn: 'Đã rút lại',
  Cancelled: 'Đã hủy',
  Expired: 'Hết hạn',
  'Pending PM approval': 'Chờ PM duyệt',
  'Approved by PM': 'PM đã duyệt',
  'Rejected by PM': 'PM đã từ chối',
  Confirmed: 'Đã xác nhận',
  'Rejected by manager': 'Quản lý đã từ chối',
  Draft: 'Nháp',
  'Pending update': 'Chờ cập nhật',
  'Pending approval': 'Chờ phê duyệt',
  // Request types (REQUEST_TYPE_NAMES).
  'Leave Request': 'Yêu cầu nghỉ phép',
  'Explanation Request': 'Yêu cầu giải trình',
  'Work Outside': 'Làm việc bên ngoài',
  Onsite: 'Công tác (onsite)',
  // Shifts of a request (SHIFTS and FULL_DAY) and onsite types (ONSITE_TYPE_LABELS).
  MORNING: 'Buổi sáng',
  AFTERNOON: 'Buổi chiều',
  FULL_DAY: 'Cả ngày',
  Morning: 'Buổi sáng',
  Afternoon: 'Buổi chiều',
  'Full day': 'Cả ngày',
  Other: 'Khác',
  // Day types (DATE_TYPE_LABELS) and fixed OT types (FIXED_OT_TYPES); the flexible ones are Vietnamese already.
  Workday: 'Ngày thường',
  'Day off': 'Ngày nghỉ hằng tuần',
  Holiday: 'Ngày lễ',
  'OT at office': 'OT tại văn phòng',
  'OT from home': 'OT tại nhà',
  'Work outside': 'Làm việc bên ngoài',
  // Day types and abnormal reasons of the timesheet detail (DAY_TYPE_TEXT, ABNORMAL_REASON_TEXT).
  'Working day': 'Ngày công',
  Weekend: 'Cuối tuần',
  'Non-working day': 'Ngày không làm việc',
  'Public holiday': 'Ngày lễ, Tết',
  'Early leaving': 'Về sớm',
  'Late coming': 'Đi muộn',
  'Part-day leave': 'Nghỉ một phần ngày',
  'No check-in': 'Không chấm công vào',
  'No check-out': 'Không chấm công ra',
  'No check-in and check-out': 'Không chấm công vào và ra',
  'Not enough working time': 'Không đủ giờ công',
  // The abnormal case reasons (ABNORMAL_REASONS) that word it differently.
  'No check-in and no check-out': 'Không chấm công vào và ra',
  'Not enough working hours': 'Không đủ giờ công',
  // The fixed OT request tag's last word ('2/3 PENDING', '3/3 DONE': fixedRequestTag).
  DONE: 'Hoàn tất',
  // The OT report's kind and the Work Schedule Report's source (SOURCE_LABELS).
  Fixed: 'Cố định',
  Flexible: 'Linh hoạt',
  Staff: 'Nhân viên',
  Department: 'Phòng ban',
  Yes: 'Có',
  No: 'Không',
};
