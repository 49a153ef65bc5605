import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@tms/contracts/api';

/** The tabs of Employee Management (spec 002 §2). */
export const EMPLOYEE_TABS = ['list', 'detail', 'attendance'] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number];
/** The tabs by name: what the page state's `tab` holds (a key, never shown). */
export const EMPLOYEE_TAB = { list: 'list', detail: 'detail', attendance: 'attendance' } as const satisfies Record<EmployeeTab, EmployeeTab>;

/** Sort choices of the list: the spec's direction -1 (newest id first) unless another is chosen; `label` is the catalogue key of its name. */
export const EMPLOYEE_SORTS = [
  { value: 'id:-1', label: 'sorts.newest' },
  { value: 'id:1', label: 'sorts.oldest' },
  { value: 'name:1', label: 'sorts.nameAsc' },
  { value: 'name:-1', label: 'sorts.nameDesc' },
  { value: 'user_name:1', label: 'sorts.usernameAsc' },
  { value: 'start_working_day:-1', label: 'sorts.startLatest' },
  { value: 'start_working_day:1', label: 'sorts.startEarliest' },
] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number]['value'];

/** What Employee Management keeps in session storage (spec 002 §2: filters and page state). */
export type EmployeePageState = {
  tab: EmployeeTab;
  /** The filter bar's raw values (division and department ids, texts). */
  filters: Record<string, unknown>;
  page: number;
  size: number;
  sort: EmployeeSort;
  /** The Employee Detail tab: a new employee, or the one being edited. */
  detail: { mode: 'create' } | { mode: 'edit'; id: number } | null;
};

export const INITIAL_EMPLOYEE_PAGE_STATE: EmployeePageState = {
  tab: EMPLOYEE_TAB.list,
  filters: {},
  page: DEFAULT_PAGE,
  size: DEFAULT_PAGE_SIZE,
  sort: 'id:-1',
  detail: null,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 500 ? v : fallback);

/** Reads a stored state, keeping only what is valid (storage may hold anything). */
export function parseEmployeePageState(raw: unknown): EmployeePageState {
  if (!isObject(raw)) return INITIAL_EMPLOYEE_PAGE_STATE;
  const tab = (EMPLOYEE_TABS as readonly unknown[]).includes(raw.tab) ? (raw.tab as EmployeeTab) : 'list';
  const sort = EMPLOYEE_SORTS.some((s) => s.value === raw.sort) ? (raw.sort as EmployeeSort) : 'id:-1';
  let detail: EmployeePageState['detail'] = null;
  if (isObject(raw.detail)) {
    if (raw.detail.mode === 'create') detail = { mode: 'create' };
    else if (raw.detail.mode === 'edit' && typeof raw.detail.id === 'number' && Number.isInteger(raw.detail.id) && raw.detail.id > 0) detail = { mode: 'edit', id: raw.detail.id };
  }
  return {
    tab,
    filters: isObject(raw.filters) ? raw.filters : {},
    page: positiveInt(raw.page, DEFAULT_PAGE),
    size: positiveInt(raw.size, DEFAULT_PAGE_SIZE),
    sort,
    detail,
  };
}

/** The list's sort parameters of a sort choice. */
export function sortParams(sort: EmployeeSort): { sortField: string; sort: string } {
  const [field, dir] = sort.split(':');
  return { sortField: field!, sort: dir! };
}
