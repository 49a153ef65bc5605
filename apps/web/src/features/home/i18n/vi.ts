import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Xin chào, {{name}}',
  subTitle: 'Các trang dành cho vai trò của tài khoản này chưa sẵn sàng. Có thể đổi mật khẩu trong menu người dùng.',
};
