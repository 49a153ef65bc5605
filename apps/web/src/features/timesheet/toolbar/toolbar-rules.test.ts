import { describe, expect, it } from 'vitest';
import { TIMESHEET_EXPORT_MESSAGES } from '@tms/contracts/timesheet-export';
import { TIMESHEET_REVIEW_MESSAGES } from '@tms/contracts/timesheet-review';
import { timesheetTexts } from '../i18n/index.ts';
import { exportFallbackName, exportSuccessText, TOOLBAR_ACTIONS, toolbarState, zipDisabledReason, type ToolbarAction } from './toolbar-rules.ts';

const period = { to_date: '2026-11-25' };
const shown = (roles: string[], status = 0, today: string | null = '2026-11-26') => {
  const state = toolbarState(roles, { ...period, status }, today);
  return TOOLBAR_ACTIONS.filter((a) => state[a].shown);
};

describe('toolbarState: roles (spec 001 §2.2 menu rules, §6)', () => {
  const common: ToolbarAction[] = ['export', 'import', 'sendEmail', 'calculate', 'calculateAll'];

  it.each<[string, ToolbarAction[]]>([
    ['HR', [...common, 'updateSchedule', 'comments', 'requestReview']],
    ['ADMIN', [...common, 'updateSchedule', 'comments', 'requestReview']],
    ['HRM', [...common, 'requestReview']],
    ['STAFF', []],
    ['GROUP_LEAD', []],
    ['DULEAD', []],
    ['GUEST', []],
  ])('%s in Draft sees %j', (role, actions) => {
    expect(shown([role])).toEqual(actions);
  });

  it('approve and reject are HR only, in Pending approval', () => {
    expect(shown(['HR'], 3)).toEqual(expect.arrayContaining(['approve', 'reject']));
    for (const role of ['ADMIN', 'HRM']) {
      expect(shown([role], 3)).not.toContain('approve');
      expect(shown([role], 3)).not.toContain('reject');
    }
  });

  it('several roles add up', () => {
    expect(shown(['HRM', 'ADMIN'], 3)).toEqual(['export', 'import', 'sendEmail', 'calculate', 'calculateAll', 'updateSchedule', 'comments']);
  });
});

describe('toolbarState: status (RULES.md §4)', () => {
  it.each([
    [0, { requestReview: true, approve: false, reject: false }],
    [1, { requestReview: false, approve: false, reject: false }],
    [2, { requestReview: true, approve: false, reject: false }],
    [3, { requestReview: false, approve: true, reject: true }],
    [4, { requestReview: false, approve: false, reject: true }],
  ])('status %i → %j', (status, expected) => {
    const state = toolbarState(['HR'], { ...period, status }, '2026-11-26');
    expect({ requestReview: state.requestReview.shown, approve: state.approve.shown, reject: state.reject.shown }).toEqual(expected);
  });

  it('request review waits for the period end to pass (server today after to_date)', () => {
    expect(toolbarState(['HR'], { ...period, status: 0 }, '2026-11-25').requestReview).toEqual({
      shown: true,
      disabledReason: TIMESHEET_REVIEW_MESSAGES.periodNotEnded,
    });
    expect(toolbarState(['HR'], { ...period, status: 2 }, '2026-11-20').requestReview.disabledReason).toBe(TIMESHEET_REVIEW_MESSAGES.periodNotEnded);
    expect(toolbarState(['HR'], { ...period, status: 2 }, '2026-11-26').requestReview).toEqual({ shown: true });
    expect(toolbarState(['HR'], { ...period, status: 0 }, null).requestReview.disabledReason).toBe(timesheetTexts.t('toolbar.loading'));
  });

  it('other buttons do not depend on status', () => {
    for (const status of [0, 1, 2, 3, 4]) {
      expect(shown(['HRM'], status)).toEqual(expect.arrayContaining(['export', 'import', 'sendEmail', 'calculate', 'calculateAll']));
    }
  });
});

describe('zipDisabledReason', () => {
  it('needs ticked rows', () => {
    expect(zipDisabledReason([])).toBe(TIMESHEET_EXPORT_MESSAGES.employeeRequired);
    expect(zipDisabledReason([7])).toBeUndefined();
  });
});

describe('exports (spec 001 §7.1, §8)', () => {
  it('toasts the detail text for the detail and the zip, the list text for the list', () => {
    expect(exportSuccessText('rule')).toBe('Timesheet is exported successfully!');
    expect(exportSuccessText('rule2')).toBe('Timesheet detail is exported successfully!');
    expect(exportSuccessText('zip')).toBe('Timesheet detail is exported successfully!');
  });

  it('saves the detail under its own name, not the list’s', () => {
    expect(exportFallbackName('rule', '2026-11-25')).toBe('Timesheet_List_T11-2026.xlsx');
    expect(exportFallbackName('rule2', '2026-11-25')).toBe('Timesheet_List_Detail_T11-2026.xlsx');
    expect(exportFallbackName('zip', '2026-11-25')).toBe('Timesheet_Detail_T11-2026.zip');
  });
});
