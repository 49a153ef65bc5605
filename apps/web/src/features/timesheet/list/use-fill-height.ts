import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this the grid would show too few rows to work with: the page scrolls instead. */
export const MIN_GRID_BODY = 320;
/** Before the first measure (and without a window): the kit's default body height (spec 000 §9). */
const FIRST_GUESS = 600;
/** The pager under the table (its height and margins) and the content's bottom padding, when not measured yet. */
const PAGER_SPACE = 64;
const BOTTOM_GAP = 16;

/**
 * Issue 26 §12: the grid's scrolling body takes the window's height less what stands above it (layout header, period,
 * filters, statistic, toolbar and the table's own header row) and the pager below, so with the page at its top the
 * table fills the window; never below `MIN_GRID_BODY`.
 */
export function fillHeight(windowHeight: number, bodyTop: number, below: number): number {
  return Math.max(MIN_GRID_BODY, Math.floor(windowHeight - bodyTop - below));
}

/**
 * The body height for the table inside `wrapper`, measured again when the window is resized and when anything above
 * it changes height (the More filters line opening, the toolbar arriving): the wrapper's parent is observed. A change
 * of the table's own height moves nothing above it, so the measure settles at once.
 */
export function useFillHeight(wrapper: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(FIRST_GUESS);
  useLayoutEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const header = el.querySelector('.ant-table-header')?.getBoundingClientRect().height ?? 0;
      const pager = el.querySelector('.ant-table-pagination');
      const pagerSpace = pager ? pager.getBoundingClientRect().height + 32 : PAGER_SPACE;
      setHeight(fillHeight(window.innerHeight, top + header, pagerSpace + BOTTOM_GAP));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' || !el.parentElement ? null : new ResizeObserver(measure);
    if (observer && el.parentElement) observer.observe(el.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [wrapper]);
  return height;
}
