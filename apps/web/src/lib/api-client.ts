// Types only: a value import of contracts/api would pull zod into the login bundle (its schemas are top-level calls).
import type { Envelope } from '@tms/contracts/api';
import { apiErrorFromBody, isAbortError, unreachableError, type ApiError } from './api-error.ts';
import { fileNameFromDisposition, downloadBlob } from './download.ts';
import { clearSession, getSession } from './session.ts';
import { currentLanguage } from './i18n.ts';
import { localizedAnswer } from './server-messages.ts';

/**
 * The one HTTP client of the web app (RULES.md §1 envelope, spec 000 §7–§8).
 * Paths may be given with or without the `/api` prefix: `apiGet('/tms/filters/periods')` and
 * `apiGet('/api/tms/filters/periods')` call the same URL. Every call carries `Authorization: Bearer` from the
 * stored session; a 401 while that session exists clears it and the query cache (the guard then shows /login).
 */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
/** Query parameters: empty values (undefined, null, '') are left out, arrays are comma-joined. */
export type Query = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  query?: Query;
  /** JSON-serialised unless a FormData (sent as multipart). Omit for no body (no Content-Type is sent then). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Builds `/api/...?...`; exported for links that need a URL (never put the token in a URL). */
export function apiUrl(path: string, query?: Query): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const full = clean === API_BASE || clean.startsWith(`${API_BASE}/`) || clean.startsWith(`${API_BASE}?`) ? clean : `${API_BASE}${clean}`;
  const search = toSearchParams(query).toString();
  if (!search) return full;
  return `${full}${full.includes('?') ? '&' : '?'}${search}`;
}

export function toSearchParams(query?: Query): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

type Sent = { response: Response; sessionEnded: boolean };

async function send(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Sent> {
  const session = getSession();
  // The language on screen: the server answers names, file headers and error reports in it (issue 25).
  const headers: Record<string, string> = { Accept: 'application/json, */*', 'Accept-Language': currentLanguage(), ...options.headers };
  if (session) headers.Authorization = `Bearer ${session.access_token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw unreachableError();
  }
  // Spec 000 §8: a 401 while a session exists clears it and goes to /login (the guards redirect on the change; the
  // query cache empties itself on the change, query-client.ts). Only the session the request was sent with: a late
  // answer must not end a newer login.
  const sessionEnded = response.status === 401 && session !== null && getSession()?.access_token === session.access_token;
  if (sessionEnded) clearSession();
  return { response, sessionEnded };
}

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').toLowerCase().includes('json');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function errorOf({ response, sessionEnded }: Sent): Promise<ApiError> {
  const body = isJson(response) ? await readJson(response) : undefined;
  return apiErrorFromBody(response.status, body, sessionEnded);
}

/**
 * The whole envelope `{ code, message, data, page? }`; throws ApiError on HTTP failure. The server answers every error
 * with an HTTP status equal to its `code` (RULES.md §1), so a 2xx answer is a success whatever its body code: some spec
 * success codes are above 400 (489 employee created, 441/443 attendance-check config created/updated).
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const sent = await send(method, path, options);
  const { response } = sent;
  if (!response.ok) throw await errorOf(sent);
  const body = (await readJson(response)) as Envelope<T> | undefined;
  // The envelope's protocol word for an empty answer, as the server writes it; never shown.
  // eslint-disable-next-line tms/no-literal-ui-text -- the API's own status word, compared by callers, not shown
  if (body === undefined) return { code: response.status, message: 'Success', data: undefined as T };
  // The answer's texts (its message, a batch's items) in the reader's language (issue 25).
  return localizedAnswer(body);
}

/** GET → `data`. */
export async function apiGet<T>(path: string, query?: Query, options: { signal?: AbortSignal } = {}): Promise<T> {
  return (await apiRequest<T>('GET', path, { query, signal: options.signal })).data;
}

/** POST/PUT/PATCH/DELETE with a JSON (or FormData) body → `data`. */
export async function apiSend<T>(
  method: Exclude<HttpMethod, 'GET'>,
  path: string,
  body?: unknown,
  options: { query?: Query; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  return (await apiRequest<T>(method, path, { ...options, body })).data;
}

/** Result of a multipart upload (imports answer header `code` 200 + JSON, or `code` 400 + an xlsx error report). */
export type UploadResult = {
  /** HTTP success and, when the header is present, header `code` 200 (RULES.md §1 imports). */
  ok: boolean;
  status: number;
  /** The `code` response header as a number, null when absent. */
  code: number | null;
  headers: Headers;
  /** The decoded body when the answer is JSON. */
  json?: unknown;
  /** The body when the answer is not JSON (the error report of a failed import). */
  blob?: Blob;
  /** The file name of `Content-Disposition`, when present. */
  fileName?: string;
  /** The answer was the 401 that ended the session (the user is being sent to /login). */
  sessionEnded: boolean;
};

const isEnvelope = (body: unknown): body is { message: string } =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { message?: unknown }).message === 'string';

/** Posts a FormData; never throws for an answer (only for a lost connection or cancellation). */
export async function apiUpload(path: string, formData: FormData, options: { query?: Query; signal?: AbortSignal; method?: 'POST' | 'PUT' } = {}): Promise<UploadResult> {
  const { response, sessionEnded } = await send(options.method ?? 'POST', path, { body: formData, query: options.query, signal: options.signal });
  const header = response.headers.get('code');
  const code = header !== null && header.trim() !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
  const result: UploadResult = { ok: response.ok && (code === null || code === 200), status: response.status, code, headers: response.headers, sessionEnded };
  const disposition = response.headers.get('Content-Disposition');
  if (disposition) result.fileName = fileNameFromDisposition(disposition, '');
  if (isJson(response)) {
    result.json = await readJson(response);
    const bodyCode = (result.json as { code?: unknown } | undefined)?.code;
    if (typeof bodyCode === 'number' && bodyCode >= 400) result.ok = false;
    // A success (an import's 'Import successfully', a save's per-item results) in the reader's language, as apiRequest's.
    if (result.ok && isEnvelope(result.json)) result.json = localizedAnswer(result.json);
  } else {
    result.blob = await response.blob();
  }
  return result;
}

export type DownloadOptions = {
  method?: HttpMethod;
  query?: Query;
  body?: unknown;
  /** File name when the answer has no Content-Disposition (spec names defaults, e.g. LeaveFund.xlsx). */
  fallbackName: string;
  signal?: AbortSignal;
};

/**
 * Fetches a file and saves it under its Content-Disposition name. Spec 000 §8: when the server answers a blob
 * request with an error, the body is decoded as JSON and its message thrown (as ApiError). Returns the saved name.
 */
export async function apiDownload(path: string, options: DownloadOptions): Promise<string> {
  const sent = await send(options.method ?? 'GET', path, { query: options.query, body: options.body, signal: options.signal });
  const { response } = sent;
  if (!response.ok) throw await errorOf(sent);
  if (isJson(response)) {
    const body = await readJson(response);
    throw apiErrorFromBody(response.status === 200 ? 400 : response.status, body);
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), options.fallbackName);
  downloadBlob(blob, name);
  return name;
}
