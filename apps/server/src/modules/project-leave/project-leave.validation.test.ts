import { describe, expect, it } from 'vitest';
import { PROJECT_LEAVE_MESSAGES as M, checkAttachment, checkLeaveDay } from '@tms/contracts/project-leave';
import { checkGrant, normalizeUsernames, projectIdOf, rowActions, rowFigures } from './project-leave.validation.ts';

const ctx = { today: '2026-11-21', lockDate: '2026-10-25' };
const form = (over: Record<string, unknown> = {}) => ({ leaveDay: 2, applyDate: '26/10/2026', expireDate: '21/11/2026', ...over });

describe('checkLeaveDay (spec 000 §5)', () => {
  it.each<[unknown, string]>([
    [null, M.leaveDayRequired],
    ['  ', M.leaveDayRequired],
    ['1,5', M.leaveDayInvalid],
    [true, M.leaveDayInvalid],
    [Number.NaN, M.leaveDayInvalid],
    [0, M.leaveDayRange],
    [31.0001, M.leaveDayRange],
    [0.0005, M.leaveDayDecimals],
    [1.1355, M.leaveDayDecimals],
  ])('%s → %s', (value, message) => expect(checkLeaveDay(value)).toBe(message));
  it.each([0.001, 1.135, '2.5', 31])('%s is valid', (value) => expect(checkLeaveDay(value)).toBe(Number(value)));
});

describe('checkAttachment (spec 000 §5 Attachments)', () => {
  it('checks the extension list, then the 5 MB limit', () => {
    expect(checkAttachment({ name: 'a.PDF', size: 10 })).toBeNull();
    expect(checkAttachment({ name: 'a.exe', size: 10 })).toBe(M.attachWrongFormat);
    expect(checkAttachment({ name: 'noext', size: 10 })).toBe(M.attachWrongFormat);
    expect(checkAttachment({ name: 'a.mp4', size: 5_242_880 })).toBeNull();
    expect(checkAttachment({ name: 'a.mp4', size: 5_242_881 })).toBe(M.attachTooLarge);
  });
});

describe('checkGrant', () => {
  it('accepts the first day after the lock date and an expiry of today', () => {
    expect(checkGrant(form(), ctx)).toEqual({ ok: true, value: { leaveDay: 2, applyDate: '2026-10-26', expireDate: '2026-11-21' } });
  });
  it('refuses the lock date itself, an expiry before today or before the apply date', () => {
    expect(checkGrant(form({ applyDate: '25/10/2026' }), ctx)).toEqual({ ok: false, messages: [M.applyDateLocked('25/10/2026')] });
    expect(checkGrant(form({ expireDate: '20/11/2026' }), ctx)).toEqual({ ok: false, messages: [M.expireBeforeToday] });
    expect(checkGrant(form({ applyDate: '01/12/2026', expireDate: '30/11/2026' }), ctx)).toEqual({ ok: false, messages: [M.applyAfterExpire] });
  });
  it('when editing: not below the used days; a locked row keeps its apply date and days', () => {
    const current = { applyDate: '2026-10-01', leaveDay: 2, usedDays: 1.5 };
    expect(checkGrant(form({ leaveDay: 1, applyDate: '01/10/2026' }), { ...ctx, current })).toEqual({
      ok: false,
      messages: [M.leaveDayBelowUsed('1.5'), M.lockedLeaveDay],
    });
    expect(checkGrant(form({ applyDate: '01/10/2026' }), { ...ctx, current }).ok).toBe(true);
    expect(checkGrant(form({ applyDate: '02/10/2026' }), { ...ctx, current })).toEqual({ ok: false, messages: [M.lockedApplyDate] });
  });
});

describe('helpers', () => {
  it('normalises staff and project ids', () => {
    expect(normalizeUsernames([' a ', 'A', '', 'b'])).toEqual(['a', 'b']);
    expect(projectIdOf('')).toBeNull();
    expect(projectIdOf('12')).toBe(12);
    expect(projectIdOf('x')).toBeNaN();
    expect(projectIdOf(-1)).toBeNaN();
  });
  it('figures in days with 3 decimals, and the row actions of spec 000 §4', () => {
    const open = rowFigures({ granted: 1.135, used: 0.005, expireDate: '2026-11-21' }, '2026-11-21');
    expect(open).toEqual({ used: 0.005, remaining: 1.13, expired: 0, isExpired: false });
    const gone = rowFigures({ granted: 1.135, used: 0.005, expireDate: '2026-11-20' }, '2026-11-21');
    expect(gone).toEqual({ used: 0.005, remaining: 0, expired: 1.13, isExpired: true });
    expect(rowActions({ figures: open, applyDate: '2026-11-01' }, { lockDate: null, mayWrite: true })).toEqual({ canEdit: true, canRemove: false });
    expect(rowActions({ figures: { ...open, used: 0 }, applyDate: '2026-11-01' }, { lockDate: '2026-10-25', mayWrite: true })).toEqual({ canEdit: true, canRemove: true });
    expect(rowActions({ figures: { ...open, used: 0 }, applyDate: '2026-10-25' }, { lockDate: '2026-10-25', mayWrite: true })).toEqual({ canEdit: true, canRemove: false });
    expect(rowActions({ figures: gone, applyDate: '2026-11-01' }, { lockDate: null, mayWrite: true })).toEqual({ canEdit: false, canRemove: false });
    expect(rowActions({ figures: open, applyDate: '2026-11-01' }, { lockDate: null, mayWrite: false })).toEqual({ canEdit: false, canRemove: false });
  });
});
