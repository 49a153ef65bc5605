import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  oops: 'Rất tiếc!',
  title: '404 - KHÔNG TÌM THẤY TRANG',
  description: 'Trang bạn tìm có thể đã bị xóa, đổi tên, tạm thời không truy cập được hoặc bạn không có quyền mở trang này.',
  home: 'VỀ TRANG CHỦ',
};
