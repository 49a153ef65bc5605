import { useSyncExternalStore } from 'react';
import { isCompactWidth } from './day-slots.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const compactNow = () => isCompactWidth(window.innerWidth);
/** Without a window (server render) the grid is laid out wide. */
const wide = () => false;

/**
 * Whether the window is under the 1400 px breakpoint (spec 001 §9). The snapshot is the boolean, so resizing
 * re-renders the grid only when the breakpoint is crossed.
 */
export function useCompactGrid(): boolean {
  return useSyncExternalStore(subscribe, compactNow, wide);
}
