import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../components/history-viewer.tsx';
import { ITEM_TIMELINE_KEY } from '../../../../components/approval-timeline/approval-timeline-query.ts';
import {
  FIXED_OT_BASE,
  FIXED_OT_FILES_BASE,
  type FixedAssigneePayload,
  type FixedCreatePayload,
  type FixedDetail,
  type FixedFile,
  type FixedStatusItem,
  type FixedStatusPayload,
  type FixedUpdatePayload,
} from '@tms/contracts/overtime-fixed';
import type { OtUsage } from '@tms/contracts/overtime-limits';
import { apiDownload, apiGet, apiSend, apiUpload } from '../../../../lib/api-client.ts';
import { apiErrorFromBody } from '../../../../lib/api-error.ts';

/**
 * Fixed overtime calls (contracts overtime-fixed.ts; spec 001 §7.3). Every write refreshes
 * everything under the ['overtime'] key, the list page's included, and the staff rows' approval timelines.
 */
export const fixedKeys = {
  all: ['overtime'] as const,
  detail: (id: number) => ['overtime', 'fixed', 'detail', id] as const,
  history: (id: number) => ['overtime', 'fixed', 'history', id] as const,
  files: (id: number) => ['overtime', 'fixed', 'files', id] as const,
};

export const fixedDetailQuery = (id: number) =>
  queryOptions({ queryKey: fixedKeys.detail(id), queryFn: ({ signal }) => apiGet<FixedDetail>(`${FIXED_OT_BASE}/${id}`, undefined, { signal }) });

export function useFixedDetail(id: number | null) {
  return useQuery({ ...fixedDetailQuery(id ?? 0), enabled: id !== null });
}

export function useFixedHistory(id: number, enabled: boolean) {
  return useQuery({ queryKey: fixedKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`${FIXED_OT_BASE}/${id}/history`, undefined, { signal }), enabled });
}

type WriteResult = { id: number; version: number; items?: FixedStatusItem[]; limits?: OtUsage[] };

/** Create or edit: JSON, or multipart (`data` + `files`) when files are attached. */
async function sendForm(method: 'POST' | 'PUT', body: FixedCreatePayload | FixedUpdatePayload, files: readonly File[]): Promise<WriteResult> {
  if (files.length === 0) return apiSend<WriteResult>(method, FIXED_OT_BASE, body);
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  for (const f of files) form.append('files', f);
  const result = await apiUpload(FIXED_OT_BASE, form, { method });
  if (!result.ok) throw apiErrorFromBody(result.status, result.json);
  return (result.json as { data: WriteResult }).data;
}

export type FixedCommand =
  | { kind: 'create'; body: FixedCreatePayload; files: readonly File[] }
  | { kind: 'update'; body: FixedUpdatePayload; files: readonly File[] }
  | { kind: 'status'; id: number; body: FixedStatusPayload }
  | { kind: 'assignee'; id: number; body: FixedAssigneePayload };

export function runFixedCommand(c: FixedCommand): Promise<WriteResult> {
  switch (c.kind) {
    case 'create':
      return sendForm('POST', c.body, c.files);
    case 'update':
      return sendForm('PUT', c.body, c.files);
    case 'status':
      return apiSend<WriteResult>('PUT', `${FIXED_OT_BASE}/${c.id}/update-status`, c.body);
    case 'assignee':
      return apiSend<WriteResult>('PUT', `${FIXED_OT_BASE}/${c.id}/update-assignee`, c.body);
  }
}

export function useFixedCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runFixedCommand,
    meta: { silent: true },
    // A decision moves a staff row's approval steps too (issue 29): its timeline is asked again.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: fixedKeys.all }), client.invalidateQueries({ queryKey: ITEM_TIMELINE_KEY })]),
  });
}

// Files ---------------------------------------------------------------------------------------------------------

export async function uploadFixedFile(id: number, file: File): Promise<FixedFile[]> {
  const form = new FormData();
  form.append('file', file);
  const result = await apiUpload(`${FIXED_OT_FILES_BASE}/${id}/upload`, form);
  if (!result.ok) throw apiErrorFromBody(result.status, result.json);
  return (result.json as { data: FixedFile[] }).data;
}

export function downloadFixedFile(id: number, f: FixedFile): Promise<string> {
  return apiDownload(`${FIXED_OT_FILES_BASE}/${id}/download`, { query: { name: f.name }, fallbackName: f.original_name });
}

export function deleteFixedFile(id: number, name: string): Promise<{ name: string }> {
  return apiGet<{ name: string }>(`${FIXED_OT_FILES_BASE}/${id}/delete-file`, { name });
}
