import type { Translation } from '../../../../../lib/i18n.ts';
import type { en } from './en.ts';

/** Nhật ký → Lượt chấm công (issue 28): tiếng Việt. */
export const vi: Translation<typeof en> = {
  attempts: {
    tab: 'Lượt chấm công bị từ chối/muộn',
    employee: 'Nhân viên',
    outcome: 'Kết quả',
    reason: 'Lý do',
    source: 'Nguồn',
    place: 'Địa điểm',
    receivedAt: 'Thời điểm nhận',
    message: 'Thông báo',
    distance: 'Khoảng cách',
    accuracy: 'Độ chính xác',
    position: 'Vị trí',
    network: 'Địa chỉ mạng',
    deviceTime: 'Giờ thiết bị',
    export: 'Xuất tệp',
    outcomes: { REFUSED: 'Bị từ chối', LATE: 'Gửi muộn' },
    sources: { web: 'Web', kiosk: 'Kiosk' },
    metres: '{{value}} m',
    inactivePlace: '{{name}} (ngừng dùng)',
  },
};
