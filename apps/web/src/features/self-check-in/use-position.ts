import { useEffect, useState } from 'react';

export type Position = { latitude: number; longitude: number; accuracy_m: number };
export type PositionState =
  | { status: 'locating' }
  | { status: 'ok'; position: Position }
  | { status: 'error'; reason: 'denied' | 'unavailable' | 'timeout' | 'unsupported' };

export function toPosition(p: GeolocationPosition): Position {
  return { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy_m: Math.round(p.coords.accuracy) };
}

function reasonOf(error: GeolocationPositionError): 'denied' | 'unavailable' | 'timeout' {
  if (error.code === 1) return 'denied';
  if (error.code === 3) return 'timeout';
  return 'unavailable';
}

/** The browser's position while the page is open (watchPosition, high accuracy). */
export function usePosition(enabled: boolean): PositionState {
  const [state, setState] = useState<PositionState>({ status: 'locating' });
  useEffect(() => {
    if (!enabled) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'error', reason: 'unsupported' });
      return;
    }
    const id = navigator.geolocation.watchPosition(
      (p) => setState({ status: 'ok', position: toPosition(p) }),
      (e) => setState((old) => (old.status === 'ok' && e.code !== 1 ? old : { status: 'error', reason: reasonOf(e) })),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [enabled]);
  return state;
}

/** One fresh position for a punch, or null when the browser gives none within `timeoutMs`. */
export function currentPosition(timeoutMs = 10_000): Promise<Position | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(toPosition(p)),
      () => resolve(null),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: timeoutMs },
    );
  });
}
