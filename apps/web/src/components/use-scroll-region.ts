import { useEffect, useRef, type RefObject } from 'react';
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
  const watching = useRef<{ el: HTMLElement; label: string; stop: () => void } | null>(null);
  // After every render: the table's element can be a new one (a list that shows cards on a phone mounts a new table
  // when the window widens again), and an effect keyed on the ref object alone kept watching the old one — the page
  // walk caught a phone-width table without its tab stop that way.
  useEffect(() => {
    const el = table.current?.nativeElement ?? null;
    const current = watching.current;
    if (current?.el === el && current.label === label) return;
    current?.stop();
    watching.current = el ? { el, label, stop: watchScrollBoxes(el, label) } : null;
  });
  useEffect(
    () => () => {
      watching.current?.stop();
      watching.current = null;
    },
    [],
  );
}

/** Keeps the scroll boxes of the table `el` focusable and named while they scroll; answers the function that stops. */
function watchScrollBoxes(el: HTMLElement, label: string): () => void {
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
  if (typeof MutationObserver === 'undefined') return () => undefined;
  // What can make a box hold more than it shows: rows and the empty placeholder coming and going (childList), a text
  // changing in place (characterData: the language), the window (the wrapper's size) and the content's own width —
  // antd sets the columns' widths on their <col> attributes after the rows arrive, which neither of the others sees,
  // so each <table> inside is watched for its size too.
  const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
  const watched = new Set<Element>();
  const watchSizes = () => {
    for (const node of [el, ...el.querySelectorAll('table')]) {
      if (sizes && !watched.has(node)) {
        watched.add(node);
        sizes.observe(node);
      }
    }
  };
  const mutations = new MutationObserver(() => {
    watchSizes();
    update();
  });
  mutations.observe(el, { childList: true, subtree: true, characterData: true });
  watchSizes();
  update();
  return () => {
    mutations.disconnect();
    sizes?.disconnect();
  };
}
