import type { Translation } from '../i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  notice: {
    errorTitle: 'Lỗi',
    somethingWentWrong: 'Đã có lỗi xảy ra',
  },
};
