import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiSend, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import {
  ABNORMAL_ACTUAL_FIXED_PATH,
  ABNORMAL_ACTUAL_PATH,
  ABNORMAL_CASE_PATH,
  ABNORMAL_EXPORT_FILE,
  ABNORMAL_EXPORT_PATH,
  ABNORMAL_RERUN_PATH,
  EXPLANATION_CREATE_PATH,
  EXPLANATION_STATUS_PATH,
  type AbnormalActualOption,
  type AbnormalCase,
  type ExplanationCreatePayload,
  type ExplanationResult,
} from '@tms/contracts/abnormal-case';
import { REQUEST_BASE } from '@tms/contracts/requests';
import { EXPLANATION_UPDATE_PATH, type ExplanationUpdatePayload, type ExplanationUpdateResult } from '@tms/contracts/explanations';
import type { ReasonTypeOption } from '@tms/contracts/special-explanation';

/**
 * Abnormal Case calls (spec 001 §7.4, §7.2 explanation-info; §3 Abnormal case) with the server's contract
 * (packages/contracts/src/abnormal-case.ts).
 */
export { ABNORMAL_ACTUAL_FIXED_PATH, ABNORMAL_ACTUAL_PATH, ABNORMAL_EXPORT_PATH, ABNORMAL_RERUN_PATH, EXPLANATION_UPDATE_PATH };
export const ABNORMAL_LIST_PATH = ABNORMAL_CASE_PATH;
export const REQUEST_BASE_PATH = REQUEST_BASE;
/** Abnormal case default sort direction 1 (spec 001 §9). */
export const ABNORMAL_DIRECTION = 1;
/** The explanation reasons lookup (reason_types of EXPLANATION_REQUEST). */
export const REASON_TYPES_PATH = '/tms/filters/reason-types';

export type AbnormalCaseRow = AbnormalCase;

/** One "actual" choice of the explanation form. */
export type ActualOption = { value: string; label: string };

/** GET .../{userId}/explanation-info/{date}: the hour-based staff's absent time and fund left (spec 001 §3 Absent data). */
export type ExplanationInfo = {
  absentTime?: number | null;
  balancesTime?: number | null;
  remainExplanationTime?: number | null;
  refundHoursPerExplanation?: number | null;
};

/** Body of POST create-explanation/{id} (spec 001 §5.2, §5.4). */
export type ExplanationBody = Pick<ExplanationCreatePayload, 'reason_type' | 'title' | 'actual' | 'description' | 'mail_cc'> & { request_type: 'EXPLANATION_REQUEST' };

export const abnormalKeys = {
  all: ['abnormal-case'] as const,
  list: ['abnormal-case', 'list'] as const,
  actual: (fixed: boolean) => ['abnormal-case', 'actual', fixed] as const,
  info: (userId: number, date: string) => ['abnormal-case', 'explanation-info', userId, date] as const,
};

export function useAbnormalCases(filters: Query) {
  return usePagedList<AbnormalCaseRow>({ queryKey: abnormalKeys.list, path: ABNORMAL_LIST_PATH, filters: { direction: ABNORMAL_DIRECTION, ...filters } });
}

type RawActual = string | { value?: unknown; label?: unknown; code?: unknown; name?: unknown; actual?: unknown };

/** Reads the actual lookup whatever shape it has (strings, {value,label}, {code,name}). */
export function toActualOptions(raw: unknown): ActualOption[] {
  if (!Array.isArray(raw)) return [];
  return (raw as RawActual[]).flatMap((item) => {
    if (typeof item === 'string') return [{ value: item, label: item }];
    if (!item || typeof item !== 'object') return [];
    const value = item.value ?? item.code ?? item.actual;
    if (value === undefined || value === null) return [];
    const label = item.label ?? item.name ?? value;
    return [{ value: String(value), label: String(label) }];
  });
}

export function useActualOptions(fixedSchedule: boolean, enabled: boolean) {
  return useQuery({
    queryKey: abnormalKeys.actual(fixedSchedule),
    queryFn: async ({ signal }) => toActualOptions(await apiGet<AbnormalActualOption[]>(fixedSchedule ? ABNORMAL_ACTUAL_FIXED_PATH : ABNORMAL_ACTUAL_PATH, undefined, { signal })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Explanation reasons (reason_types of EXPLANATION_REQUEST) from get-reason-selections. */
export function useExplanationReasons(enabled: boolean) {
  return useQuery({
    queryKey: ['abnormal-case', 'reasons'],
    queryFn: async ({ signal }) => {
      const raw = await apiGet<ReasonTypeOption[]>(REASON_TYPES_PATH, { requestType: 'EXPLANATION_REQUEST' }, { signal });
      return toReasonOptions(Array.isArray(raw) ? raw.filter((r: { request_type?: unknown }) => r?.request_type === undefined || r.request_type === 'EXPLANATION_REQUEST') : raw);
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

type RawReason = { reason_type_code?: unknown; reason_type?: unknown; code?: unknown; name?: unknown; reason_type_name?: unknown; request_type?: unknown; reasons?: unknown };

/** Reason options of the explanation form from any of the shapes the reason lookups use. */
export function toReasonOptions(raw: unknown): ActualOption[] {
  const list: unknown[] = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { reasons?: unknown }).reasons) ? ((raw as { reasons: unknown[] }).reasons) : [];
  const out: ActualOption[] = [];
  for (const item of list as RawReason[]) {
    if (!item || typeof item !== 'object') continue;
    if (Array.isArray(item.reasons) && (item.request_type === undefined || item.request_type === 'EXPLANATION_REQUEST')) {
      out.push(...toReasonOptions(item.reasons));
      continue;
    }
    const value = item.reason_type_code ?? item.code ?? item.reason_type;
    if (value === undefined || value === null) continue;
    const label = item.reason_type_name ?? item.name ?? item.reason_type ?? value;
    out.push({ value: String(value), label: String(label) });
  }
  return out;
}

export function useExplanationInfo(userId: number | undefined, date: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: abnormalKeys.info(userId ?? 0, date ?? ''),
    queryFn: ({ signal }) => apiGet<ExplanationInfo>(`${REQUEST_BASE_PATH}/${userId}/explanation-info/${date}`, undefined, { signal }),
    enabled: enabled && userId !== undefined && !!date,
    meta: { silent: true },
  });
}

function useInvalidateLists() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: abnormalKeys.all });
  };
}

export function useCreateExplanation() {
  const invalidate = useInvalidateLists();
  return useMutation({
    // The callers show the spec's failure text with the server's reason (spec 001 §8).
    meta: { silent: true },
    mutationFn: ({ caseId, body }: { caseId: number; body: ExplanationBody }) => apiSend<ExplanationResult>('POST', `${EXPLANATION_CREATE_PATH}/${caseId}`, body),
    onSuccess: invalidate,
  });
}

/** Approve (3) or reject (4, reason) a case's explanation (PUT update-status-explanation/{id}, id = abnormal case). */
export function useUpdateAbnormalStatus() {
  const invalidate = useInvalidateLists();
  return useMutation({
    // The callers show the spec's failure text with the server's reason (spec 001 §8).
    meta: { silent: true },
    mutationFn: ({ caseId, status, reason }: { caseId: number; status: 3 | 4; reason?: string }) =>
      apiSend<ExplanationResult>('PUT', `${EXPLANATION_STATUS_PATH}/${caseId}`, { status, reason }),
    onSuccess: invalidate,
  });
}

/**
 * Delegate: hands the case's explanation request to another approver through the explanation flow
 * (PUT update-explanation { id: explanation request id, assignee: user id }, spec 001 §7.5; update-assignee refuses
 * explanation rows). The explanation becomes Delegated (6).
 */
export function delegateBody(requestId: number, assignee: number): ExplanationUpdatePayload {
  return { id: requestId, assignee };
}

export function useDelegateAbnormal() {
  const invalidate = useInvalidateLists();
  return useMutation({
    // The callers show the spec's failure text with the server's reason (spec 001 §8).
    meta: { silent: true },
    mutationFn: ({ requestId, assignee }: { requestId: number; assignee: number }) =>
      apiSend<ExplanationUpdateResult>('PUT', EXPLANATION_UPDATE_PATH, delegateBody(requestId, assignee)),
    onSuccess: invalidate,
  });
}

export function useRerunAbnormal() {
  const invalidate = useInvalidateLists();
  return useMutation({
    // The callers show the spec's failure text with the server's reason (spec 001 §8).
    meta: { silent: true },
    mutationFn: ({ date, employee }: { date: string; employee: number }) => apiSend<AbnormalCase[]>('DELETE', ABNORMAL_RERUN_PATH, undefined, { query: { date, employee } }),
    onSuccess: invalidate,
  });
}

export function exportAbnormalCases(filters: Query) {
  return apiDownload(ABNORMAL_EXPORT_PATH, { query: { direction: ABNORMAL_DIRECTION, ...filters }, fallbackName: ABNORMAL_EXPORT_FILE });
}
