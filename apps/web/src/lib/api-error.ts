/** A failed API call: HTTP status, the server's message and its full `messages` list (RULES.md §1). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Every message of the answer (`messages`, else the single `message`); never empty. */
  readonly messages: string[];
  /** The decoded answer body, when there was one. */
  readonly body: unknown;
  /** True when this 401 ended the stored session: the guard sends the user to /login, so no notice is needed. */
  readonly sessionExpired: boolean;

  constructor(status: number, message: string, messages?: readonly string[], body?: unknown, sessionExpired = false) {
    super(message);
    this.status = status;
    this.messages = messages && messages.length > 0 ? [...messages] : [message];
    this.body = body;
    this.sessionExpired = sessionExpired;
  }
}

/** Text used when the server gave none (proxy error page, empty body). */
export function fallbackMessage(status: number): string {
  if (status === 0) return 'Cannot reach the server. Check your connection and try again.';
  return `Request failed (${status})`;
}

/**
 * Builds the error of a failed answer from its decoded body. Login failures carry `errorMessage`
 * (spec 002 §7), every other failure `message` and optionally `messages`.
 */
export function apiErrorFromBody(status: number, body: unknown, sessionExpired = false): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; messages?: unknown; errorMessage?: unknown };
  const list = Array.isArray(b.messages) ? b.messages.filter((m): m is string => typeof m === 'string' && m.length > 0) : [];
  const message =
    (typeof b.errorMessage === 'string' && b.errorMessage) ||
    (typeof b.message === 'string' && b.message) ||
    list[0] ||
    fallbackMessage(status);
  return new ApiError(status, message, list.length > 0 ? list : [message], body, sessionExpired);
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
