/**
 * Distances for display only (issue 28: the server decides every punch). Haversine on a sphere of the Earth's mean
 * radius, metres.
 */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export type PlaceLike = { id: number; name: string; latitude: number; longitude: number; radius_m: number };

/** The nearest place to a position with its distance in whole metres, or null when there is none. */
export function nearestPlace<P extends PlaceLike>(places: readonly P[], lat: number, lng: number): { place: P; distance_m: number } | null {
  let best: { place: P; distance_m: number } | null = null;
  for (const place of places) {
    const d = Math.round(haversineMetres(lat, lng, place.latitude, place.longitude));
    if (!best || d < best.distance_m) best = { place, distance_m: d };
  }
  return best;
}
