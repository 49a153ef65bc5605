import type { MouseEvent } from 'react';
import { layoutTexts } from './i18n/index.ts';
import './skip-link.css';

/** The id of the layout's main content, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content" (WCAG 2.4.1 Bypass Blocks, issue 26 §4): the first stop of the Tab key, shown only while
 * focused. It moves focus to the main content itself rather than following the `#` link, which would put the hash in
 * the router's URL.
 */
export function SkipLink() {
  const { t } = layoutTexts.useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="tms-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip} data-testid="skip-link">
      {t('skipToContent')}
    </a>
  );
}
