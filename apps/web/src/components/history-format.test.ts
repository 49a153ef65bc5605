import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { changesOf, formatHistoryField, formatHistoryValue, historyActionInfo, historyAuthorName, hoursHistoryValue, type HistoryEntry } from './history-format.ts';
import { STATUS_TONES } from './status-info.ts';

const base: HistoryEntry = { id: 1, action: 'UPDATE', changes: [], createdBy: { username: 'hr', name: 'HR User' }, createdDate: '2026-11-21T03:00:00Z' };

describe('history formatting', () => {
  it.each([
    ['CREATE', 'Created', 'green'],
    ['UPDATE', 'Updated', 'orange'],
    ['DELETE', 'Deleted', 'red'],
    ['STATUS', 'Status changed', 'blue'],
    ['OTHER', 'OTHER', 'default'],
  ])('%s tag', (action, label, color) => {
    expect(historyActionInfo(action)).toEqual({ label, color });
    // An accessible tone of status-info.ts (≥ 4.5:1), not an antd preset colour.
    expect(Object.keys(STATUS_TONES)).toContain(color);
  });

  it.each([
    [null, '(empty)'],
    ['', '(empty)'],
    [0, '0'],
    [8.5, '8.5'],
    [false, 'false'],
    [{ a: 1 }, '{"a":1}'],
  ] as const)('value %j', (value, text) => {
    expect(formatHistoryValue(value)).toBe(text);
  });

  it('uses the listed changes, or the new record of a creation without changes', () => {
    expect(changesOf({ ...base, changes: [{ field: 'leaveHour', oldValue: 1, newValue: 2 }] })).toEqual([{ field: 'leaveHour', oldValue: 1, newValue: 2 }]);
    expect(changesOf({ ...base, action: 'CREATE', new_record: { leaveHour: 4, description: 'x' } })).toEqual([
      { field: 'leaveHour', oldValue: null, newValue: 4 },
      { field: 'description', oldValue: null, newValue: 'x' },
    ]);
    expect(changesOf(base)).toEqual([]);
  });
});

describe('field formats', () => {
  it('writes hours with 2 decimals, as the list does (issue 7 §8: history showed 8 and 12.5 against 8.00)', () => {
    const formats = { leaveHour: hoursHistoryValue };
    expect(formatHistoryField('leaveHour', 8, formats)).toBe('8.00');
    expect(formatHistoryField('leaveHour', 12.5, formats)).toBe('12.50');
    expect(formatHistoryField('leaveHour', '12.5', formats)).toBe('12.50');
    expect(formatHistoryField('leaveHour', null, formats)).toBe('(empty)');
    expect(formatHistoryField('description', 'x', formats)).toBe('x');
  });

  it('names what the system did by itself in the language on screen, a person as stored', async () => {
    const system = (name: string) => ({ name, username: 'system' });
    expect(historyAuthorName(system('Schedule switch'))).toBe('Schedule switch (automatic)');
    expect(historyAuthorName(system('Approval flow "Short OT"'))).toBe('Approval flow “Short OT” (automatic)');
    // A person whose name reads like one is still a person; an unknown system name shows as stored.
    expect(historyAuthorName({ name: 'OT pay', username: 'otpay' })).toBe('OT pay');
    expect(historyAuthorName(system('Nightly import'))).toBe('Nightly import');
    expect(historyAuthorName({ name: null, username: 'hr' })).toBe('hr');
    await setLanguage('vi');
    try {
      expect(historyAuthorName(system('OT pay'))).toBe('Tự động tính tiền làm thêm giờ');
      expect(historyAuthorName(system('Schedule switch'))).toBe('Tự động chuyển lịch làm việc');
      expect(historyAuthorName(system('Approval flow "OT ngắn"'))).toBe('Quy trình duyệt “OT ngắn” (tự động)');
    } finally {
      await setLanguage('en');
    }
  });
});
