import type { Translation } from '../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  failed: {
    loadTitle: 'Không tải được TMS',
    errorTitle: 'Đã xảy ra lỗi',
    loadHint: 'Kết nối bị gián đoạn, hoặc TMS vừa được cập nhật phiên bản mới. Hãy tải lại trang để tiếp tục.',
    errorHint: 'Những gì bạn đã lưu không bị mất. Hãy tải lại trang để tiếp tục.',
    reload: 'Tải lại trang',
  },
};
