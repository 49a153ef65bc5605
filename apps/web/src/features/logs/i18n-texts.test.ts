import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { logListFilters, mailStatusName, tableName } from './components/logs-filters.ts';
import { logsTexts } from './i18n/index.ts';

afterEach(async () => {
  await setLanguage('en');
});

describe('logs texts (issue 25)', () => {
  it('names tables, actions and mail statuses by code, as the contracts do in English', () => {
    const { t } = logsTexts;
    expect(tableName(t, 'attendance_check_configs', 'x')).toBe('Attendance Check System Config');
    expect(tableName(t, 'unknown', 'Unknown table')).toBe('Unknown table');
    expect(mailStatusName(t, 'sent')).toBe('sent');
    const action = logListFilters(t).find((f) => f.name === 'action');
    expect(action?.kind === 'select' ? action.options.map((o) => o.label) : []).toEqual(['Created', 'Updated', 'Deleted']);
  });

  it('names them in Vietnamese', async () => {
    await setLanguage('vi');
    const { t } = logsTexts;
    expect(tableName(t, 'timesheet_days', 'Timesheet')).toBe('Bảng công');
    expect(mailStatusName(t, 'failed')).toBe('gửi lỗi');
    expect(mailStatusName(t, 'queued')).toBe('queued');
  });
});
