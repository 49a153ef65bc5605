import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_NUMBER_COLUMNS, SUMMARY_STAFF_COLUMNS } from '@tms/contracts/timesheet-report';
import { setLanguage } from '../../lib/i18n.ts';
import { searchState } from './check-time/check-time-rules.ts';
import { reportsTexts } from './i18n/index.ts';
import { summaryColumns } from './report-columns.tsx';

afterEach(async () => {
  await setLanguage('en');
});

describe('report texts (issue 25)', () => {
  it('titles the columns as the contracts (and the exports) do in English', () => {
    expect(summaryColumns().map((c) => c.title)).toEqual([...SUMMARY_STAFF_COLUMNS, ...SUMMARY_NUMBER_COLUMNS].map(([, title]) => title));
  });

  it('titles the columns and warns in Vietnamese', async () => {
    await setLanguage('vi');
    expect(summaryColumns(reportsTexts.t).slice(0, 2).map((c) => c.title)).toEqual(['Nhân viên', 'Tên đăng nhập']);
    expect(searchState({ range: [dayjs('2026-01-01'), dayjs('2026-04-01')], users: ['staff'] }).warning).toBe('Khoảng thời gian không được vượt quá 3 tháng!');
  });
});
