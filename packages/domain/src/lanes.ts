import { z } from 'zod';
import { plainText } from './plainText.ts';
import { type CompassLetter } from './sites.ts';

/** SPEC section 3: what a lane carries. */
export const LANE_TYPES = [
  'UNDEFINED',
  'ROAD_LANE',
  'BIKE_LANE',
  'SHARED_PATH',
  'PARKING',
] as const;
export type LaneType = (typeof LANE_TYPES)[number];

/** SPEC section 3: a new lane's values; position 0 is the lane next to the road centre. */
export const LANE_DEFAULTS = {
  name: 'lane',
  position_id: 0,
  device_array_type: 1,
  analytics_config_id: 1,
  contraflow: true,
} as const;

/** The lane rules' messages, which the web app translates by these keys. */
export const LANE_MESSAGES = {
  decreased: 'The number of lanes cannot be decreased',
  laneType: 'must be a lane type',
  direction: "must be one of the site's directions",
  name: 'must be 1 to 100 characters',
  unknownLane: 'is not a lane of this site',
  repeated: 'names the same lane twice',
  directionHasLanes: 'has lanes, so it cannot be removed',
} as const;

/** One lane as the editor sends it: an id when it is already saved, none when it is new. */
export const laneInputSchema = z.object({
  id: z.string().nullable().optional(),
  direction: z.enum(['N', 'E', 'S', 'W'], { error: LANE_MESSAGES.direction }),
  lane_type: z.enum(LANE_TYPES, { error: LANE_MESSAGES.laneType }),
  name: plainText()
    .trim()
    .min(1, LANE_MESSAGES.name)
    .max(100, LANE_MESSAGES.name)
    .default(LANE_DEFAULTS.name),
});
export type LaneInput = z.input<typeof laneInputSchema>;

/**
 * A site's lanes, in order from the road centre within each direction. SPEC section 5: the
 * number of lanes cannot be decreased, so every saved lane stays (its type and order may change).
 */
export function laneListSchema(
  existingIds: readonly string[],
  directions: readonly CompassLetter[],
) {
  return z.array(laneInputSchema).superRefine((lanes, context) => {
    const sent = lanes.map((lane) => lane.id).filter((id): id is string => Boolean(id));
    if (lanes.length < existingIds.length || existingIds.some((id) => !sent.includes(id)))
      context.addIssue({ code: 'custom', path: [], message: LANE_MESSAGES.decreased });
    lanes.forEach((lane, index) => {
      if (lane.id && !existingIds.includes(lane.id))
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: LANE_MESSAGES.unknownLane,
        });
      if (lane.id && sent.indexOf(lane.id) !== sent.lastIndexOf(lane.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: LANE_MESSAGES.repeated });
      if (!directions.includes(lane.direction))
        context.addIssue({
          code: 'custom',
          path: [index, 'direction'],
          message: LANE_MESSAGES.direction,
        });
    });
  });
}

/** Each lane's position from the road centre (0 nearest) within its direction, in list order. */
export function lanePositions(lanes: readonly { direction: string }[]): number[] {
  const seen = new Map<string, number>();
  return lanes.map((lane) => {
    const position = seen.get(lane.direction) ?? LANE_DEFAULTS.position_id;
    seen.set(lane.direction, position + 1);
    return position;
  });
}

/** The site directions a change would take away from saved lanes (SPEC section 5: lanes stay). */
export function directionsLeavingLanes(
  laneDirections: readonly (string | null)[],
  before: { direction_one: string | null; direction_two: string | null },
  after: { direction_one: string | null; direction_two: string | null },
): ('direction_one' | 'direction_two')[] {
  return (['direction_one', 'direction_two'] as const).filter(
    (field) =>
      before[field] !== null && after[field] === null && laneDirections.includes(before[field]),
  );
}
