import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Giải trình đặc biệt',
  create: 'Tạo mới',
  import: 'Nhập từ Excel',
  empty: 'Không có giải trình đặc biệt',
  importDialog: {
    title: 'Nhập giải trình đặc biệt',
    attach: 'Đính kèm tệp',
    template: 'Tải tệp mẫu',
  },
  columns: {
    staff: 'Nhân viên',
    date: 'Ngày',
    type: 'Loại',
    time: 'Thời gian (giờ)',
    description: 'Mô tả',
    createdBy: 'Người tạo',
    action: 'Thao tác',
    edit: 'Sửa',
    locked: 'Thuộc bảng công đã duyệt',
  },
  form: {
    createTitle: 'Tạo giải trình đặc biệt',
    editTitle: 'Sửa giải trình đặc biệt',
    request: 'Yêu cầu',
    requestPlaceholder: 'Chọn yêu cầu',
    reason: 'Lý do',
    reasonPlaceholder: 'Chọn lý do',
    noReason: 'Không có lý do',
    staff: 'Nhân viên',
    date: 'Ngày',
    time: 'Thời gian (giờ)',
    description: 'Mô tả',
  },
  requestTypes: {
    EXPLANATION_REQUEST: 'Yêu cầu giải trình',
    LEAVE_REQUEST: 'Yêu cầu nghỉ phép',
  },
  messages: {
    requestRequired: 'Vui lòng chọn yêu cầu!',
    reasonRequired: 'Vui lòng chọn lý do!',
    staffRequired: 'Vui lòng chọn nhân viên!',
    dateRequired: 'Vui lòng chọn ngày',
    timeRequired: 'Vui lòng nhập thời gian',
    timeRange: 'Thời gian phải lớn hơn 0 và tối đa 24 giờ',
    timeDecimals: 'Thời gian có tối đa 2 chữ số thập phân',
    descriptionTooLong: 'Mô tả vượt quá giới hạn 1000 ký tự',
  },
};
