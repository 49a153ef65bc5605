import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { activeFilterCount, emptyFilterValues, searchOrReload, toFilterQuery, type FilterField } from './filter-query.ts';

const fields: FilterField[] = [
  { kind: 'employee', name: 'usernames', label: 'Staff', multiple: true },
  { kind: 'division', name: 'divisionIds', label: 'Division' },
  { kind: 'department', name: 'departmentIds', label: 'Department', divisionField: 'divisionIds' },
  { kind: 'dateRange', name: 'applyDate', label: 'Date Applied', fromParam: 'applyFromDate', toParam: 'applyToDate' },
  { kind: 'dateRange', name: 'expireDate', label: 'Date Expired', fromParam: 'expireFromDate', toParam: 'expireToDate' },
  { kind: 'select', name: 'status', label: 'Status', options: [{ label: 'Pending', value: 1 }], param: 'statuses', multiple: true },
  { kind: 'checkbox', name: 'onlyActive', label: 'Only active' },
  { kind: 'text', name: 'keyword', label: 'Code or name' },
  { kind: 'project', name: 'projectId', label: 'Project' },
];

describe('toFilterQuery', () => {
  it('formats date ranges as DD/MM/YYYY under their own parameter names and joins multi-selects', () => {
    const query = toFilterQuery(fields, {
      usernames: ['staff', 'staff2'],
      divisionIds: [3],
      departmentIds: [7, 8],
      applyDate: [dayjs('2026-01-05'), dayjs('2026-12-31')],
      expireDate: null,
      status: [1, 3],
      onlyActive: true,
      keyword: '  HCM ',
      projectId: 12,
    });
    expect(query).toEqual({
      usernames: 'staff,staff2',
      divisionIds: '3',
      departmentIds: '7,8',
      applyFromDate: '05/01/2026',
      applyToDate: '31/12/2026',
      expireFromDate: undefined,
      expireToDate: undefined,
      statuses: '1,3',
      onlyActive: 'true',
      keyword: 'HCM',
      projectId: '12',
    });
  });

  it('leaves every declared parameter present but undefined when empty', () => {
    const query = toFilterQuery(fields, { usernames: [], onlyActive: false, keyword: '   ' });
    expect(Object.keys(query).sort()).toEqual(
      ['applyFromDate', 'applyToDate', 'departmentIds', 'divisionIds', 'expireFromDate', 'expireToDate', 'keyword', 'onlyActive', 'projectId', 'statuses', 'usernames'].sort(),
    );
    expect(Object.values(query).every((v) => v === undefined)).toBe(true);
  });

  it('handles a half-open range and a custom format', () => {
    const query = toFilterQuery([{ kind: 'dateRange', name: 'd', label: 'D', fromParam: 'from', toParam: 'to', format: 'YYYY-MM-DD' }], {
      d: [dayjs('2026-03-01'), null],
    });
    expect(query).toEqual({ from: '2026-03-01', to: undefined });
  });
});

describe('emptyFilterValues', () => {
  it('gives empty lists to multi-selects, false to checkboxes and undefined otherwise', () => {
    expect(emptyFilterValues(fields)).toEqual({
      usernames: [],
      divisionIds: [],
      departmentIds: [],
      applyDate: undefined,
      expireDate: undefined,
      status: [],
      onlyActive: false,
      keyword: undefined,
      projectId: undefined,
    });
  });
});

describe('searchOrReload', () => {
  it('sets new filters, and reloads when the same filters are searched again', () => {
    const set: unknown[] = [];
    let reloads = 0;
    const search = searchOrReload({ keyword: 'son', page: undefined }, (q) => set.push(q), () => (reloads += 1));
    search({ keyword: 'son', page: undefined });
    expect([set, reloads]).toEqual([[], 1]);
    search({ keyword: 'dang' });
    expect([set, reloads]).toEqual([[{ keyword: 'dang' }], 1]);
  });

  it('never reloads for a form that yields no query yet (a report without its dates): it only sets it', () => {
    const set: unknown[] = [];
    let reloads = 0;
    const search = searchOrReload<{ from: string } | undefined>(undefined, (q) => set.push(q), () => (reloads += 1));
    search(undefined);
    expect([set, reloads]).toEqual([[undefined], 0]);
  });
});

describe('activeFilterCount', () => {
  it('counts the fields holding a value, a range with one end once, and nothing for emptied fields', () => {
    expect(activeFilterCount(fields, emptyFilterValues(fields))).toBe(0);
    expect(activeFilterCount(fields, undefined)).toBe(0);
    expect(
      activeFilterCount(fields, {
        ...emptyFilterValues(fields),
        usernames: ['staff'],
        applyDate: [dayjs('2026-11-01'), null],
        expireDate: [null, null],
        onlyActive: true,
        keyword: '  ',
        projectId: 7,
      }),
    ).toBe(4);
  });
});
