import { useCallback, useEffect, useState } from 'react';

/**
 * State "remembered for the session" (spec 001 §2.6, §9: the Timesheet list and tab, the Explanation Management
 * filter): a JSON value in sessionStorage. Keys carry the user name (`sessionKey`) so a second sign-in in the same
 * browser tab starts clean.
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

type Stored<T> = { key: string; value: T };

/**
 * State kept in sessionStorage under `key`: read once per key through `parse` (which must accept anything,
 * including undefined), written back on every change. The setter is stable and an update returning the same value
 * changes nothing (no re-render).
 */
export function useSessionState<T>(key: string, parse: (raw: unknown) => T) {
  const [state, setState] = useState<Stored<T>>(() => ({ key, value: parse(readSessionJson(key)) }));
  // Another user signed in within the same tab: read their own state.
  let current = state;
  if (state.key !== key) {
    current = { key, value: parse(readSessionJson(key)) };
    setState(current);
  }

  useEffect(() => writeSessionJson(current.key, current.value), [current.key, current.value]);

  const update = useCallback(
    (next: T | ((prev: T) => T)) =>
      setState((prev) => {
        const value = typeof next === 'function' ? (next as (prev: T) => T)(prev.value) : next;
        return Object.is(value, prev.value) ? prev : { key: prev.key, value };
      }),
    [],
  );

  return [current.value, update] as const;
}
