import { useEffect, useState } from 'react';

function read(storageKey: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(storageKey) ?? null;
  } catch {
    return null;
  }
}

function write(storageKey: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(storageKey);
    else globalThis.sessionStorage?.setItem(storageKey, value);
  } catch {
    // Storage may be unavailable (private mode quotas): the tab is then simply not remembered.
  }
}

/** The tab to show: the remembered one while the user may still see it, else the first. */
export function pickTab<Key extends string>(keys: readonly Key[], remembered: string | null): Key | undefined {
  return keys.find((key) => key === remembered) ?? keys[0];
}

/**
 * The active tab of a tabbed page, remembered in sessionStorage between visits and forgotten once the user leaves
 * the page's path (spec 000 §2). Checking the address on unmount, rather than forgetting on every unmount, keeps
 * the tab across remounts on the same path (StrictMode, a guard's spinner); the router has already moved the
 * address when the page unmounts for another path.
 */
export function useRememberedTab<Key extends string>(storageKey: string, ownPath: string, keys: readonly Key[]) {
  const [remembered, setRemembered] = useState(() => read(storageKey));

  useEffect(
    () => () => {
      if (globalThis.location?.pathname !== ownPath) write(storageKey, null);
    },
    [storageKey, ownPath],
  );

  const select = (key: Key) => {
    setRemembered(key);
    write(storageKey, key);
  };

  return [pickTab(keys, remembered), select] as const;
}
