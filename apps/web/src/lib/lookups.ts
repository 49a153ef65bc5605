import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';
import { formatIsoDate, parseServerDate } from './dates.ts';
import type { DivisionOption, MostRecentApproved, PeriodOption, RoleOption, ServerTime } from '@tms/contracts/lookups';
import { LOCATIONS_PATH, WORK_SCHEDULE_TYPES_PATH } from '@tms/contracts/lookups-constants';

export type { DivisionOption, MostRecentApproved, PeriodOption, RoleOption, ServerTime };

/** Reference lists of spec 000 §3 / §7 "Supporting calls", cached for the session of the page. */

/** The part of a division/department node the option helpers read (contracts DivisionOption fits it). */
export type DepartmentNode = {
  id: number;
  department_code: string;
  name: string;
  department_type: string;
  children?: readonly DepartmentNode[];
};

const LOOKUP_STALE = 10 * 60_000;

export const divisionsDepartmentsQuery = queryOptions({
  queryKey: ['lookups', 'divisions-departments'],
  queryFn: ({ signal }) => apiGet<DivisionOption[]>('/tms/filters/get-all-divisions-departments', undefined, { signal }),
  staleTime: LOOKUP_STALE,
});

export const periodsQuery = queryOptions({
  queryKey: ['lookups', 'periods'],
  queryFn: ({ signal }) => apiGet<PeriodOption[]>('/tms/filters/periods', undefined, { signal }),
  staleTime: LOOKUP_STALE,
});

export const rolesQuery = queryOptions({
  queryKey: ['lookups', 'roles'],
  queryFn: ({ signal }) => apiGet<RoleOption[]>('/tms/filters/v2/roles', undefined, { signal }),
  staleTime: LOOKUP_STALE,
});

/** Locations in use and active work schedule types (spec 001 §7.10), as select options. */
export const locationsQuery = queryOptions({
  queryKey: ['lookups', 'locations'],
  queryFn: ({ signal }) => apiGet<string[]>(LOCATIONS_PATH, undefined, { signal }),
  staleTime: LOOKUP_STALE,
});
export const workScheduleTypesQuery = queryOptions({
  queryKey: ['lookups', 'work-schedule-types'],
  queryFn: ({ signal }) => apiGet<string[]>(WORK_SCHEDULE_TYPES_PATH, undefined, { signal }),
  staleTime: LOOKUP_STALE,
});
const asOptions = (values: readonly string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));
export function useLocationOptions() {
  const query = useQuery(locationsQuery);
  return { ...query, options: asOptions(query.data) };
}
export function useWorkScheduleTypeOptions() {
  const query = useQuery(workScheduleTypesQuery);
  return { ...query, options: asOptions(query.data) };
}

/** Server time (spec 000 §7 get-time); short-lived so date limits follow the server's day. */
export const serverTimeQuery = queryOptions({
  queryKey: ['lookups', 'server-time'],
  queryFn: ({ signal }) => apiGet<ServerTime>('/tms/filters/get-time', undefined, { signal }),
  staleTime: 60_000,
});

/** The lock date: end of the most recent approved timesheet (RULES.md §4). */
export const latestApprovedTimesheetQuery = queryOptions({
  queryKey: ['lookups', 'most-recent-timesheet-approved'],
  queryFn: ({ signal }) => apiGet<MostRecentApproved>('/tms/advance/most-recent-timesheet-approved', undefined, { signal }),
  staleTime: 60_000,
});

export function useDivisionsDepartments() {
  return useQuery(divisionsDepartmentsQuery);
}
export function usePeriods() {
  return useQuery(periodsQuery);
}
export function useRoleOptions() {
  return useQuery(rolesQuery);
}

/** The server's today as a Dayjs, and as 'YYYY-MM-DD' to compare with a day's key (both null until loaded). */
export function useServerToday() {
  const query = useQuery(serverTimeQuery);
  const today = parseServerDate(query.data?.today ?? query.data?.dateTimeNow)?.startOf('day') ?? null;
  return { ...query, today, todayIso: today ? formatIsoDate(today) : null };
}

/** The lock date as a Dayjs (null when no timesheet is approved yet or until loaded). */
export function useLockDate() {
  const query = useQuery(latestApprovedTimesheetQuery);
  const lockDate = parseServerDate(query.data?.toDate ?? query.data?.toDateFormat)?.startOf('day') ?? null;
  return { ...query, lockDate };
}

/** Divisions are the top-level nodes of type Division (RULES.md §2 organisation). */
export function divisionsOf<T extends DepartmentNode>(tree: readonly T[] | undefined): T[] {
  return (tree ?? []).filter((node) => node.department_type !== 'Department');
}

/** Departments under the chosen divisions (all departments when none is chosen). */
export function departmentsOf(tree: readonly DepartmentNode[] | undefined, divisionIds?: readonly (string | number)[]): DepartmentNode[] {
  const chosen = divisionIds && divisionIds.length > 0 ? new Set(divisionIds.map(String)) : null;
  const out: DepartmentNode[] = [];
  for (const division of divisionsOf(tree)) {
    if (chosen && !chosen.has(String(division.id)) && !chosen.has(division.department_code)) continue;
    const walk = (nodes: readonly DepartmentNode[] | undefined) => {
      for (const node of nodes ?? []) {
        if (node.department_type === 'Department') out.push(node);
        walk(node.children);
      }
    };
    walk(division.children);
  }
  return out;
}
