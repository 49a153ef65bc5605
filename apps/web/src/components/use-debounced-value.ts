import { useEffect, useState } from 'react';

/** `value`, updated only after it has stayed unchanged for `delayMs` (spec 000 §9: remote search debounce 1000 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
