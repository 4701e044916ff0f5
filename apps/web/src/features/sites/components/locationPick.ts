/** Six decimal places: about 0.1 m, finer than any GPS a counter carries. */
const PLACES = 6;

function round(value: number): number {
  return Math.round(value * 10 ** PLACES) / 10 ** PLACES;
}

/**
 * The latitude and longitude of a point picked on the map. The map repeats the world sideways,
 * so longitudes are brought back into -180 to 180; latitudes are clamped to -90 to 90.
 */
export function pickedCoordinates(point: { lng: number; lat: number }): {
  latitude: number;
  longitude: number;
} {
  const wrapped = ((((point.lng + 180) % 360) + 360) % 360) - 180;
  return {
    latitude: round(Math.max(-90, Math.min(90, point.lat))),
    longitude: round(wrapped === -180 && point.lng > 0 ? 180 : wrapped),
  };
}

/** The typed coordinates when both are numbers in range, else null (nothing to mark). */
export function markedPoint(
  latitude: string,
  longitude: string,
): { latitude: number; longitude: number } | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}
