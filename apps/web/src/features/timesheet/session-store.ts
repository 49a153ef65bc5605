/**
 * sessionStorage access for the Timesheet page (spec 001 §9: the list's page, size, sort and filter are
 * "remembered for the session"). Keys carry the user name so a second sign-in in the same browser tab starts clean.
 */
export function sessionKey(base: string, userName: string | undefined): string {
  return userName ? `${base}:${userName}` : base;
}

/** The stored JSON value, or undefined when absent, unreadable or storage is unavailable. */
export function readSessionJson(key: string): unknown {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be full or disabled (private mode): the state is then simply not remembered.
  }
}
