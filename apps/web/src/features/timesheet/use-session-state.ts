import { useCallback, useEffect, useState } from 'react';
import { readSessionJson, writeSessionJson } from './session-store.ts';

type Stored<T> = { key: string; value: T };

/**
 * State kept in sessionStorage under `key` (spec 001 §9 "remembered for the session"): read once per key through
 * `parse` (which must accept anything, including undefined), written back on every change. The setter is stable
 * and an update returning the same value changes nothing (no re-render).
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
