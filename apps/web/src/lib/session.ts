import { useSyncExternalStore } from 'react';

/**
 * The stored login session (spec 000 §7: "a bearer access token from the stored session").
 * Kept in localStorage so a reload or a second tab stays signed in; observable so guards re-render
 * the moment it is cleared (401 handling, logout in another tab).
 */
export type Session = { access_token: string; userName: string };

const STORAGE_KEY = 'tms.session';
const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.access_token !== 'string' || typeof parsed.userName !== 'string') return null;
    return { access_token: parsed.access_token, userName: parsed.userName };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current session or null. Returns the same object until the session changes (useSyncExternalStore). */
export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function setSession(session: Session): void {
  cached = { access_token: session.access_token, userName: session.userName };
  globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(cached));
  emit();
}

export function clearSession(): void {
  if (getSession() === null) return;
  cached = null;
  globalThis.localStorage?.removeItem(STORAGE_KEY);
  emit();
}

/** Subscribe to session changes, including those made in another tab. Returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored session (re-renders when it is set or cleared, also from another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== STORAGE_KEY) return;
    cached = read();
    emit();
  });
}
