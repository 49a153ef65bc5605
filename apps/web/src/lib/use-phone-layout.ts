import { useMediaQuery } from './use-media-query.ts';

/**
 * The phone layout's width (issue 26 §3): up to 768 px, as app-layout.css's media query. One owner for every
 * component that changes its markup on a phone (menu drawer, card lists, folded filters, one-day calendar).
 */
export const PHONE_QUERY = '(max-width: 768px)';

/** True on a phone-wide window. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
