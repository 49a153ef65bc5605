import { distanceMetres } from '@tms/contracts/self-check-in';

/** Distances for display only (issue 28: the server decides every punch, with the same distanceMetres). */
export type PlaceLike = { id: number; name: string; latitude: number; longitude: number; radius_m: number };

/** The nearest place to a position with its distance in whole metres, or null when there is none. */
export function nearestPlace<P extends PlaceLike>(places: readonly P[], lat: number, lng: number): { place: P; distance_m: number } | null {
  let best: { place: P; distance_m: number } | null = null;
  for (const place of places) {
    const d = Math.round(distanceMetres(lat, lng, place.latitude, place.longitude));
    if (!best || d < best.distance_m) best = { place, distance_m: d };
  }
  return best;
}
