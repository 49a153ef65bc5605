import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEPARTMENT_DELETE_POLICY_PATH,
  DEPARTMENT_EDIT_POLICY_PATH,
  DEPARTMENT_POLICY_HISTORY_PATH,
  DEPARTMENT_POLICY_PATH,
  DEPARTMENT_SET_POLICY_PATH,
  DELETE_POLICY_PATH,
  EDIT_POLICY_PATH,
  EMPLOYEE_POLICIES_PATH,
  JOB_INFO_CREATE_PATH,
  JOB_INFO_DELETE_PATH,
  JOB_INFO_EMPLOYEE_PATH,
  JOB_INFO_LIST_PATH,
  JOB_INFO_UPDATE_PATH,
  POLICY_HISTORY_PATH,
  RULE_CONFIG_PATH,
  SET_POLICY_PATH,
  STAFF_POLICY_PATH,
  WORK_SCHEDULE_CODES_PATH,
  type CurrentPolicyRow,
  type JobInfoRow,
  type PolicyRow,
} from '@tms/contracts/policies';
import type { Envelope } from '@tms/contracts/api';
import { apiGet, apiRequest, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import type { HistoryEntry } from '../../../components/history-format.ts';

/** Every policy query under one root: a write marks them all stale (lists, employee views, histories). */
export const policyKeys = {
  all: ['policies'] as const,
  current: () => ['policies', 'current'] as const,
  department: () => ['policies', 'department'] as const,
  employee: (id: number, filters: Query) => ['policies', 'employee', id, filters] as const,
  jobInfo: () => ['policies', 'job-info'] as const,
  history: (kind: PolicyKind, id: number) => ['policies', 'history', kind, id] as const,
};

export type PolicyKind = 'staff' | 'department';
export type Filters = Record<string, string | undefined>;
export type DepartmentPolicyRow = PolicyRow & { member_count: number };

export function useCurrentPolicies(filters: Filters) {
  return usePagedList<CurrentPolicyRow>({ queryKey: policyKeys.current(), path: STAFF_POLICY_PATH, filters });
}

export function useDepartmentPolicies(filters: Filters) {
  return usePagedList<DepartmentPolicyRow>({ queryKey: policyKeys.department(), path: DEPARTMENT_POLICY_PATH, filters });
}

export function useJobInfoList(filters: Filters) {
  return usePagedList<JobInfoRow>({ queryKey: policyKeys.jobInfo(), path: JOB_INFO_LIST_PATH, filters });
}

export type EmployeePolicies = { staff: { id: number; name: string; user_name: string }; lockDate: string | null; today: string; items: PolicyRow[] };

export function useEmployeePolicies(employeeId: number, filters: Filters) {
  const query: Query = { employeeId, ...filters };
  return useQuery({
    queryKey: policyKeys.employee(employeeId, query),
    queryFn: ({ signal }) => apiGet<EmployeePolicies>(EMPLOYEE_POLICIES_PATH, query, { signal }),
    enabled: Number.isInteger(employeeId) && employeeId > 0,
  });
}

export function useJobInfoOfEmployee(employeeId: number | undefined) {
  return useQuery({
    queryKey: [...policyKeys.jobInfo(), 'employee', employeeId],
    queryFn: ({ signal }) => apiGet<JobInfoRow[]>(JOB_INFO_EMPLOYEE_PATH, { employeeId }, { signal }),
    enabled: employeeId !== undefined,
  });
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

export function usePolicyHistory(kind: PolicyKind, id: number) {
  return useQuery({
    queryKey: policyKeys.history(kind, id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(withId(kind === 'staff' ? POLICY_HISTORY_PATH : DEPARTMENT_POLICY_HISTORY_PATH, id), undefined, { signal }),
  });
}

export type ScheduleOption = { work_schedule_code: string; work_schedule_name: string; work_schedule_type: string; work_start_time: string; work_end_time: string };
export const workScheduleCodesQuery = queryOptions({
  queryKey: ['lookups', 'work-schedule-codes'],
  queryFn: ({ signal }) => apiGet<ScheduleOption[]>(WORK_SCHEDULE_CODES_PATH, undefined, { signal }),
  staleTime: 5 * 60_000,
});
export type RuleConfig = { ruleTypes: { value: string; label: string }[]; otRules: { value: string; label: string }[] };
export const ruleConfigQuery = queryOptions({
  queryKey: ['lookups', 'rule-config'],
  queryFn: ({ signal }) => apiGet<RuleConfig>(RULE_CONFIG_PATH, undefined, { signal }),
  staleTime: 30 * 60_000,
});

/** A write of a policy: set (create for staff or departments), edit or remove. */
export type PolicyWrite =
  | { kind: PolicyKind; mode: 'set'; body: Record<string, unknown> }
  | { kind: PolicyKind; mode: 'edit'; body: Record<string, unknown> }
  | { kind: PolicyKind; mode: 'remove'; id: number };

export function writePolicy(w: PolicyWrite): Promise<Envelope<unknown>> {
  const staff = w.kind === 'staff';
  if (w.mode === 'set') return apiRequest('POST', staff ? SET_POLICY_PATH : DEPARTMENT_SET_POLICY_PATH, { body: w.body });
  if (w.mode === 'edit') return apiRequest('PUT', staff ? EDIT_POLICY_PATH : DEPARTMENT_EDIT_POLICY_PATH, { body: w.body });
  return apiRequest('DELETE', withId(staff ? DELETE_POLICY_PATH : DEPARTMENT_DELETE_POLICY_PATH, w.id));
}

export function useWritePolicy() {
  const client = useQueryClient();
  return useMutation({ mutationFn: writePolicy, onSettled: () => client.invalidateQueries({ queryKey: policyKeys.all }) });
}

/** Job info writes (spec 002 §7): create answers a list of messages; update may answer result code 000513. */
export type JobInfoWrite =
  | { mode: 'create'; body: { employee_id: string; effective_start_date: string; end_date: string; work_schedule_code: string } }
  | { mode: 'update'; body: { _id: number; version?: number; effective_start_date: string; end_date: string; work_schedule_code: string } }
  | { mode: 'remove'; id: number };

export function writeJobInfo(w: JobInfoWrite): Promise<Envelope<unknown>> {
  if (w.mode === 'create') return apiRequest('POST', JOB_INFO_CREATE_PATH, { body: w.body });
  if (w.mode === 'update') return apiRequest('PUT', JOB_INFO_UPDATE_PATH, { body: w.body });
  return apiRequest('DELETE', JOB_INFO_DELETE_PATH, { query: { id: w.id } });
}

export function useWriteJobInfo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: writeJobInfo, onSettled: () => client.invalidateQueries({ queryKey: policyKeys.all }) });
}
