/** A [longitude, latitude] pair, as the API and the map take points. */
export type LonLat = [number, number];

/** A problem with the points as typed: which line, and what is wrong with it. */
export type PointsProblem =
  | { key: 'hardware.sections.pointLine'; line: number }
  | { key: 'hardware.sections.latitudeRange'; line: number; value: number }
  | { key: 'hardware.sections.longitudeRange'; line: number; value: number }
  | { key: 'hardware.sections.fewPoints' };

/** The points read from the text, and the first problem with them (null when there is none). */
export interface ReadPoints {
  points: LonLat[];
  problem: PointsProblem | null;
}

/**
 * The points as typed, one "latitude, longitude" a line (as maps show them), as the section's
 * line of [longitude, latitude] pairs; the points stop at the first line that is not a point.
 */
export function readPoints(text: string): ReadPoints {
  const points: LonLat[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    const parts = line
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number);
    const [latitude, longitude] = parts;
    const lineNumber = index + 1;
    if (
      parts.length !== 2 ||
      latitude === undefined ||
      longitude === undefined ||
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude)
    )
      return { points, problem: { key: 'hardware.sections.pointLine', line: lineNumber } };
    if (Math.abs(latitude) > 90)
      return {
        points,
        problem: { key: 'hardware.sections.latitudeRange', line: lineNumber, value: latitude },
      };
    if (Math.abs(longitude) > 180)
      return {
        points,
        problem: { key: 'hardware.sections.longitudeRange', line: lineNumber, value: longitude },
      };
    points.push([longitude, latitude]);
  }
  return { points, problem: points.length >= 2 ? null : { key: 'hardware.sections.fewPoints' } };
}

/** Six decimals of a degree are about 0.1 m: finer than a click on the map can mean. */
const roundDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The points as the text field shows them: one "latitude, longitude" a line. */
export const pointsText = (points: readonly LonLat[]) =>
  points
    .map(([longitude, latitude]) => `${roundDegrees(latitude)}, ${roundDegrees(longitude)}`)
    .join('\n');

/** A point where the map was clicked, rounded as the text field shows it. */
export const mapPoint = (longitude: number, latitude: number): LonLat => [
  roundDegrees(longitude),
  roundDegrees(latitude),
];
