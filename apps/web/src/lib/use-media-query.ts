import { useSyncExternalStore } from 'react';

const media = (query: string): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/**
 * Whether a CSS media query matches now, following its changes. Read synchronously from matchMedia rather than antd's
 * Grid.useBreakpoint, which answers `{}` on the first render: a page would mount one markup once and then swap it
 * (remounting forms).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => media(query)?.matches ?? false,
    () => false,
  );
}
