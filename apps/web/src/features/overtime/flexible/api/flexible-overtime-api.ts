import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FLEXIBLE_OT_PATHS as P,
  type FlexibleChangeStatusPayload,
  type FlexibleCreatePayload,
  type FlexibleDetail,
  type FlexibleEditPayload,
  type FlexibleFile,
  type FlexibleStatusItem,
  type ProjectRole,
} from '@tms/contracts/overtime-flexible';
import { FIXED_OT_BASE, type FixedAssigneePayload } from '@tms/contracts/overtime-fixed';
import { apiDownload, apiGet, apiRequest, apiSend, apiUpload } from '../../../../lib/api-client.ts';
import { apiErrorFromBody } from '../../../../lib/api-error.ts';
import { ITEM_TIMELINE_KEY } from '../../../../components/approval-timeline/approval-timeline-query.ts';

/** Flexible overtime calls (contracts overtime-flexible.ts; spec 001 §7.3). */
export const flexibleKeys = {
  all: ['overtime'] as const,
  detail: (id: number) => ['overtime', 'flexible', 'detail', id] as const,
  projects: ['overtime', 'flexible', 'projects'] as const,
};

export const flexibleDetailQuery = (id: number) =>
  queryOptions({ queryKey: flexibleKeys.detail(id), queryFn: ({ signal }) => apiGet<FlexibleDetail>(P.detail, { id }, { signal }), retry: false });

export function useFlexibleDetail(id: number | null) {
  return useQuery({ ...flexibleDetailQuery(id ?? 0), enabled: id !== null && id > 0 });
}

export type FlexibleProject = { project_id: number; project_name: string; project_code: string; role: ProjectRole };
export function useFlexibleProjects(enabled: boolean) {
  return useQuery({ queryKey: flexibleKeys.projects, queryFn: ({ signal }) => apiGet<FlexibleProject[]>(P.projects, undefined, { signal }), enabled, staleTime: 60_000 });
}

type WriteItem = { id: number; version: number; status: number; requesterId: number };
/** The answer of flexible-change-status: its code (200 all, 207 some) and the per-item results. */
export type ChangeStatusResult = { code: number; message: string; items: FlexibleStatusItem[] };

export type FlexibleCommand =
  | { kind: 'create'; body: FlexibleCreatePayload }
  | { kind: 'edit'; body: FlexibleEditPayload }
  | { kind: 'status'; body: FlexibleChangeStatusPayload }
  /** update-assignee of the open stage (the path both kinds share, spec 001 §7.3). */
  | { kind: 'assignee'; id: number; body: FixedAssigneePayload };

export async function runFlexibleCommand(c: FlexibleCommand): Promise<ChangeStatusResult | WriteItem[] | WriteItem> {
  switch (c.kind) {
    case 'create':
      return apiSend<WriteItem[]>('POST', P.create, c.body);
    case 'edit':
      return apiSend<WriteItem>('PUT', P.edit, c.body);
    case 'assignee':
      return apiSend<WriteItem>('PUT', `${FIXED_OT_BASE}/${c.id}/update-assignee`, c.body);
    default: {
      const env = await apiRequest<FlexibleStatusItem[]>('PUT', P.changeStatus, { body: c.body });
      return { code: env.code, message: env.message, items: env.data ?? [] };
    }
  }
}

/**
 * Every write refreshes the overtime lists and details (a 409 too), and the approval timelines (issue 29: a decision
 * moves the manager stage's step); the caller tells the failure (spec 001 §8).
 */
export function useFlexibleCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runFlexibleCommand,
    meta: { silent: true },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: flexibleKeys.all }), client.invalidateQueries({ queryKey: ITEM_TIMELINE_KEY })]),
  });
}

export async function uploadFlexibleFile(id: number, file: File): Promise<FlexibleFile> {
  const form = new FormData();
  form.append('file', file);
  const result = await apiUpload(P.upload(id), form);
  if (!result.ok) throw apiErrorFromBody(result.status, result.json);
  return (result.json as { data: FlexibleFile }).data;
}

export function downloadFlexibleFile(id: number, f: FlexibleFile): Promise<string> {
  return apiDownload(P.download(id), { query: { name: f.name }, fallbackName: f.original_name });
}

export function deleteFlexibleFile(id: number, name: string): Promise<{ name: string }> {
  return apiSend<{ name: string }>('DELETE', P.deleteFile(id, name));
}
