/** The mean Earth radius (IUGG), in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

const KM_PER_MILE = 1.609344;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two [longitude, latitude] points, by the haversine formula. */
export function haversineKm(
  [fromLongitude, fromLatitude]: readonly [number, number],
  [toLongitude, toLatitude]: readonly [number, number],
): number {
  const latitudeStep = radians(toLatitude - fromLatitude);
  const longitudeStep = radians(toLongitude - fromLongitude);
  const a =
    Math.sin(latitudeStep / 2) ** 2 +
    Math.cos(radians(fromLatitude)) *
      Math.cos(radians(toLatitude)) *
      Math.sin(longitudeStep / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The length of a road section's line of [longitude, latitude] points, start to end, in km. */
export function lineLengthKm(coordinates: readonly (readonly [number, number])[]): number {
  let lengthKm = 0;
  for (let index = 1; index < coordinates.length; index += 1) {
    const from = coordinates[index - 1];
    const to = coordinates[index];
    if (from && to) lengthKm += haversineKm(from, to);
  }
  return lengthKm;
}

/** Kilometres as miles. */
export const kmToMiles = (lengthKm: number) => lengthKm / KM_PER_MILE;
