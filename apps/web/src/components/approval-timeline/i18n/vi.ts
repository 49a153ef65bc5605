import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  approval: {
    title: 'Phê duyệt',
    pendingStep: 'Chờ duyệt — bước {{step}}/{{count}}',
    pendingStepOf: 'Chờ duyệt — bước {{step}}/{{count}} ({{approver}})',
    flow: 'Luồng: {{name}}',
    autoApproved: 'Được tự động phê duyệt theo luồng "{{name}}"',
    step: 'Bước {{n}}/{{count}}: {{rule}}',
    approver: 'Người phê duyệt',
    nobody: 'Không tìm thấy người phê duyệt',
    decisions: {
      WAITING: 'Đang chờ',
      CURRENT: 'Đang xử lý — chờ {{name}}',
      APPROVED: 'Đã được {{name}} phê duyệt lúc {{at}}',
      REJECTED: 'Đã bị {{name}} từ chối lúc {{at}}',
      CLOSED: 'Không đến bước này',
    },
    comment: 'Nhận xét: {{text}}',
    loadFailed: 'Không tải được các bước phê duyệt',
    rules: {
      GROUP_LEAD: 'Trưởng nhóm',
      DIVISION_LEAD: 'Trưởng bộ phận',
      PM: 'Quản lý dự án (PM)',
      HRM: 'Trưởng phòng nhân sự (HRM)',
      USER: 'Người dùng chỉ định',
      ROLE: 'Bất kỳ ai thuộc vai trò',
    },
    anyoneOf: 'Bất kỳ ai: {{role}}',
    poolRoles: { HR: 'Nhân sự (HR)', HRM: 'Trưởng phòng nhân sự (HRM)', ADMIN: 'Quản trị viên' },
  },
};
