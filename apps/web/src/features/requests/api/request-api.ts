import type { HistoryEntry } from '../../../components/history-format.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REQUEST_BASE, type RequestAssigneeAnswer, type RequestRecord, type RequestStatusAnswer } from '@tms/contracts/requests';
import { REQUEST_EXPORT_FILE, type RequestFile } from '@tms/contracts/request-list';
import { apiDownload, apiGet, apiRequest, type Query } from '../../../lib/api-client.ts';
import { onsiteKeys } from '../../../components/requests/onsite-keys.ts';
import { REQUEST_FOLDER, REQUEST_PATHS, requestKeys } from '../../../components/requests/request-api.ts';

/** The Create Request modal's calls live in components/requests (My Timesheet opens the modal too). */
export * from '../../../components/requests/request-api.ts';

/**
 * PUT update-status: approve (3), reject (4, reason), withdraw (5, reason). `approval_step`: the step of an approval
 * flow the approver decides, as the list showed it (issue 29): a step decided meanwhile answers 409, not a second step.
 */
export type StatusUpdate = { id: number; status_type: number; reason?: string; version?: number; approval_step?: number };
export function useUpdateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusUpdate) => apiRequest<RequestStatusAnswer>('PUT', REQUEST_PATHS.updateStatus, { body: { ...body, status: body.status_type } }),
    // An onsite row's status is its onsite record's (one status): Onsite Management's cache changes too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: requestKeys.all }), client.invalidateQueries({ queryKey: onsiteKeys.all })]),
  });
}

export function useUpdateAssignee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; approver: string | number }) => apiRequest<RequestAssigneeAnswer>('PUT', REQUEST_PATHS.updateAssignee, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useRequestFiles(id: number | undefined, folder = REQUEST_FOLDER) {
  return useQuery({
    queryKey: ['requests', 'files', folder, id ?? 0],
    queryFn: async ({ signal }) => (await apiGet<RequestFile[]>(`${REQUEST_BASE}/${folder}/get-all-file-list`, { id }, { signal })) ?? [],
    enabled: id !== undefined,
  });
}

export function downloadRequestFile(id: number, name: string, folder = REQUEST_FOLDER) {
  return apiDownload(`${REQUEST_PATHS.files(folder, id)}/download`, { query: { name }, fallbackName: name });
}

export async function deleteRequestFile(id: number, name: string, folder = REQUEST_FOLDER) {
  return apiGet<{ name: string }>(`${REQUEST_PATHS.files(folder, id)}/delete-file`, { name });
}

/** One request by id, looked up among every status (the list has no id filter). */
export async function findRequest(id: number): Promise<RequestRecord | null> {
  const rows = await apiGet<RequestRecord[]>(REQUEST_PATHS.list, { status: [1, 3, 4, 5, 10], size: 100, page: 1 });
  return (rows ?? []).find((r) => r.id === id) ?? null;
}

export function exportRequests(filters: Query) {
  return apiDownload(REQUEST_PATHS.export, { query: filters, fallbackName: REQUEST_EXPORT_FILE });
}

export function useOnsiteHistory(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['requests', 'on-site-history', id ?? 0],
    queryFn: async ({ signal }) => {
      // The request row's history entries, newest first (contracts request-list onsiteHistoryResponseSchema; the onsite
      // record's own stages are in Onsite Management's history).
      const data = await apiGet<HistoryEntry[]>(REQUEST_PATHS.onsiteHistory, { id }, { signal });
      return Array.isArray(data) ? data : [];
    },
    enabled: enabled && id !== undefined,
  });
}

