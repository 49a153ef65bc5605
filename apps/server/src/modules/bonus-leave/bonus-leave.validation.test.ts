import { describe, expect, it } from 'vitest';
import { BONUS_LEAVE_MESSAGES as M } from '@tms/contracts/bonus-leave';
import { fundRowBalance } from '../leave/allocation.ts';
import { checkGrant, checkStaff, normalizeUsernames, rowActions, type GrantContext, type GrantFields } from './bonus-leave.validation.ts';
import { dateCell } from '../../lib/import-cells.ts';
import { importRowToInput, missingColumns } from './bonus-leave.import.ts';

const today = '2026-11-21';
const ctx: GrantContext = { today, lockDate: '2026-10-25' };
const good: GrantFields = { leaveHour: 8, applyDate: '01/12/2026', expireDate: '31/12/2026', description: 'Release bonus' };

describe('checkGrant: the bonus leave form rules (spec 000 §5)', () => {
  it.each<[string, Partial<GrantFields>, string[]]>([
    ['leave hour missing', { leaveHour: undefined }, [M.leaveHourRequired]],
    ['leave hour null', { leaveHour: null }, [M.leaveHourRequired]],
    ['leave hour blank text', { leaveHour: '  ' }, [M.leaveHourRequired]],
    ['leave hour not a number', { leaveHour: 'abc' }, [M.leaveHourInvalid]],
    ['leave hour a boolean', { leaveHour: true }, [M.leaveHourInvalid]],
    ['leave hour NaN', { leaveHour: Number.NaN }, [M.leaveHourInvalid]],
    ['leave hour 0', { leaveHour: 0 }, [M.leaveHourRange]],
    ['leave hour negative', { leaveHour: '-1' }, [M.leaveHourRange]],
    ['leave hour above 200', { leaveHour: 200.01 }, [M.leaveHourRange]],
    ['leave hour with 3 decimals', { leaveHour: 1.005 }, [M.leaveHourDecimals]],
    ['leave hour text with 3 decimals', { leaveHour: '0.125' }, [M.leaveHourDecimals]],
    ['leave hour tiny', { leaveHour: 1e-7 }, [M.leaveHourDecimals]],
    ['apply date missing', { applyDate: '' }, [M.applyDateRequired]],
    ['expire date missing', { expireDate: null }, [M.expireDateRequired]],
    ['apply date not a date', { applyDate: '2026-12-01' }, [M.invalidDate]],
    ['expire date not a calendar date', { expireDate: '31/02/2027' }, [M.invalidDate]],
    ['both dates invalid: one message', { applyDate: 'x', expireDate: 'y' }, [M.invalidDate]],
    ['apply after expire', { applyDate: '02/01/2027', expireDate: '01/01/2027' }, [M.applyAfterExpire]],
    ['apply on the lock date', { applyDate: '25/10/2026' }, [M.applyDateLocked('25/10/2026')]],
    ['apply before the lock date', { applyDate: '01/10/2026' }, [M.applyDateLocked('25/10/2026')]],
    ['expire before today', { applyDate: '20/11/2026', expireDate: '20/11/2026' }, [M.expireBeforeToday]],
    ['description over 1000', { description: 'x'.repeat(1001) }, [M.descriptionTooLong]],
    [
      'every rule at once, in the form order',
      { leaveHour: 500, applyDate: '01/10/2026', expireDate: '01/09/2026', description: 'x'.repeat(1001) },
      [M.leaveHourRange, M.applyAfterExpire, M.applyDateLocked('25/10/2026'), M.expireBeforeToday, M.descriptionTooLong],
    ],
  ])('%s', (_name, patch, messages) => {
    expect(checkGrant({ ...good, ...patch }, ctx)).toEqual({ ok: false, messages });
  });

  it.each<[string, Partial<GrantFields>, number]>([
    ['a number', { leaveHour: 8 }, 8],
    ['text', { leaveHour: ' 7.5 ' }, 7.5],
    ['the upper bound', { leaveHour: 200 }, 200],
    ['two decimals', { leaveHour: 0.01 }, 0.01],
    ['trailing zeros in text', { leaveHour: '1.500' }, 1.5],
  ])('accepts leave hour as %s', (_name, patch, hours) => {
    const result = checkGrant({ ...good, ...patch }, ctx);
    expect(result).toMatchObject({ ok: true, value: { leaveHour: hours } });
  });

  it('answers the parsed grant: ISO dates, empty description as null', () => {
    expect(checkGrant({ ...good, description: '' }, ctx)).toEqual({
      ok: true,
      value: { leaveHour: 8, applyDate: '2026-12-01', expireDate: '2026-12-31', description: null },
    });
  });

  it('allows apply date = expire date = today, the day after the lock date, 1000 characters', () => {
    expect(checkGrant({ ...good, applyDate: '26/10/2026', expireDate: '26/10/2026' }, { today: '2026-10-26', lockDate: '2026-10-25' }).ok).toBe(true);
    expect(checkGrant({ ...good, description: 'x'.repeat(1000) }, ctx).ok).toBe(true);
    expect(checkGrant({ ...good, applyDate: '01/01/2020' }, { today: '2019-12-01', lockDate: null }).ok).toBe(true);
  });

  describe('editing an existing row', () => {
    const open = { applyDate: '2026-12-01', leaveHour: 8, usedHours: 3 };
    const locked = { applyDate: '2026-10-20', leaveHour: 8, usedHours: 3 };
    it.each<[string, GrantContext['current'], Partial<GrantFields>, string[] | 'ok']>([
      ['hours below those used', open, { leaveHour: 2.5 }, [M.leaveHourBelowUsed('3.00')]],
      ['hours equal to those used', open, { leaveHour: 3 }, 'ok'],
      ['locked row: same apply date and hours, new expiry and description', locked, { applyDate: '20/10/2026', expireDate: '31/01/2027', description: 'n' }, 'ok'],
      ['locked row: apply date changed', locked, { applyDate: '21/10/2026' }, [M.lockedApplyDate]],
      ['locked row: hours changed', locked, { applyDate: '20/10/2026', leaveHour: 9 }, [M.lockedLeaveHour]],
      ['open row: new apply date on the lock date', open, { applyDate: '25/10/2026' }, [M.applyDateLocked('25/10/2026')]],
    ])('%s', (_name, current, patch, expected) => {
      const result = checkGrant({ ...good, ...patch }, { ...ctx, current });
      if (expected === 'ok') expect(result.ok).toBe(true);
      else expect(result).toEqual({ ok: false, messages: expected });
    });
  });
});

describe('staff', () => {
  it('trims, drops blanks and collapses duplicates case-insensitively', () => {
    expect(normalizeUsernames([' staff ', 'Staff', '', 'gl', 'STAFF'])).toEqual(['staff', 'gl']);
    expect(normalizeUsernames(undefined)).toEqual([]);
  });
  it.each<[string[], string[]]>([
    [[], [M.staffRequired]],
    [['staff', 'Nobody', 'gl'], [M.staffNotFound('Nobody')]],
    [['STAFF'], []],
  ])('checkStaff(%j)', (usernames, messages) => {
    expect(checkStaff(usernames, new Set(['staff', 'gl']))).toEqual(messages);
  });
});

describe('fund row balance (RULES.md §7) and row actions (spec 000 §4)', () => {
  it.each([
    ['unused, not expired', { granted: 8, used: 0, expireDate: today }, { usedHours: 0, remainHours: 8, expiredHours: 0, isExpired: false }],
    ['partly used', { granted: 8, used: 2.5, expireDate: '2027-01-01' }, { usedHours: 2.5, remainHours: 5.5, expiredHours: 0, isExpired: false }],
    ['expired yesterday', { granted: 8, used: 2.5, expireDate: '2026-11-20' }, { usedHours: 2.5, remainHours: 0, expiredHours: 5.5, isExpired: true }],
    ['float noise rounded', { granted: 8.3, used: 0.1, expireDate: today }, { usedHours: 0.1, remainHours: 8.2, expiredHours: 0, isExpired: false }],
  ])('%s', (_name, totals, balance) => {
    expect(fundRowBalance(totals, today)).toEqual(balance);
  });

  it.each([
    ['writer, unused, open', { used: 0, expire: today, apply: '2026-11-01' }, true, { canEdit: true, canRemove: true }],
    ['writer, used', { used: 1, expire: today, apply: '2026-11-01' }, true, { canEdit: true, canRemove: false }],
    ['writer, expired', { used: 0, expire: '2026-11-20', apply: '2026-11-01' }, true, { canEdit: false, canRemove: false }],
    ['writer, applied on the lock date', { used: 0, expire: today, apply: '2026-10-25' }, true, { canEdit: true, canRemove: false }],
    ['reader (DL, GL)', { used: 0, expire: today, apply: '2026-11-01' }, false, { canEdit: false, canRemove: false }],
  ])('%s', (_name, row, mayWrite, actions) => {
    const balance = fundRowBalance({ granted: 8, used: row.used, expireDate: row.expire }, today);
    expect(rowActions({ balance, applyDate: row.apply }, { lockDate: '2026-10-25', mayWrite })).toEqual(actions);
  });
});

describe('import rows', () => {
  it('reads date cells given as Dates (UTC midnight) or DD/MM/YYYY text', () => {
    expect(dateCell(new Date(Date.UTC(2026, 11, 1)))).toBe('01/12/2026');
    expect(dateCell(' 01/12/2026 ')).toBe('01/12/2026');
    expect(dateCell(null)).toBeNull();
    expect(dateCell(46000)).toBe(46000);
  });
  it('maps a sheet row to the form fields', () => {
    const row = {
      rowNumber: 2,
      values: { Username: 'staff', 'Leave Hour': '4.5', Description: null, 'Apply Date (DD/MM/YYYY)': new Date(Date.UTC(2026, 11, 1)), 'Expire Date (DD/MM/YYYY)': '31/12/2026' },
    };
    expect(importRowToInput(row)).toEqual({
      username: 'staff',
      fields: { leaveHour: '4.5', description: null, applyDate: '01/12/2026', expireDate: '31/12/2026' },
    });
    expect(importRowToInput({ rowNumber: 3, values: { Username: 1234 } }).username).toBe('1234');
  });
  it('names the template columns a file lacks', () => {
    expect(missingColumns(['Username', 'leave hour', 'Description', 'Apply Date (DD/MM/YYYY)'])).toEqual([M.importMissingColumn('Expire Date (DD/MM/YYYY)')]);
  });
});
