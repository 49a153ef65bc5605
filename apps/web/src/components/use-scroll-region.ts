import { useEffect, type RefObject } from 'react';
import type { TableRef } from 'antd';

/** The boxes antd's Table scrolls in: the body under a fixed header (`scroll.y`), or the whole table when only wide. */
const SCROLL_BOXES = '.ant-table-body, .ant-table-content';

type Box = Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollHeight' | 'clientHeight'>;

/** Whether a box holds more than it shows (a pixel of rounding aside). */
export function scrollsBeyond(box: Box): boolean {
  return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
}

/**
 * Issue 26 §4 (axe scrollable-region-focusable, WCAG 2.1.1): a table's scrolling box that holds more than it shows
 * takes focus and becomes a region named `label`, so the keyboard scrolls it with the arrow keys — also when no row
 * holds a button, or there are no rows at all and only the headers are too wide for a phone. A box that fits gets
 * none of it (no needless tab stop). Watched as the rows, the columns and the window change.
 */
export function useScrollRegion(table: RefObject<TableRef | null>, label: string) {
  useEffect(() => {
    const el = table.current?.nativeElement;
    if (!el || typeof MutationObserver === 'undefined') return;
    const update = () => {
      for (const box of el.querySelectorAll<HTMLElement>(SCROLL_BOXES)) {
        if (scrollsBeyond(box)) {
          if (box.tabIndex !== 0) box.tabIndex = 0;
          if (box.getAttribute('role') !== 'region') box.setAttribute('role', 'region');
          if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
        } else if (box.hasAttribute('tabindex')) {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
        }
      }
    };
    update();
    // Rows and the empty placeholder come and go (childList); the window and the columns resize the table.
    const mutations = new MutationObserver(update);
    mutations.observe(el, { childList: true, subtree: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    sizes?.observe(el);
    return () => {
      mutations.disconnect();
      sizes?.disconnect();
    };
  }, [table, label]);
}
