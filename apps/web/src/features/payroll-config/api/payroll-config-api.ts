import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYROLL_CONFIG_ALL_PATH,
  PAYROLL_CONFIG_UPDATE_PATH,
  PAYROLL_RECALCULATE_SALARY_PATH,
  type PayrollConfigTable,
} from '@tms/contracts/overtime-pay';
import { OT_LIMITS_LISTED_PATH } from '@tms/contracts/overtime-limits';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/** Payroll Configuration calls (spec 002 §7; contracts overtime-pay.ts). */
export const payrollConfigKeys = {
  all: ['payroll-config'] as const,
  tables: () => ['payroll-config', 'tables'] as const,
};

export const payrollConfigQuery = () =>
  queryOptions({ queryKey: payrollConfigKeys.tables(), queryFn: ({ signal }) => apiGet<PayrollConfigTable[]>(PAYROLL_CONFIG_ALL_PATH, {}, { signal }), staleTime: 0 });

export function usePayrollConfig() {
  return useQuery(payrollConfigQuery());
}

export type PayrollConfigChange = { id: number; table_code: string; version: number; table_config: { key: string; value: number }[] };

/** POST the changed tables; success is body code 0 with HTTP 200 (the server's 4xx carry the message shown). */
export function useSavePayrollConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: PayrollConfigChange[]) => apiRequest<PayrollConfigTable[]>('POST', PAYROLL_CONFIG_UPDATE_PATH, { body: changes }),
    onSettled: () => client.invalidateQueries({ queryKey: payrollConfigKeys.tables() }),
  });
}

export function useStartRecalculateSalary() {
  return useMutation({
    mutationFn: async () => (await apiRequest<{ jobId: number }>('POST', PAYROLL_RECALCULATE_SALARY_PATH, {})).data,
  });
}

/** Issue 27 §2: the departments marked as a listed sector. */
export const listedDepartmentsQuery = () =>
  queryOptions({
    queryKey: [...payrollConfigKeys.all, 'listed'] as const,
    queryFn: ({ signal }) => apiGet<{ departmentIds: number[] }>(OT_LIMITS_LISTED_PATH, {}, { signal }),
    staleTime: 0,
  });

export function useListedDepartments() {
  return useQuery(listedDepartmentsQuery());
}

export function useSaveListedDepartments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (departmentIds: number[]) => apiRequest<{ departmentIds: number[] }>('PUT', OT_LIMITS_LISTED_PATH, { body: { departmentIds } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...payrollConfigKeys.all, 'listed'] }),
  });
}
