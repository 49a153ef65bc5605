import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REQUEST_BASE, type ApproverFor, type BatchItemResult, type RequestSaveAnswer, type RequestTypeOption } from '@tms/contracts/requests';
import {
  REQUEST_EXPORT_PATH,
  REQUEST_IMPORT_REVOKE_PATH,
  REQUEST_IMPORT_TIME_OFF_PATH,
  REQUEST_LIST_PATH,
  REQUEST_ONSITE_HISTORY_PATH,
} from '@tms/contracts/request-list';
import { apiGet, apiRequest, apiUpload } from '../../lib/api-client.ts';
import { localizedAnswer } from '../../lib/server-messages.ts';
import { commonTexts } from '../i18n/index.ts';
import type { RequestPayload } from './request-form-rules.ts';

/**
 * Calls of the Create Request modal, shared by Request Management and My Timesheet (spec 001 §7.2, §7.10).
 * Paths are the spec's; the server prefixes them with /api.
 */
export const REQUEST_PATHS = {
  list: REQUEST_LIST_PATH,
  selections: `${REQUEST_BASE}/create-request-selections`,
  reasons: `${REQUEST_BASE}/get-reason-selections`,
  create: `${REQUEST_BASE}/create-request/`,
  batchCreate: `${REQUEST_BASE}/batch-create-request/`,
  edit: `${REQUEST_BASE}/edit-request`,
  updateStatus: `${REQUEST_BASE}/update-status`,
  updateAssignee: `${REQUEST_BASE}/update-assignee`,
  onsiteHistory: REQUEST_ONSITE_HISTORY_PATH,
  importTimeOff: REQUEST_IMPORT_TIME_OFF_PATH,
  importRevoke: REQUEST_IMPORT_REVOKE_PATH,
  importTemplate: `${REQUEST_IMPORT_TIME_OFF_PATH}/template`,
  importRevokeTemplate: `${REQUEST_IMPORT_REVOKE_PATH}/template`,
  export: REQUEST_EXPORT_PATH,
  approver: '/tms/filters/get-approver-for-user',
  balance: '/tms/filters/get-balance',
  workSchedule: '/tms/employee/work-schedule',
  createFlexible: `${REQUEST_BASE}/create-request-flexible/`,
  createCommon: `${REQUEST_BASE}/create-common-request`,
  editCommon: `${REQUEST_BASE}/edit-common-request`,
  lockDate: '/tms/timesheets/get-end-date-of-last-approved-timesheet',
  files: (folder: string, id: number) => `${REQUEST_BASE}/${folder}/${id}`,
} as const;

/** The attachment folder of requests (spec 001 §7.2 `{folder}`). */
export const REQUEST_FOLDER = 'request';

export const requestKeys = {
  all: ['requests'] as const,
  list: ['requests', 'list'] as const,
};

/** A choice of create-request-selections / get-reason-selections, read loosely (code + label). */
export type Choice = { value: string; label: string; requestType?: string; request?: string; requiresFile?: boolean };

function pick(o: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/** Flattens a lookup answer (an array of objects, or an object holding one) into value/label choices. */
export function toChoices(data: unknown, valueKeys: string[], labelKeys: string[]): Choice[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? Object.values(data).find(Array.isArray) ?? [] : [];
  return (list as unknown[])
    .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
    .map((o) => {
      const value = pick(o, ...valueKeys) ?? '';
      return {
        value,
        label: pick(o, ...labelKeys) ?? value,
        requestType: pick(o, 'request_type', 'requestType'),
        request: pick(o, 'request_code', 'request', 'requestCode'),
        requiresFile: o.requires_file === true || o.requiresFile === true,
      };
    })
    .filter((c) => c.value !== '');
}

export type Selections = { requestTypes: Choice[]; requests: Choice[]; reasons: Choice[] };

const REQUEST_CODES = ['TIME_OFF', 'EXPLANATION', 'ABSENCE'] as const;

/** The name of a "request" choice (TIME_OFF, EXPLANATION, ABSENCE); an unknown code as it is. */
export function requestCodeLabel(code: string, t: typeof commonTexts.t = commonTexts.t): string {
  const known = REQUEST_CODES.find((c) => c === code);
  return known ? t(`requestForm.requestCodes.${known}`) : code;
}

/**
 * create-request-selections (contracts `RequestTypeOption[]`): the request types, each with its reasons; the
 * "request" choices (TIME_OFF, EXPLANATION, ABSENCE) are the reasons' request codes under a type.
 */
export function readSelections(data: unknown): Selections {
  const list = (Array.isArray(data) ? data : []) as Record<string, unknown>[];
  const requestTypes: Choice[] = [];
  const requests: Choice[] = [];
  const reasons: Choice[] = [];
  for (const t of list) {
    const type = pick(t, 'request_type', 'code', 'value');
    if (!type) continue;
    requestTypes.push({ value: type, label: pick(t, 'request_type_name', 'name', 'label') ?? type });
    for (const r of toChoices(t.reasons ?? [], ['code', 'reason_type_code', 'reason_type', 'value'], ['name', 'reason_type_name', 'name_en', 'label'])) {
      reasons.push({ ...r, requestType: type });
      if (r.request && !requests.some((q) => q.value === r.request && q.requestType === type)) {
        requests.push({ value: r.request, label: requestCodeLabel(r.request), requestType: type });
      }
    }
  }
  return { requestTypes, requests, reasons };
}

export const selectionsQuery = (screenType: string) =>
  queryOptions({
    queryKey: ['requests', 'selections', screenType],
    queryFn: async ({ signal }) => readSelections(await apiGet<RequestTypeOption[]>(REQUEST_PATHS.selections, { screenType }, { signal })),
    staleTime: 5 * 60_000,
  });

export type Approver = { user_name?: string; username?: string; name?: string; department_name?: string | null; approval_flow?: ApproverFor['approval_flow'] };
/** The item being filled in (issue 29): with it the answer names the approval flow it would follow. */
export type ApproverItem = { request_type?: string; reason_type?: string; days?: number };
export function useApprover(username: string | undefined, date: string | undefined, item: ApproverItem = {}) {
  return useQuery({
    queryKey: ['requests', 'approver', username ?? '', date ?? '', item.request_type ?? '', item.reason_type ?? '', item.days ?? ''],
    queryFn: ({ signal }) => apiGet<Approver | null>(REQUEST_PATHS.approver, { username, date, ...item }, { signal }),
    enabled: !!date,
    meta: { silent: true },
  });
}

export type Balance = { remain_annual_leave: number; annual_leave_balance_hours: number; remainOffsetLeave: number; remain_birthday_leave: number };
export function useBalance(username: string | undefined, date: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['requests', 'balance', username ?? '', date ?? ''],
    queryFn: ({ signal }) => apiGet<Balance>(REQUEST_PATHS.balance, { username, date }, { signal }),
    enabled,
  });
}

export type WorkSchedule = { standard_working_time?: number; request_type?: string; explanation_type?: string; minimum_minute_block_request?: number };
export function useWorkSchedule(employeeId: number | undefined, date: string) {
  return useQuery({
    queryKey: ['requests', 'work-schedule', employeeId ?? 0, date],
    queryFn: ({ signal }) => apiGet<WorkSchedule | null>(REQUEST_PATHS.workSchedule, { employeeId, date }, { signal }),
    meta: { silent: true },
  });
}

/** The lock date (data.data, spec 001 §7.1). */
export function useRequestLockDate() {
  return useQuery({
    queryKey: ['requests', 'lock-date'],
    queryFn: async ({ signal }) => (await apiGet<{ data: string | null }>(REQUEST_PATHS.lockDate, undefined, { signal }))?.data ?? null,
    staleTime: 60_000,
  });
}

export type SaveKind = 'create' | 'batch' | 'edit' | 'common' | 'editCommon';

/** Where a save goes: day or hour-based (flexible) create/edit, the HR batch, or the common (onsite) pair. */
export function savePath(kind: SaveKind, hourBased: boolean): { method: 'POST' | 'PUT'; path: string } {
  switch (kind) {
    case 'batch':
      return { method: 'POST', path: REQUEST_PATHS.batchCreate };
    case 'common':
      return { method: 'POST', path: REQUEST_PATHS.createCommon };
    case 'editCommon':
      return { method: 'PUT', path: REQUEST_PATHS.editCommon };
    case 'edit':
      return { method: 'PUT', path: hourBased ? `${REQUEST_BASE}/edit-request-flexible` : REQUEST_PATHS.edit };
    default:
      return { method: 'POST', path: hourBased ? REQUEST_PATHS.createFlexible : REQUEST_PATHS.create };
  }
}

/**
 * Saves the form. A batch answers 207 (some failed) or 400 (all failed) with the per-item entries in `data`: its
 * answer is returned whatever the status, so the result modal can list them.
 */
export async function saveRequest(payload: RequestPayload, kind: SaveKind, hourBased: boolean) {
  const { method, path } = savePath(kind, hourBased);
  if (kind === 'batch') {
    return apiRequest<RequestSaveAnswer>(method, path, { body: payload }).catch((error: unknown) => {
      const body = (error as { body?: { data?: unknown } }).body;
      if (body && Array.isArray(body.data)) return localizedAnswer(body as { code: number; message: string; data: BatchItemResult[] });
      throw error;
    });
  }
  return apiRequest<RequestSaveAnswer>(method, path, { body: payload });
}

export function useSaveRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, kind, hourBased }: { payload: RequestPayload; kind: SaveKind; hourBased: boolean }) => saveRequest(payload, kind, hourBased),
    onSuccess: () => client.invalidateQueries({ queryKey: requestKeys.all }),
    // The modal shows the server's message itself and stays open (spec 001 §4.2).
    meta: { silent: true },
  });
}

/** Uploads the attachments after the request exists (spec 001 §7.2: field `file`). */
export async function uploadFiles(id: number, files: readonly File[], folder = REQUEST_FOLDER): Promise<boolean> {
  let ok = true;
  for (const file of files) {
    const form = new FormData();
    form.append('file', file, file.name);
    const result = await apiUpload(`${REQUEST_PATHS.files(folder, id)}/upload`, form);
    if (!result.ok) ok = false;
  }
  return ok;
}

