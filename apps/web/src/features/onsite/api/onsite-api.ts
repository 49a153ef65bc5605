import { onsiteKeys } from '../../../components/requests/onsite-keys.ts';
import { requestKeys } from '../../../components/requests/request-api.ts';
import { ITEM_TIMELINE_KEY } from '../../../components/approval-timeline/approval-timeline-query.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../components/history-viewer.tsx';
import {
  ONSITE_BASE,
  ONSITE_EXPORT_FILE,
  type OnsiteCreatePayload,
  type OnsiteDetail,
  type OnsiteFile,
  type OnsiteRow,
  type OnsiteUpdatePayload,
} from '@tms/contracts/onsite';
import { apiDownload, apiGet, apiSend, apiUpload, type Query } from '../../../lib/api-client.ts';
import { apiErrorFromBody } from '../../../lib/api-error.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

/** Onsite management calls (contracts onsite.ts; base /api/tms/request-onsite-management). */
export { onsiteKeys };

export type OnsiteFilters = Record<string, string | undefined>;

export function useOnsiteList(filters: OnsiteFilters) {
  return usePagedList<OnsiteRow>({ queryKey: onsiteKeys.lists(), path: ONSITE_BASE, filters });
}

export const onsiteDetailQuery = (id: number) =>
  queryOptions({ queryKey: onsiteKeys.detail(id), queryFn: ({ signal }) => apiGet<OnsiteDetail>(`${ONSITE_BASE}/${id}`, {}, { signal }) });

export const onsiteHistoryQuery = (id: number) =>
  queryOptions({ queryKey: onsiteKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`${ONSITE_BASE}/${id}/history`, {}, { signal }) });

export function useOnsiteDetail(id: number | null) {
  return useQuery({ ...onsiteDetailQuery(id ?? 0), enabled: id !== null });
}

type WriteResult = { id: number; version: number; status: number };

export type OnsiteCommand =
  | { kind: 'create'; body: OnsiteCreatePayload }
  | { kind: 'update'; id: number; body: OnsiteUpdatePayload }
  | { kind: 'approve'; id: number; version: number }
  | { kind: 'reject' | 'withdraw'; id: number; version: number; reason: string };

export function runOnsiteCommand(c: OnsiteCommand): Promise<WriteResult> {
  switch (c.kind) {
    case 'create':
      return apiSend<WriteResult>('POST', ONSITE_BASE, c.body);
    case 'update':
      return apiSend<WriteResult>('PUT', `${ONSITE_BASE}/${c.id}`, c.body);
    case 'approve':
      return apiSend<WriteResult>('POST', `${ONSITE_BASE}/${c.id}/approve`, { version: c.version });
    default:
      return apiSend<WriteResult>('POST', `${ONSITE_BASE}/${c.id}/${c.kind}`, { reason: c.reason, version: c.version });
  }
}

/**
 * Every write refreshes the lists, details, histories and approval timelines (a 409 too: the row changed under the
 * user).
 */
export function useOnsiteCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runOnsiteCommand,
    // The staff members' rows on Request Management share the record's status: that cache changes too.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: onsiteKeys.all }),
        client.invalidateQueries({ queryKey: requestKeys.all }),
        client.invalidateQueries({ queryKey: ITEM_TIMELINE_KEY }),
      ]),
  });
}

/** Export to Excel with the list's filters (Onsite_List.xlsx). */
export function exportOnsite(filters: Query): Promise<string> {
  return apiDownload(`${ONSITE_BASE}/export`, { query: filters, fallbackName: ONSITE_EXPORT_FILE });
}

export async function uploadOnsiteFile(id: number, file: File): Promise<OnsiteFile> {
  const form = new FormData();
  form.append('file', file);
  const result = await apiUpload(`${ONSITE_BASE}/${id}/files`, form);
  if (!result.ok) throw apiErrorFromBody(result.status, result.json);
  return (result.json as { data: OnsiteFile }).data;
}

export function downloadOnsiteFile(id: number, f: OnsiteFile): Promise<string> {
  return apiDownload(`${ONSITE_BASE}/${id}/files/${encodeURIComponent(f.name)}`, { fallbackName: f.original_name });
}

export function deleteOnsiteFile(id: number, name: string): Promise<{ name: string }> {
  return apiSend<{ name: string }>('DELETE', `${ONSITE_BASE}/${id}/files/${encodeURIComponent(name)}`);
}
