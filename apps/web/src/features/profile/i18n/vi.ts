import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Hồ sơ của tôi',
  fields: { name: 'Họ tên', userName: 'Tên đăng nhập', department: 'Phòng ban', division: 'Khối', roles: 'Vai trò' },
  none: '—',
  roles: {
    STAFF: 'Nhân viên',
    GROUP_LEAD: 'Trưởng nhóm',
    DULEAD: 'Trưởng bộ phận',
    HR: 'Nhân sự (HR)',
    HRM: 'Trưởng phòng nhân sự (HRM)',
    ADMIN: 'Quản trị viên',
    GUEST: 'Khách',
  },
  feeds: {
    title: 'Lịch đăng ký (calendar feed)',
    intro:
      'Đưa ngày nghỉ của bạn và lịch vắng mặt của nhóm vào ứng dụng lịch bạn đang dùng. Mỗi feed là một địa chỉ bí mật: ai có địa chỉ đều đọc được feed, vì vậy đừng chia sẻ. Ứng dụng lịch sẽ tự cập nhật sau vài giờ.',
    scopes: {
      MINE: { title: 'Nghỉ phép và onsite của tôi', hint: 'Ngày nghỉ, làm việc bên ngoài và onsite của bạn (chờ duyệt và đã duyệt), cùng các ngày lễ của bạn.' },
      TEAM: { title: 'Nhóm của tôi', hint: 'Các lịch vắng mặt bạn xem được trong Lịch nhóm, kèm tên từng người, cùng các ngày lễ của bạn.' },
    },
    none: 'Chưa có feed',
    created: 'Tạo ngày {{date}}',
    lastFetched: 'Ứng dụng lịch đọc lần cuối {{date}}',
    neverFetched: 'Chưa có ứng dụng lịch nào đọc',
    create: 'Tạo feed',
    recreate: 'Tạo lại',
    revoke: 'Thu hồi',
    recreateTitle: 'Tạo lại feed này?',
    recreateContent: 'Một địa chỉ mới sẽ được tạo. Địa chỉ cũ ngừng hoạt động ngay: các lịch đã đăng ký địa chỉ đó sẽ không được cập nhật nữa.',
    revokeTitle: 'Thu hồi feed này?',
    revokeContent: 'Địa chỉ ngừng hoạt động ngay: các lịch đã đăng ký địa chỉ đó sẽ không được cập nhật nữa.',
    addressLabel: 'Địa chỉ feed',
    shownOnce: 'Hãy sao chép địa chỉ này ngay: địa chỉ chỉ hiển thị một lần. Nếu làm mất, hãy tạo lại feed.',
    copy: 'Sao chép',
    copied: 'Đã sao chép địa chỉ',
    copyFailed: 'Không sao chép được: địa chỉ đã được chọn, hãy sao chép bằng bàn phím.',
    created_ok: 'Đã tạo feed',
    revoked_ok: 'Đã thu hồi feed',
    howTo: {
      title: 'Cách đăng ký',
      google: 'Google Calendar: Lịch khác → + → Từ URL (From URL), dán địa chỉ rồi chọn Thêm lịch.',
      outlook: 'Outlook: Thêm lịch → Đăng ký từ web (Subscribe from web), dán địa chỉ rồi chọn Nhập.',
      apple: 'Apple Calendar: Tệp → Đăng ký lịch mới, dán địa chỉ.',
    },
  },
};
