import { describe, expect, it } from 'vitest';
import { localizeMessage } from '@tms/contracts/i18n/server-messages';
import { LEAVE_CARRYOVER_MESSAGES as M, checkCarryoverHours, formatCapHours } from '@tms/contracts/leave-carryover';
import { checkCarryover, normalizeUsernames, rowFlags, type CarryoverContext } from './leave-carryover.validation.ts';

/** Pure rules of the carryover form (spec 000 §4, §5) with explicit dates: no clock is read. */

const ctx: CarryoverContext = { today: '2027-03-10', lockDate: '2027-02-25', financialYear: 2026, cap: 20 };
const form = (over: Record<string, unknown> = {}) => ({
  financialYear: 2026,
  leaveHours: 8,
  applyDate: '11/03/2027',
  expireDate: '30/06/2027',
  description: 'carried',
  ...over,
});
const firstMessage = (over: Record<string, unknown>, c: CarryoverContext = ctx) => {
  const checked = checkCarryover(form(over), c);
  return checked.ok ? null : checked.messages[0];
};

describe('leave hours (spec 000 §5)', () => {
  it.each<[unknown, number | null, number | string]>([
    [null, 20, M.leaveHoursRequired],
    [' ', 20, M.leaveHoursRequired],
    ['abc', 20, M.leaveHoursInvalid],
    [true, 20, M.leaveHoursInvalid],
    [0, 20, M.leaveHoursRange('20')],
    [-1, 20, M.leaveHoursRange('20')],
    [20.5, 20, M.leaveHoursRange('20')],
    [13, 12.75, M.leaveHoursRange('12.75')],
    [1.25, 20, M.leaveHoursStep],
    [0.5, 20, 0.5],
    ['2.5', 20, 2.5],
    [20, 20, 20],
    [1, 0, M.leaveHoursRange('0')],
    [0, null, M.leaveHoursInvalid],
    [500, null, 500],
  ])('%s with cap %s → %s', (value, cap, expected) => {
    const checked = checkCarryoverHours(value, cap);
    if (typeof checked === 'number') return expect(checked).toBe(expected);
    expect(checked.text).toBe(expected);
    // The key and parameters the web translates name the same message as the text the server sends.
    expect(localizeMessage(checked.key, checked.params, 'en')).toBe(checked.text);
  });

  it('names the cap with up to 2 decimals, as the form shows it', () => {
    expect(formatCapHours(16)).toBe('16');
    expect(formatCapHours(12.5)).toBe('12.5');
    expect(formatCapHours(7.3333)).toBe('7.33');
    expect(M.leaveHoursRange(formatCapHours(7.3333))).toBe('Leave hour(s) must be between 0 and 7.33');
    expect(M.remaining(7.3333)).toBe('Remaining: 7.33 hours');
  });
});

describe('the form', () => {
  it('accepts a valid carryover', () => {
    expect(checkCarryover(form(), ctx)).toEqual({
      ok: true,
      value: { financialYear: 2026, leaveHours: 8, applyDate: '2027-03-11', expireDate: '2027-06-30', description: 'carried' },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['financial year missing', { financialYear: null }, M.financialYearRequired],
    ['another financial year', { financialYear: 2025 }, M.financialYearMismatch(2026)],
    ['financial year as text', { financialYear: '2026' }, ''],
    ['apply date missing', { applyDate: '' }, M.applyDateRequired],
    ['expire date missing', { expireDate: null }, M.expireDateRequired],
    ['apply date not a date', { applyDate: '2027-03-11' }, M.invalidDate],
    ['apply after expire', { applyDate: '01/07/2027' }, M.applyAfterExpire],
    ['apply on the lock date', { applyDate: '25/02/2027' }, M.applyDateLocked('25/02/2027')],
    ['expire before today', { applyDate: '26/02/2027', expireDate: '09/03/2027' }, M.expireBeforeToday],
    ['note over 1000', { description: 'x'.repeat(1001) }, M.descriptionTooLong],
  ])('%s', (_name, over, message) => {
    expect(firstMessage(over)).toBe(message || null);
  });

  it('accepts the day after the lock date, expiry today, and a note of exactly 1000', () => {
    expect(firstMessage({ applyDate: '26/02/2027', expireDate: '10/03/2027', description: 'x'.repeat(1000) })).toBeNull();
  });

  it('lists every failing rule in order', () => {
    const checked = checkCarryover({ financialYear: null, leaveHours: 0, applyDate: '', expireDate: '', description: 'x'.repeat(1001) }, ctx);
    expect(checked).toEqual({
      ok: false,
      messages: [M.financialYearRequired, M.leaveHoursRange('20'), M.applyDateRequired, M.expireDateRequired, M.descriptionTooLong],
    });
  });

  it('on edit: own hours stay allowed, not below used, locked apply date and hours unchanged', () => {
    const current = { applyDate: '2027-03-01', leaveHours: 8, usedHours: 3, applyDateLocked: true, leaveHoursLocked: false };
    const edit: CarryoverContext = { ...ctx, cap: 4, current };
    expect(firstMessage({ applyDate: '01/03/2027', leaveHours: 8 }, edit)).toBeNull();
    expect(firstMessage({ applyDate: '01/03/2027', leaveHours: 8.5 }, edit)).toBe(M.leaveHoursRange('8'));
    expect(firstMessage({ applyDate: '01/03/2027', leaveHours: 2.5 }, edit)).toBe(M.leaveHoursBelowUsed('3.00'));
    expect(firstMessage({ applyDate: '02/03/2027' }, edit)).toBe(M.lockedApplyDate);
    const locked: CarryoverContext = { ...ctx, cap: 10, current: { ...current, leaveHoursLocked: true } };
    expect(firstMessage({ applyDate: '01/03/2027', leaveHours: 9 }, locked)).toBe(M.lockedLeaveHours);
  });

  it('collapses user names case-insensitively across username and usernames', () => {
    expect(normalizeUsernames(['staff'], ['STAFF', ' staff2 ', '', null])).toEqual(['staff', 'staff2']);
  });
});

describe('row flags (spec 000 §4)', () => {
  const balance = (usedHours: number, isExpired = false) => ({ usedHours, remainHours: 0, expiredHours: 0, isExpired });
  const limits = { today: '2027-03-10', lockDate: '2027-02-25', mayWrite: true };

  it('edit while not expired; remove while unused, not expired and not in an approved period', () => {
    expect(rowFlags({ balance: balance(0), applyDate: '2027-03-11' }, limits)).toEqual({ canEdit: true, canRemove: true, applyDateLocked: false, leaveHoursLocked: false });
    expect(rowFlags({ balance: balance(1), applyDate: '2027-03-11' }, limits)).toMatchObject({ canEdit: true, canRemove: false, applyDateLocked: false });
    expect(rowFlags({ balance: balance(0, true), applyDate: '2027-03-01' }, limits)).toMatchObject({ canEdit: false, canRemove: false });
    expect(rowFlags({ balance: balance(0), applyDate: '2027-02-25' }, limits)).toEqual({ canEdit: true, canRemove: false, applyDateLocked: true, leaveHoursLocked: true });
  });

  it('locks the apply date when it is today or earlier and hours were used', () => {
    expect(rowFlags({ balance: balance(2), applyDate: '2027-03-10' }, limits).applyDateLocked).toBe(true);
    expect(rowFlags({ balance: balance(0), applyDate: '2027-03-10' }, limits).applyDateLocked).toBe(false);
  });

  it('gives leads no action', () => {
    expect(rowFlags({ balance: balance(0), applyDate: '2027-03-11' }, { ...limits, mayWrite: false })).toMatchObject({ canEdit: false, canRemove: false });
  });
});
