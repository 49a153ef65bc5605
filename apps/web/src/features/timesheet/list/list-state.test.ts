import { describe, expect, it } from 'vitest';
import { gridListQuerySchema, gridFilterSchema } from '@tms/contracts/timesheet-grid';
import { toSearchParams } from '../../../lib/api-client.ts';
import { defaultListState, EMPTY_FILTER, keepLabels, gridFilterQuery, gridListQuery, MORE_FILTER_FIELDS, moreFiltersInUse, parseListState, sameFilter, toGridFilter, type ListFilterValues } from './list-state.ts';

const full: ListFilterValues = {
  divisions: [1, 2],
  departments: [11],
  employees: [101, 102],
  roles: ['STAFF', 'HR'],
  locations: ['CGLOBALHCM'],
  workScheduleTypes: ['FLEXIBLE'],
  reasonTypes: ['ANN_LEAVE_CORP'],
  abnormalOnly: true,
};

describe('defaultListState (spec 001 §9)', () => {
  it('is page 1, size 20, sorted by name ascending, no filter, no period', () => {
    expect(defaultListState()).toEqual({ periodId: null, filter: EMPTY_FILTER, employeeLabels: {}, page: 1, size: 20, sort: 'name', direction: 1 });
  });
});

describe('parseListState', () => {
  it('restores a stored state', () => {
    const stored = { periodId: 7, filter: full, employeeLabels: { '101': 'An - an' }, page: 3, size: 50, sort: 'total_workday', direction: -1 };
    expect(parseListState(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it('falls back to defaults for anything missing or malformed', () => {
    expect(parseListState(undefined)).toEqual(defaultListState());
    expect(parseListState('x')).toEqual(defaultListState());
    expect(
      parseListState({ periodId: -1, filter: { divisions: ['1', 2, 0, 1.5], roles: [3, 'HR', ''], abnormalOnly: 'yes' }, employeeLabels: { a: 1, b: 'B' }, page: 0, size: 9999, sort: 'salary', direction: 5 }),
    ).toEqual({ ...defaultListState(), filter: { ...EMPTY_FILTER, divisions: [2], roles: ['HR'] }, employeeLabels: { b: 'B' } });
  });
});

describe('toGridFilter → GridFilter (contracts query names)', () => {
  it('leaves out empty parts', () => {
    expect(toGridFilter(EMPTY_FILTER)).toEqual({});
  });

  it('maps each field to its query name', () => {
    expect(toGridFilter(full)).toEqual({
      location: ['CGLOBALHCM'],
      divisions: [1, 2],
      departmentsFilter: [11],
      role: ['STAFF', 'HR'],
      employee: [101, 102],
      workScheduleTypes: ['FLEXIBLE'],
      reason_type: ['ANN_LEAVE_CORP'],
      actionAbnormalCase: true,
    });
  });

  it('round-trips through the query string and the server schema', () => {
    const filter = toGridFilter(full);
    const params = Object.fromEntries(toSearchParams(gridFilterQuery(filter)));
    expect(params).toEqual({
      location: 'CGLOBALHCM',
      divisions: '1,2',
      departmentsFilter: '11',
      role: 'STAFF,HR',
      employee: '101,102',
      workScheduleTypes: 'FLEXIBLE',
      reason_type: 'ANN_LEAVE_CORP',
      actionAbnormalCase: 'true',
    });
    expect(gridFilterSchema.parse(params)).toEqual(filter);
  });

  it('sends no abnormal flag when unticked', () => {
    expect(toSearchParams(gridFilterQuery(toGridFilter({ ...full, abnormalOnly: false }))).has('actionAbnormalCase')).toBe(false);
  });
});

describe('gridListQuery', () => {
  it('carries the period, paging and sort the server schema reads', () => {
    const params = Object.fromEntries(toSearchParams(gridListQuery(7, { page: 2, size: 20, sort: 'name', direction: -1 }, toGridFilter({ ...EMPTY_FILTER, employees: [5] }))));
    expect(params).toEqual({ timesheetId: '7', page: '2', size: '20', sort: 'name', direction: '-1', employee: '5' });
    expect(gridListQuerySchema.parse(params)).toMatchObject({ timesheetId: 7, page: 2, size: 20, sort: 'name', direction: -1, employee: [5] });
  });
});

describe('sameFilter', () => {
  it('ignores the order of chosen items', () => {
    expect(sameFilter(full, { ...full, divisions: [2, 1] })).toBe(true);
    expect(sameFilter(full, { ...full, abnormalOnly: false })).toBe(false);
    expect(sameFilter(full, { ...full, roles: ['HR'] })).toBe(false);
    expect(sameFilter(EMPTY_FILTER, { ...EMPTY_FILTER })).toBe(true);
  });
});

describe('keepLabels', () => {
  it('keeps the labels of the chosen staff only', () => {
    expect(keepLabels([1, 3], { '1': 'An - an', '2': 'Binh - binh' })).toEqual({ '1': 'An - an' });
    expect(keepLabels([], { '1': 'An - an' })).toEqual({});
  });
});

describe('More filters (issue 26 §12)', () => {
  it('keeps division, department and staff on the first line and counts the other filters in use', () => {
    expect(MORE_FILTER_FIELDS).toEqual(['roles', 'locations', 'workScheduleTypes', 'reasonTypes', 'abnormalOnly']);
    expect(moreFiltersInUse(EMPTY_FILTER)).toBe(0);
    expect(moreFiltersInUse({ ...EMPTY_FILTER, divisions: [1], departments: [2], employees: [3] })).toBe(0);
    expect(moreFiltersInUse({ ...EMPTY_FILTER, roles: ['STAFF'], reasonTypes: ['ANN_LEAVE_CORP'], abnormalOnly: true })).toBe(3);
    expect(moreFiltersInUse(undefined)).toBe(0);
  });
});
