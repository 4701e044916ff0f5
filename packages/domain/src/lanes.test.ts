import { describe, expect, it } from 'vitest';
import {
  directionsLeavingLanes,
  LANE_DEFAULTS,
  LANE_TYPES,
  laneListSchema,
  lanePositions,
} from './lanes.ts';

const problems = (existing: string[], lanes: unknown[]) =>
  laneListSchema(existing, ['N', 'S'])
    .safeParse(lanes)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('lanes', () => {
  it('has the lane types and defaults of SPEC section 3', () => {
    expect(LANE_TYPES).toEqual(['UNDEFINED', 'ROAD_LANE', 'BIKE_LANE', 'SHARED_PATH', 'PARKING']);
    expect(LANE_DEFAULTS).toEqual({
      name: 'lane',
      position_id: 0,
      device_array_type: 1,
      analytics_config_id: 1,
      contraflow: true,
    });
  });

  it('accepts new lanes, a changed type and a new order', () => {
    expect(
      problems(
        ['a'],
        [
          { direction: 'N', lane_type: 'BIKE_LANE' },
          { id: 'a', direction: 'N', lane_type: 'PARKING' },
        ],
      ),
    ).toBeUndefined();
    const parsed = laneListSchema([], ['N']).parse([{ direction: 'N', lane_type: 'ROAD_LANE' }]);
    expect(parsed[0]?.name).toBe('lane');
  });

  it('refuses fewer lanes, a saved lane left out, and a direction the site does not have', () => {
    expect(problems(['a', 'b'], [{ id: 'a', direction: 'N', lane_type: 'ROAD_LANE' }])).toEqual([
      ': The number of lanes cannot be decreased',
    ]);
    expect(
      problems(
        ['a'],
        [
          { direction: 'N', lane_type: 'ROAD_LANE' },
          { id: 'a', direction: 'E', lane_type: 'ROAD_LANE' },
        ],
      ),
    ).toEqual(["1.direction: must be one of the site's directions"]);
    expect(problems([], [{ direction: 'N', lane_type: 'TRAM' }])).toEqual([
      '0.lane_type: must be a lane type',
    ]);
    expect(problems(['a'], [{ id: 'b', direction: 'S', lane_type: 'ROAD_LANE' }])).toEqual([
      ': The number of lanes cannot be decreased',
      '0.id: is not a lane of this site',
    ]);
  });

  it('numbers lanes from the road centre within each direction', () => {
    expect(lanePositions([{ direction: 'N' }, { direction: 'S' }, { direction: 'N' }])).toEqual([
      0, 0, 1,
    ]);
  });

  it('keeps a direction that has lanes from being removed', () => {
    const before = { direction_one: 'N', direction_two: 'S' };
    expect(
      directionsLeavingLanes(['S'], before, { direction_one: 'N', direction_two: null }),
    ).toEqual(['direction_two']);
    expect(
      directionsLeavingLanes(['N'], before, { direction_one: 'N', direction_two: null }),
    ).toEqual([]);
    expect(
      directionsLeavingLanes(['N'], before, { direction_one: 'E', direction_two: 'W' }),
    ).toEqual([]);
  });
});
