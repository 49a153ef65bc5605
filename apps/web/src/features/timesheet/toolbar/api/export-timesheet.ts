import { TIMESHEET_EXPORT_PATHS } from '@tms/contracts/timesheet-export';
import { apiUrl } from '../../../../lib/api-client.ts';
import { isAbortError } from '../../../../lib/api-error.ts';
import { downloadBlob, fileNameFromDisposition } from '../../../../lib/download.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { clearSession, getSession } from '../../../../lib/session.ts';
import { exportOutcome, noAnswer, type ExportOutcome } from '../export-outcome.ts';
import type { ExportRequestBody, ZipRequestBody } from '../request-bodies.ts';

/** A settled export: saved, refused (messages to show), or the 401 that ended the session (nothing to show). */
export type ExportResult = ExportOutcome | { kind: 'session-ended' };

/**
 * POSTs a JSON body and saves the file of the answer under its Content-Disposition name. Unlike lib apiDownload it
 * looks at the answer before saving: spec 001 §8 wants an empty file or a JSON answer reported as 'No data export',
 * not saved. The 401 handling is that of lib api-client (a 401 of the current session ends it).
 */
export async function postForFile(path: string, body: unknown, fallbackName: string): Promise<ExportResult> {
  const session = getSession();
  const headers: Record<string, string> = { Accept: 'application/json, */*', 'Content-Type': 'application/json' };
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (error) {
    if (isAbortError(error)) throw error;
    return noAnswer();
  }
  if (response.status === 401 && session !== null && getSession()?.access_token === session.access_token) {
    clearSession();
    queryClient.clear();
    return { kind: 'session-ended' };
  }
  const isJson = (response.headers.get('Content-Type') ?? '').toLowerCase().includes('json');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    return noAnswer();
  }
  let json: unknown;
  if (isJson) {
    try {
      json = JSON.parse(await blob.text()) as unknown;
    } catch {
      json = undefined;
    }
  }
  const outcome = exportOutcome({ ok: response.ok, status: response.status, isJson, json, size: blob.size });
  if (outcome.kind === 'file') downloadBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName));
  return outcome;
}

export type ExportKind = 'rule' | 'rule2' | 'zip';

/** tms/excel/{id}/rule (timesheet), rule2 (timesheet detail) and tms/excel/zip (detail files of chosen employees). */
export function exportTimesheet(kind: 'rule' | 'rule2', timesheetId: number, body: ExportRequestBody, fallbackName: string): Promise<ExportResult> {
  return postForFile(TIMESHEET_EXPORT_PATHS[kind](timesheetId), body, fallbackName);
}

export function exportDetailZip(body: ZipRequestBody, fallbackName: string): Promise<ExportResult> {
  return postForFile(TIMESHEET_EXPORT_PATHS.zip, body, fallbackName);
}
