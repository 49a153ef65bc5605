import { describe, expect, it } from 'vitest';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { BONUS_LEAVE_IMPORT_COLUMNS, BONUS_LEAVE_IMPORT_COLUMNS_VI } from '@tms/contracts/bonus-leave';
import { LEAVE_CARRYOVER_IMPORT_COLUMNS, LEAVE_CARRYOVER_IMPORT_COLUMNS_VI } from '@tms/contracts/leave-carryover';
import { OVERTIME_IMPORT_COLUMNS, OVERTIME_IMPORT_COLUMNS_VI } from '@tms/contracts/overtime-list';
import { DEPARTMENT_POLICY_IMPORT_COLUMNS, DEPARTMENT_POLICY_IMPORT_COLUMNS_VI, STAFF_POLICY_IMPORT_COLUMNS, STAFF_POLICY_IMPORT_COLUMNS_VI } from '@tms/contracts/policies';
import { PROJECT_LEAVE_IMPORT_COLUMNS, PROJECT_LEAVE_IMPORT_COLUMNS_VI } from '@tms/contracts/project-leave';
import { REVOKE_IMPORT_COLUMNS, REVOKE_IMPORT_COLUMNS_VI, TIME_OFF_IMPORT_COLUMNS, TIME_OFF_IMPORT_COLUMNS_VI } from '@tms/contracts/request-list';
import { SPECIAL_EXPLANATION_IMPORT_COLUMNS, SPECIAL_EXPLANATION_IMPORT_COLUMNS_VI } from '@tms/contracts/special-explanation';
import { TIMESHEET_IMPORT_COLUMNS, TIMESHEET_IMPORT_COLUMNS_VI } from '@tms/contracts/timesheet-export';
import { CELL_LABELS_VI } from '@tms/contracts/file-headers-labels';
import { ABNORMAL_REASONS, ABNORMAL_STATUS_TEXT } from '@tms/contracts/abnormal-case';
import { EXPLANATION_STATUS_TEXT } from '@tms/contracts/explanations';
import { ONSITE_STATUS_TEXT, ONSITE_TYPE_LABELS } from '@tms/contracts/onsite';
import { DATE_TYPE_LABELS, FIXED_OT_TYPES, FIXED_STAFF_STATUS_TEXT, FLEXIBLE_STATUS_TEXT } from '@tms/contracts/overtime';
import { REQUEST_STATUS_TEXT, REQUEST_TYPE_NAMES, SHIFTS } from '@tms/contracts/requests';
import { ABNORMAL_REASON_TEXT, DAY_TYPE_TEXT } from '@tms/contracts/timesheet-export';
import { TIMESHEET_STATUS_NAMES } from '@tms/contracts/timesheet-review';
import { SOURCE_LABELS } from '@tms/contracts/work-schedule-config';
import { cellLabel, columnsIn, foldHeader, headerInCurrentLanguage, localizedColumns, matchHeaders } from './file-headers.ts';
import { runInLanguage } from './request-language.ts';

const TEMPLATE = { en: { username: 'Username', applyDate: 'Apply Date' }, vi: { username: 'Tên đăng nhập', applyDate: 'Ngày áp dụng' } } as const;

describe('file headers (issue 25)', () => {
  it('folds case, spaces and Vietnamese diacritics', () => {
    expect(foldHeader('  Ngày   Áp dụng ')).toBe('ngay ap dung');
    expect(foldHeader('Đơn vị')).toBe('don vi');
    expect(foldHeader('Thời lượng')).toBe(foldHeader('THOI LUONG'));
  });

  it('renames headers of either language to the English ones, and leaves other columns as they are', () => {
    const upload = { headers: ['ten dang nhap', 'Ngày áp dụng', 'Note'], rows: [{ rowNumber: 2, values: { 'ten dang nhap': 'staff', 'Ngày áp dụng': '01/12/2026', Note: 'x' } }] };
    expect(matchHeaders(upload, TEMPLATE)).toEqual({
      headers: ['Username', 'Apply Date', 'Note'],
      rows: [{ rowNumber: 2, values: { Username: 'staff', 'Apply Date': '01/12/2026', Note: 'x' } }],
    });
    const english = { headers: ['Username', 'Apply Date'], rows: [] };
    expect(matchHeaders(english, TEMPLATE)).toBe(english);
  });

  it('heads files in the language of the work in progress', () => {
    const widths = [{ key: 'username' as const, width: 20 }];
    expect(columnsIn(TEMPLATE, widths)).toEqual([{ header: 'Username', key: 'username', width: 20 }]);
    runInLanguage('vi', () => {
      expect(columnsIn(TEMPLATE, widths)).toEqual([{ header: 'Tên đăng nhập', key: 'username', width: 20 }]);
      expect(localizedColumns([{ header: 'Staff', key: 'staff', width: 9 }, { header: 'C&B', key: 'cb' }], { staff: 'Nhân viên' })).toEqual([
        { header: 'Nhân viên', key: 'staff', width: 9 },
        { header: 'C&B', key: 'cb', width: undefined },
      ]);
      expect(headerInCurrentLanguage(TEMPLATE, 'Apply Date')).toBe('Ngày áp dụng');
      expect(headerInCurrentLanguage(TEMPLATE, 'Note')).toBe('Note');
    });
  });

  const byIndex = (headers: readonly string[]) => Object.fromEntries(headers.map((h, i) => [i, h]));
  const IMPORTS: Record<string, Bilingual<HeaderTexts>> = {
    bonusLeave: { en: BONUS_LEAVE_IMPORT_COLUMNS, vi: BONUS_LEAVE_IMPORT_COLUMNS_VI },
    leaveCarryover: { en: LEAVE_CARRYOVER_IMPORT_COLUMNS, vi: LEAVE_CARRYOVER_IMPORT_COLUMNS_VI },
    projectLeave: { en: PROJECT_LEAVE_IMPORT_COLUMNS, vi: PROJECT_LEAVE_IMPORT_COLUMNS_VI },
    overtime: { en: OVERTIME_IMPORT_COLUMNS, vi: OVERTIME_IMPORT_COLUMNS_VI },
    staffPolicy: { en: STAFF_POLICY_IMPORT_COLUMNS, vi: STAFF_POLICY_IMPORT_COLUMNS_VI },
    departmentPolicy: { en: DEPARTMENT_POLICY_IMPORT_COLUMNS, vi: DEPARTMENT_POLICY_IMPORT_COLUMNS_VI },
    timeOff: { en: TIME_OFF_IMPORT_COLUMNS, vi: TIME_OFF_IMPORT_COLUMNS_VI },
    revoke: { en: REVOKE_IMPORT_COLUMNS, vi: REVOKE_IMPORT_COLUMNS_VI },
    specialExplanation: { en: SPECIAL_EXPLANATION_IMPORT_COLUMNS, vi: SPECIAL_EXPLANATION_IMPORT_COLUMNS_VI },
    timesheet: { en: byIndex(TIMESHEET_IMPORT_COLUMNS), vi: byIndex(TIMESHEET_IMPORT_COLUMNS_VI) },
  };

  it.each(Object.entries(IMPORTS))('%s: no header of either language names two columns once folded', (_name, template) => {
    const owner = new Map<string, string>();
    for (const language of ['en', 'vi'] as const) {
      for (const [key, text] of Object.entries(template[language])) {
        const folded = foldHeader(text);
        expect(owner.get(folded) ?? key, `${language} '${text}'`).toBe(key);
        owner.set(folded, key);
      }
    }
  });
});

describe('label cells of exports (issue 25)', () => {
  /** Every table whose texts an export writes as a cell: a new status or type without its Vietnamese fails here. */
  const written: Record<string, readonly string[]> = {
    REQUEST_STATUS_TEXT: Object.values(REQUEST_STATUS_TEXT),
    ABNORMAL_STATUS_TEXT: Object.values(ABNORMAL_STATUS_TEXT),
    ABNORMAL_REASONS: Object.values(ABNORMAL_REASONS),
    EXPLANATION_STATUS_TEXT: Object.values(EXPLANATION_STATUS_TEXT),
    ONSITE_STATUS_TEXT: Object.values(ONSITE_STATUS_TEXT),
    ONSITE_TYPE_LABELS: Object.values(ONSITE_TYPE_LABELS),
    FIXED_STAFF_STATUS_TEXT: Object.values(FIXED_STAFF_STATUS_TEXT),
    FLEXIBLE_STATUS_TEXT: Object.values(FLEXIBLE_STATUS_TEXT),
    DATE_TYPE_LABELS: Object.values(DATE_TYPE_LABELS),
    FIXED_OT_TYPES: FIXED_OT_TYPES.map((t) => t.label),
    TIMESHEET_STATUS_NAMES: Object.values(TIMESHEET_STATUS_NAMES),
    REQUEST_TYPE_NAMES: Object.values(REQUEST_TYPE_NAMES),
    SHIFTS: [...SHIFTS, 'FULL_DAY'],
    DAY_TYPE_TEXT: Object.values(DAY_TYPE_TEXT),
    ABNORMAL_REASON_TEXT: Object.values(ABNORMAL_REASON_TEXT),
    SOURCE_LABELS: Object.values(SOURCE_LABELS),
    'fixed OT tag': ['CANCELLED', 'PENDING', 'EXPIRED', 'DONE'],
    'OT report': ['Fixed', 'Flexible', 'Yes', 'No'],
  };

  it('has a Vietnamese text for every label an export writes', () => {
    for (const [table, labels] of Object.entries(written)) {
      for (const label of labels) expect(CELL_LABELS_VI[label], `${table}: ${label}`).toBeTruthy();
    }
  });

  it('writes a label in the language of the work in progress; a text that is no label stays as it is', () => {
    expect(cellLabel('APPROVED')).toBe('APPROVED');
    expect(runInLanguage('en', () => cellLabel('Day off'))).toBe('Day off');
    expect(runInLanguage('vi', () => [cellLabel('APPROVED'), cellLabel('Day off'), cellLabel('Pending PM approval'), cellLabel('an.nguyen')])).toEqual([
      'Đã duyệt',
      'Ngày nghỉ hằng tuần',
      'Chờ PM duyệt',
      'an.nguyen',
    ]);
  });
});
