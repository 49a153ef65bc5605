import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref for the element around a selectable antd Table. antd copies the header, the 'Select all' checkbox included,
 * into an aria-hidden zero-height row that measures the columns; the copy must not take keyboard focus (WCAG 4.1.2,
 * axe aria-hidden-focus), so every focusable element in it gets tabindex -1, now and whenever the table re-renders.
 */
export function useUnfocusMeasureRow(): RefObject<HTMLDivElement | null> {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const unfocus = () => {
      for (const el of root.querySelectorAll('.ant-table-measure-row :is(input, button, a[href], [tabindex]:not([tabindex="-1"]))')) el.setAttribute('tabindex', '-1');
    };
    unfocus();
    const observer = new MutationObserver(unfocus);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return wrapper;
}
