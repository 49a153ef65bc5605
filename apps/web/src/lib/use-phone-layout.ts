import { useSyncExternalStore } from 'react';

/**
 * The phone layout's width (issue 26 §3): up to 768 px, as app-layout.css's media query. One owner for every
 * component that changes its markup on a phone (menu drawer, card lists, folded filters, one-day calendar).
 */
export const PHONE_QUERY = '(max-width: 768px)';

const media = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * True on a phone-wide window. Read synchronously from matchMedia rather than antd's Grid.useBreakpoint, which answers
 * `{}` on the first render: a desktop page would mount its phone markup once and then swap it (remounting forms).
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
