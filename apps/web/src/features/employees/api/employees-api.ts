import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  EMPLOYEE_CREATE_PATH,
  EMPLOYEE_LIST_PATH,
  EMPLOYEE_UPDATE_PATH,
  employeeDetailPath,
  type EmployeeCreate,
  type EmployeeCreateResult,
  type EmployeeDetail,
  type EmployeeRow,
  type EmployeeUpdate,
} from '@tms/contracts/employees';
import { apiGet, apiRequest, type Query } from '../../../lib/api-client.ts';
import { fetchPage } from '../../../lib/fetch-page.ts';

/** Query keys of employee management under one root, so a save marks the list and the detail stale. */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (query: Query) => ['employees', 'list', query] as const,
  detail: (id: number) => ['employees', 'detail', id] as const,
};

/** GET /tms/employee/get-all-employee: one page (fetchPage never throws: a failure empties the list, spec 002 §8). */
export function useEmployeeList(query: Query) {
  return useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: ({ signal }) => fetchPage<EmployeeRow>(EMPLOYEE_LIST_PATH, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const employeeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => apiGet<EmployeeDetail>(employeeDetailPath(id), undefined, { signal }),
  });

/** GET /tms/employee/detail/:id (only when an employee is chosen). */
export function useEmployeeDetail(id: number | null) {
  return useQuery({ ...employeeDetailQuery(id ?? 0), enabled: id !== null });
}

/** POST create-employee. Spec 002 §7: success is body code 489 in an HTTP 200 (the client reads only the HTTP status). */
export function createEmployee(body: EmployeeCreate): Promise<Envelope<EmployeeCreateResult>> {
  return apiRequest<EmployeeCreateResult>('POST', EMPLOYEE_CREATE_PATH, { body });
}

/** POST create-employee (body code 489) or PUT update-employee (code 200; 409 when stale). */
export function useSaveEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: { mode: 'create'; body: EmployeeCreate } | { mode: 'edit'; body: EmployeeUpdate }) =>
      save.mode === 'create'
        ? createEmployee(save.body)
        : (apiRequest<{ id: number; version: number }>('PUT', EMPLOYEE_UPDATE_PATH, { body: save.body }) as Promise<Envelope<{ id: number; version: number }>>),
    onSettled: () => client.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
