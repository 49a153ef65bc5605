import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@tms/contracts/language';
import { NOTIFICATION_TEXTS, renderNotificationText, textDate, textNumber, type NotificationText } from '@tms/contracts/notification-texts';

/** Issue 25: every notification text of the catalogue, in both languages (docs/glossary.md). */
const ITEM = { id: 42, title: 'Go-live weekend' };
const PERIOD = { period: 'T11-2026', from: '2026-10-26', to: '2026-11-25', by: 'Hoa Human' };
const SAMPLES: NotificationText[] = [
  { key: 'requestAssigned', params: { id: 42, name: 'Son Staff' } },
  { key: 'requestReassigned', params: { id: 42 } },
  { key: 'requestStepAssigned', params: { id: 42, name: 'Sơn', step: 2, count: 3 } },
  { key: 'requestDecided', params: { id: 42, decision: 'approved' } },
  { key: 'requestDecided', params: { id: 42, decision: 'rejected' } },
  { key: 'explanationAssigned', params: { name: 'Son Staff', date: '2026-11-20' } },
  { key: 'explanationDecided', params: { date: '2026-11-20', decision: 'rejected' } },
  { key: 'onsiteAssigned', params: { ...ITEM, name: 'Son Staff' } },
  { key: 'onsiteReassigned', params: ITEM },
  { key: 'onsiteDecided', params: { ...ITEM, stage: 'department', decision: 'approved' } },
  { key: 'onsiteDecided', params: { ...ITEM, stage: 'cb', decision: 'rejected' } },
  { key: 'onsiteAwaitsCb', params: ITEM },
  { key: 'onsiteWithdrawn', params: ITEM },
  { key: 'overtimeCreated', params: { ...ITEM, name: 'Son Staff' } },
  { key: 'overtimeAssigned', params: ITEM },
  { key: 'overtimeDecided', params: { ...ITEM, name: 'Giang Group', decision: 'approved' } },
  { key: 'overtimeWithdrawn', params: ITEM },
  { key: 'overtimeAwaitsApproval', params: ITEM },
  { key: 'overtimeStageDecided', params: { ...ITEM, stage: 'pm', decision: 'approved' } },
  { key: 'overtimeStageDecided', params: { ...ITEM, stage: 'manager', decision: 'rejected' } },
  { key: 'overtimePayConfirmed', params: ITEM },
  { key: 'overtimeCancelled', params: ITEM },
  { key: 'overtimeComment', params: { name: 'Giang Group', title: ITEM.title } },
  { key: 'timesheetSentForReview', params: PERIOD },
  { key: 'timesheetApproved', params: PERIOD },
  { key: 'timesheetRejected', params: { ...PERIOD, status: 3, comment: 'Missing days' } },
  { key: 'workingDayCalculated', params: { date: '2026-11-20', allEmployees: true, employees: 0, days: 1500, changedDays: 2 } },
  { key: 'salaryRecalculated', params: { requests: 1, lines: 2 } },
  { key: 'backupFailed', params: { verification: true } },
  { key: 'backupFailed', params: { verification: false } },
  { key: 'reminderApprovals', params: { count: 3, days: 2, oldestDate: '2026-11-27', oldestTitle: 'Leave', oldestName: 'Son Staff' } },
  { key: 'reminderExplanation', params: { count: 2, firstDate: '2026-11-10', deadline: '2026-12-03', hour: '12:00' } },
  { key: 'reminderCheckOut', params: { dates: ['2026-12-04', '2026-12-05'] } },
  { key: 'reminderPeriod', params: { count: 1, oldest: 'T11-2026', oldestTo: '2026-11-25' } },
];
const fallback = { title: 'stored', body: 'typed by someone' };

describe('notification texts', () => {
  it('has a sample here for every key', () => {
    expect(new Set(SAMPLES.map((s) => s.key))).toEqual(new Set(Object.keys(NOTIFICATION_TEXTS)));
  });

  it.each(SAMPLES.map((s) => [`${s.key} ${JSON.stringify(s.params)}`, s] as const))('%s renders in both languages, each its own', (_name, sample) => {
    const [en, vi] = LANGUAGES.map((language) => renderNotificationText(sample, language, fallback));
    for (const text of [en!, vi!]) {
      expect(`${text.title} ${text.body}`).not.toMatch(/undefined|null|NaN|\[object/);
      expect(text.title).not.toBe('stored');
    }
    expect(vi!.title).not.toBe(en!.title);
    // Vietnamese is written with its diacritics.
    expect(`${vi!.title} ${vi!.body}`).toMatch(/[ăâđêôơưáàảãạéèẻẽẹíìỉĩịóòỏõọúùủũụýỳỷỹỵ]/i);
  });

  it('keeps the spec’s English titles and a typed body as it is', () => {
    expect(renderNotificationText({ key: 'timesheetSentForReview', params: PERIOD }, 'en', fallback)).toEqual({
      title: 'A timesheet was sent for review',
      body: 'Timesheet T11-2026 (26/10/2026 - 25/11/2026) was sent for review by Hoa Human',
    });
    expect(renderNotificationText({ key: 'requestDecided', params: { id: 42, decision: 'rejected' } }, 'vi', fallback)).toEqual({
      title: 'Yêu cầu #42 của bạn đã bị từ chối',
      body: 'typed by someone',
    });
  });

  it('falls back to the stored text without a known key or with parameters that are not an object', () => {
    expect(renderNotificationText({ key: null, params: null }, 'vi', fallback)).toEqual(fallback);
    expect(renderNotificationText({ key: 'gone', params: {} }, 'vi', fallback)).toEqual(fallback);
    expect(renderNotificationText({ key: 'requestReassigned', params: 'x' }, 'vi', fallback)).toEqual(fallback);
    expect(renderNotificationText({ key: 'toString', params: {} }, 'vi', fallback)).toEqual(fallback);
  });

  it('writes dates DD/MM/YYYY and Vietnamese numbers with a decimal comma and a grouping dot', () => {
    expect(textDate('2026-03-09')).toBe('09/03/2026');
    expect([textNumber('en', 4.5), textNumber('en', 4.5, 2), textNumber('en', 1234.5)]).toEqual(['4.5', '4.50', '1234.5']);
    expect([textNumber('vi', 4.5), textNumber('vi', 4.5, 2), textNumber('vi', 1234.5)]).toEqual(['4,5', '4,50', '1.234,5']);
  });
});
