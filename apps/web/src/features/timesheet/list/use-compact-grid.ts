import { useSyncExternalStore } from 'react';
import { gridLayoutOf, type GridLayout } from './day-slots.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const layoutNow = () => gridLayoutOf(window.innerWidth);
/** Without a window (server render) the grid is laid out wide. */
const wide = (): GridLayout => 'wide';

/**
 * Wide, compact (under the 1400 px breakpoint, spec 001 §9) or narrow (768 px or less, spec 000 §9). The snapshot is
 * the layout name, so resizing re-renders the grid only when a breakpoint is crossed.
 */
export function useGridLayout(): GridLayout {
  return useSyncExternalStore(subscribe, layoutNow, wide);
}
