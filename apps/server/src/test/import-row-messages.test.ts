import { describe, expect, it } from 'vitest';
import { checkPolicyDates, checkPolicyFields, ruleTypeMismatch } from '@tms/contracts/policies';
import { LABEL_PARAMS } from '@tms/contracts/message-format';
import { describeMessage, localizeText } from '@tms/contracts/i18n/server-messages';
import { SERVER_MESSAGE_LABELS_VI } from '@tms/contracts/i18n/server-messages.vi';
import { checkGrant as checkBonusGrant } from '../modules/bonus-leave/bonus-leave.validation.ts';
import { checkRow, localInstants } from '../modules/check-in-out/timesheet-import.validation.ts';
import { checkCarryover } from '../modules/leave-carryover/leave-carryover.validation.ts';
import { checkGrant as checkProjectGrant } from '../modules/project-leave/project-leave.validation.ts';
import { checkSpecial } from '../modules/special-explanations/special-explanations.validation.ts';

/**
 * Issue 25: an import's error report is written in the importer's language from the row messages' keys
 * (lib/xlsx.ts sendImportErrorReport). Every message an importer's row check can give must therefore be a
 * registered message with a Vietnamese text, and a label it names must have its Vietnamese too. The row checks
 * that need no database are walked here with hostile cells; the database checks use their tables' messages.
 */

const TODAY = '2026-11-23';
const LOCK = '2026-10-25';

/** Cell values an upload may hold: empty, wrong type, out of range, malformed and locked or past dates. */
const CELLS: unknown[] = [undefined, null, '', '   ', 'abc', -1, 0, 0.3, 1.25, 99_999, 'NaN', '1e9', true, '31/02/2026', '2026-11-23', '01/10/2026', '01/01/2020', '24/11/2026', '31/12/2026', 'x'.repeat(5_000)];

function expectLocalized(messages: Iterable<string>) {
  const seen = new Set(messages);
  expect(seen.size).toBeGreaterThan(0);
  for (const message of seen) {
    const ref = describeMessage(message);
    expect(ref, `no key for "${message}"`).not.toBeNull();
    expect(localizeText(message, 'vi'), `no Vietnamese for ${ref!.key}`).not.toBe(message);
    for (const [name, value] of Object.entries(ref!.params)) {
      if (LABEL_PARAMS.has(name)) expect(SERVER_MESSAGE_LABELS_VI[value], `no Vietnamese label "${value}" (${ref!.key})`).toBeDefined();
    }
  }
}

const each = <T>(make: (value: unknown, i: number) => T): T[] => CELLS.map(make);

describe('every row message of an import has a key and Vietnamese', () => {
  it('Bonus Leave', () => {
    const ctx = { today: TODAY, lockDate: LOCK };
    expectLocalized(each((v, i) => checkBonusGrant({ leaveHour: v, applyDate: CELLS[(i + 3) % CELLS.length], expireDate: v, description: v }, ctx)).flatMap((c) => (c.ok ? [] : c.messages)));
  });

  it('Leave Carryover', () => {
    const ctx = { today: TODAY, lockDate: LOCK, financialYear: 2025, cap: 16 };
    expectLocalized(each((v, i) => checkCarryover({ financialYear: v, leaveHours: v, applyDate: CELLS[(i + 5) % CELLS.length], expireDate: v, description: v }, ctx)).flatMap((c) => (c.ok ? [] : c.messages)));
  });

  it('Project Leave', () => {
    const ctx = { today: TODAY, lockDate: LOCK };
    expectLocalized(each((v, i) => checkProjectGrant({ leaveDay: v, applyDate: CELLS[(i + 7) % CELLS.length], expireDate: v }, ctx)).flatMap((c) => (c.ok ? [] : c.messages)));
  });

  it('Special Explanation', () => {
    const ctx = { lockDate: LOCK, reasons: new Map([['SPECIAL_1', 'SPECIAL']]) };
    expectLocalized(each((v) => checkSpecial({ requestReason: v, type: v, description: v, date: v, time: v }, ctx)).flatMap((c) => (c.ok ? [] : c.messages)));
  });

  it('Timesheet import', () => {
    const ctx = { today: TODAY, lockDate: LOCK, nowMs: Date.parse('2026-11-23T10:00:00+07:00'), instantOf: localInstants('Asia/Ho_Chi_Minh') };
    const cell = (v: unknown) => (v === undefined ? null : (v as string | number | boolean | null));
    expectLocalized(each((v, i) => checkRow({ system: cell(v), account: cell(v), date: cell(CELLS[(i + 2) % CELLS.length]), checkIn: cell(v), checkOut: cell(v) }, ctx)).flatMap((c) => c.messages));
  });

  it('Staff Policy and Department Policy', () => {
    const fields = each((v) =>
      checkPolicyFields({
        work_schedule_code: v,
        rule_type: v,
        explanation_number: v,
        refund_hours_per_explanation: v,
        explanation_time_per_days: v,
        lack_of_time_allowed: v,
        ot_type: v,
        url_policy: v,
        apply_date: v,
        expire_date: v,
      }),
    ).flat();
    const dates = [...checkPolicyDates('2026-10-01', '2026-09-01', { lockDate: LOCK, today: TODAY }), ...checkPolicyDates('2026-12-01', '2026-11-01', { lockDate: LOCK, today: TODAY })];
    const mismatch = [ruleTypeMismatch('HOUR', { work_schedule_code: 'HCM', work_schedule_type: 'HCM' }), ruleTypeMismatch('DAY', { work_schedule_code: 'FLEX', work_schedule_type: 'FLEXIBLE' })];
    expectLocalized([...fields, ...dates, ...mismatch.filter((m): m is string => m !== null)]);
  });
});
