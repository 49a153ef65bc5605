import { describe, expect, it } from 'vitest';
import { pickTimesheetTab, visibleTimesheetTabs } from './timesheet-tabs.ts';

const keysFor = (roles: string[]) => visibleTimesheetTabs(roles).map((t) => t.key);

describe('visibleTimesheetTabs (spec 001 §2.1, §6)', () => {
  it('gives ADMIN, HR and HRM the list first, then My Timesheet', () => {
    for (const role of ['ADMIN', 'HR', 'HRM']) expect(keysFor([role])).toEqual(['timesheet-list', 'my-timesheet']);
    expect(keysFor(['STAFF', 'HR'])).toEqual(['timesheet-list', 'my-timesheet']);
  });

  it('gives everyone else My Timesheet only', () => {
    for (const role of ['STAFF', 'GROUP_LEAD', 'DULEAD']) expect(keysFor([role])).toEqual(['my-timesheet']);
    expect(keysFor([])).toEqual(['my-timesheet']);
  });

  it('labels the tabs as the spec names them', () => {
    expect(visibleTimesheetTabs(['HR']).map((t) => t.title)).toEqual(['Timesheet List', 'My Timesheet']);
  });
});

describe('pickTimesheetTab', () => {
  it('defaults to the list for HR and to My Timesheet for staff', () => {
    expect(pickTimesheetTab(visibleTimesheetTabs(['HR']), undefined)).toBe('timesheet-list');
    expect(pickTimesheetTab(visibleTimesheetTabs(['STAFF']), undefined)).toBe('my-timesheet');
  });

  it('keeps a remembered tab only while it is visible', () => {
    expect(pickTimesheetTab(visibleTimesheetTabs(['HR']), 'my-timesheet')).toBe('my-timesheet');
    expect(pickTimesheetTab(visibleTimesheetTabs(['STAFF']), 'timesheet-list')).toBe('my-timesheet');
    expect(pickTimesheetTab(visibleTimesheetTabs(['HR']), 42)).toBe('timesheet-list');
  });
});
