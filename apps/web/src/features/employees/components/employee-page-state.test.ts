import { describe, expect, it } from 'vitest';
import { INITIAL_EMPLOYEE_PAGE_STATE, parseEmployeePageState, sortParams } from './employee-page-state.ts';

describe('employee page state (session storage)', () => {
  it('keeps what is valid and drops the rest', () => {
    expect(parseEmployeePageState(undefined)).toEqual(INITIAL_EMPLOYEE_PAGE_STATE);
    expect(parseEmployeePageState({ tab: 'detail', page: 3, size: 20, sort: 'name:1', detail: { mode: 'edit', id: 7 }, filters: { keyword: 'an' } })).toEqual({
      tab: 'detail',
      page: 3,
      size: 20,
      sort: 'name:1',
      detail: { mode: 'edit', id: 7 },
      filters: { keyword: 'an' },
    });
    expect(parseEmployeePageState({ tab: 'x', page: -1, sort: 'drop table', detail: { mode: 'edit', id: 'a' } })).toEqual(INITIAL_EMPLOYEE_PAGE_STATE);
  });

  it('defaults to newest id first (spec 002 §9 sort direction -1)', () => {
    expect(sortParams(INITIAL_EMPLOYEE_PAGE_STATE.sort)).toEqual({ sortField: 'id', sort: '-1' });
  });
});
