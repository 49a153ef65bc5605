import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  tagline: 'Quản lý chấm công và thời gian làm việc',
  intro: 'Bảng công, yêu cầu, nghỉ phép và làm thêm giờ ở một nơi.',
  title: 'Đăng nhập',
  language: 'Ngôn ngữ',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  submit: 'Đăng nhập',
  showPassword: 'Hiện mật khẩu',
  hidePassword: 'Ẩn mật khẩu',
  usernameRequired: 'Vui lòng nhập tên đăng nhập',
  passwordRequired: 'Vui lòng nhập mật khẩu',
  change: {
    title: 'Đổi mật khẩu',
    password: 'Mật khẩu hiện tại',
    newPassword: 'Mật khẩu mới',
    confirmPassword: 'Xác nhận mật khẩu',
    submit: 'Đặt lại mật khẩu',
    backToLogin: 'Quay lại trang đăng nhập',
    home: 'Về trang chủ',
    newPasswordRequired: 'Vui lòng nhập mật khẩu mới',
    confirmPasswordRequired: 'Vui lòng xác nhận mật khẩu',
    changed: 'Đổi mật khẩu thành công',
  },
};
