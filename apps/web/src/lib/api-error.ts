import { CLIENT_MESSAGES } from '@tms/contracts/api';
import type { MessageRef } from '@tms/contracts/message-format';

/**
 * A failed API call: HTTP status, the server's message and its full `messages` list (RULES.md §1), each with the key
 * and parameters the server sent beside it (issue 25), so it can be shown in the reader's language
 * (server-messages.ts) without matching English text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Every message of the answer (`messages`, else the single `message`); never empty. English, as sent. */
  readonly messages: string[];
  /** `details[i]` is the key and parameters of `messages[i]`; null where the text has none. Same length. */
  readonly details: (MessageRef | null)[];
  /** The key and parameters of `message`, null when it has none. */
  readonly messageRef: MessageRef | null;
  /** The decoded answer body, when there was one. */
  readonly body: unknown;
  /** True when this 401 ended the stored session: the guard sends the user to /login, so no notice is needed. */
  readonly sessionExpired: boolean;

  constructor(
    status: number,
    message: string,
    messages?: readonly string[],
    body?: unknown,
    sessionExpired = false,
    keys: { messageRef?: MessageRef | null; details?: readonly (MessageRef | null)[] } = {},
  ) {
    super(message);
    this.status = status;
    const listed = messages && messages.length > 0;
    this.messages = listed ? [...messages] : [message];
    this.messageRef = keys.messageRef ?? null;
    this.details = listed ? this.messages.map((_, i) => keys.details?.[i] ?? null) : [this.messageRef];
    this.body = body;
    this.sessionExpired = sessionExpired;
  }
}

const UNREACHABLE_REF: MessageRef = { key: 'client.unreachable', params: {} };

/** Text used when the server gave none (proxy error page, empty body). */
export function fallbackMessage(status: number): string {
  if (status === 0) return CLIENT_MESSAGES.unreachable;
  return CLIENT_MESSAGES.requestFailed(status);
}

/** The key of fallbackMessage(status), so it is shown in the reader's language too. */
export function fallbackMessageRef(status: number): MessageRef {
  return status === 0 ? UNREACHABLE_REF : { key: 'client.requestFailed', params: { status: String(status) } };
}

/** The error for a call that got no answer at all (no connection). */
export function unreachableError(): ApiError {
  return new ApiError(0, fallbackMessage(0), undefined, undefined, false, { messageRef: UNREACHABLE_REF });
}

function asRef(value: unknown): MessageRef | null {
  if (!value || typeof value !== 'object') return null;
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || !key) return null;
  const texts = params && typeof params === 'object' ? Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  return { key, params: Object.fromEntries(texts) };
}

/**
 * Builds the error of a failed answer from its decoded body. Login failures carry `errorMessage`
 * (spec 002 §7), every other failure `message` and optionally `messages`; `messageKey`/`params` name the message
 * and `details[i]` names `messages[i]`.
 */
export function apiErrorFromBody(status: number, body: unknown, sessionExpired = false): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; messages?: unknown; errorMessage?: unknown; messageKey?: unknown; params?: unknown; details?: unknown };
  const sentDetails = Array.isArray(b.details) ? b.details : [];
  const pairs = (Array.isArray(b.messages) ? b.messages : [])
    .map((text: unknown, i) => ({ text, ref: asRef(sentDetails[i]) }))
    .filter((p): p is { text: string; ref: MessageRef | null } => typeof p.text === 'string' && p.text.length > 0);
  const list = pairs.map((p) => p.text);
  const fromServer = (typeof b.errorMessage === 'string' && b.errorMessage) || (typeof b.message === 'string' && b.message) || '';
  const message = fromServer || list[0] || fallbackMessage(status);
  const messageRef = fromServer ? asRef({ key: b.messageKey, params: b.params }) : (pairs[0]?.ref ?? (list[0] ? null : fallbackMessageRef(status)));
  return new ApiError(status, message, list.length > 0 ? list : [message], body, sessionExpired, {
    messageRef,
    details: list.length > 0 ? pairs.map((p) => p.ref) : [messageRef],
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
