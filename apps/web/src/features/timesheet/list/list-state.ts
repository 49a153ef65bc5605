import { DEFAULT_PAGE, MAX_PAGE_SIZE } from '@tms/contracts/api';
import { GRID_SORTS, TIMESHEET_LIST_DEFAULT_SIZE, type GridFilter } from '@tms/contracts/timesheet-grid';
import type { Query } from '../../../lib/api-client.ts';

export type GridSort = (typeof GRID_SORTS)[number];
export type SortDirection = 1 | -1;

/** The filter area's values (spec 001 §2.1 list tab), as the form holds them. */
export type ListFilterValues = {
  divisions: number[];
  departments: number[];
  /** Employee ids (EmployeeSelect valueField 'id'). */
  employees: number[];
  /** TMS role short names (STAFF, HR, …) from the role lookup. */
  roles: string[];
  locations: string[];
  workScheduleTypes: string[];
  /** Reason codes (GET /tms/filters/reason-types), sent as `reason_type`. */
  reasonTypes: string[];
  abnormalOnly: boolean;
};

/** What the list tab remembers for the session (spec 001 §9): period, filter, page, size and sort. */
export type ListState = {
  periodId: number | null;
  filter: ListFilterValues;
  /** Labels of the chosen staff ('name - user_name'), so a restored filter shows names, not ids. */
  employeeLabels: Record<string, string>;
  page: number;
  size: number;
  sort: GridSort;
  direction: SortDirection;
};

export const EMPTY_FILTER: ListFilterValues = {
  divisions: [],
  departments: [],
  employees: [],
  roles: [],
  locations: [],
  workScheduleTypes: [],
  reasonTypes: [],
  abnormalOnly: false,
};

/**
 * Issue 26 §12: the filter area is one line — division, department, staff and the buttons —, the other filters sit
 * behind 'More filters'.
 */
export const MORE_FILTER_FIELDS = ['roles', 'locations', 'workScheduleTypes', 'reasonTypes', 'abnormalOnly'] as const;

/** How many of the filters behind 'More filters' are set (shown on the button while they are folded away). */
export function moreFiltersInUse(values: Partial<ListFilterValues> | undefined): number {
  if (!values) return 0;
  return MORE_FILTER_FIELDS.filter((key) => {
    const v = values[key];
    return Array.isArray(v) ? v.length > 0 : v === true;
  }).length;
}

/** Spec 001 §9: page 1, size 20, sorted by name ascending. */
export function defaultListState(): ListState {
  return { periodId: null, filter: { ...EMPTY_FILTER }, employeeLabels: {}, page: DEFAULT_PAGE, size: TIMESHEET_LIST_DEFAULT_SIZE, sort: 'name', direction: 1 };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter(positiveInt) : []);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.length > 0) : []);

/** Reads a stored state defensively: anything missing or malformed takes its default. */
export function parseListState(raw: unknown): ListState {
  const state = defaultListState();
  if (!isRecord(raw)) return state;
  const f = isRecord(raw.filter) ? raw.filter : {};
  const labels = isRecord(raw.employeeLabels) ? raw.employeeLabels : {};
  return {
    periodId: positiveInt(raw.periodId) ? raw.periodId : null,
    filter: {
      divisions: ids(f.divisions),
      departments: ids(f.departments),
      employees: ids(f.employees),
      roles: texts(f.roles),
      locations: texts(f.locations),
      workScheduleTypes: texts(f.workScheduleTypes),
      reasonTypes: texts(f.reasonTypes),
      abnormalOnly: f.abnormalOnly === true,
    },
    employeeLabels: Object.fromEntries(Object.entries(labels).filter((e): e is [string, string] => typeof e[1] === 'string')),
    page: positiveInt(raw.page) ? raw.page : state.page,
    size: positiveInt(raw.size) && raw.size <= MAX_PAGE_SIZE ? raw.size : state.size,
    sort: (GRID_SORTS as readonly unknown[]).includes(raw.sort) ? (raw.sort as GridSort) : state.sort,
    direction: raw.direction === -1 ? -1 : 1,
  };
}

const nonEmpty = <T>(list: readonly T[]): T[] | undefined => (list.length > 0 ? [...list] : undefined);

/** The GridFilter of the contracts (query names of spec 001 §7.1); empty parts are left out. */
export function toGridFilter(values: ListFilterValues): GridFilter {
  const filter: GridFilter = {};
  const set = <K extends keyof GridFilter>(key: K, value: GridFilter[K] | undefined) => {
    if (value !== undefined) filter[key] = value;
  };
  set('location', nonEmpty(values.locations));
  set('divisions', nonEmpty(values.divisions));
  set('departmentsFilter', nonEmpty(values.departments));
  set('role', nonEmpty(values.roles));
  set('employee', nonEmpty(values.employees));
  set('workScheduleTypes', nonEmpty(values.workScheduleTypes));
  set('reason_type', nonEmpty(values.reasonTypes ?? []));
  if (values.abnormalOnly) filter.actionAbnormalCase = true;
  return filter;
}

/** The filter as query parameters (lists comma-joined by the API client; the abnormal flag only when set). */
export function gridFilterQuery(filter: GridFilter): Query {
  return {
    location: filter.location,
    divisions: filter.divisions,
    departmentsFilter: filter.departmentsFilter,
    role: filter.role,
    employee: filter.employee,
    workScheduleTypes: filter.workScheduleTypes,
    actionAbnormalCase: filter.actionAbnormalCase ? true : undefined,
    reason_type: filter.reason_type,
  };
}

/** GET /tms/timesheets?timesheetId=&page=&size=&sort=&direction=&<filter>. */
export function gridListQuery(timesheetId: number, state: Pick<ListState, 'page' | 'size' | 'sort' | 'direction'>, filter: GridFilter): Query {
  return { timesheetId, page: state.page, size: state.size, sort: state.sort, direction: state.direction, ...gridFilterQuery(filter) };
}

/** Same filter values (order of chosen items does not matter). */
export function sameFilter(a: ListFilterValues, b: ListFilterValues): boolean {
  const same = (x: readonly (string | number)[], y: readonly (string | number)[]) => x.length === y.length && [...x].map(String).sort().join(',') === [...y].map(String).sort().join(',');
  return (
    same(a.divisions, b.divisions) &&
    same(a.departments, b.departments) &&
    same(a.employees, b.employees) &&
    same(a.roles, b.roles) &&
    same(a.locations, b.locations) &&
    same(a.workScheduleTypes, b.workScheduleTypes) &&
    same(a.reasonTypes ?? [], b.reasonTypes ?? []) &&
    a.abnormalOnly === b.abnormalOnly
  );
}

/** The labels of the chosen staff only (those no longer chosen are dropped; unknown ones stay unlabelled). */
export function keepLabels(ids: readonly number[], known: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ids.flatMap((id) => (known[String(id)] === undefined ? [] : [[String(id), known[String(id)]!]])));
}
