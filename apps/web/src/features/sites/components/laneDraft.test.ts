import { describe, expect, it } from 'vitest';
import type { Lane } from '../api/sitesApi.ts';
import {
  addLane,
  draftsFromLanes,
  laneInputs,
  lanesChanged,
  lanesOf,
  moveLane,
  removeNewLane,
} from './laneDraft.ts';

const site = { direction_one: 'N', direction_two: 'S' } as const;
const saved: Lane[] = [
  { id: 'n1', direction: 'N', position_id: 1, lane_type: 'BIKE_LANE', name: 'lane' },
  { id: 's0', direction: 'S', position_id: 0, lane_type: 'ROAD_LANE', name: 'lane' },
  { id: 'n0', direction: 'N', position_id: 0, lane_type: 'ROAD_LANE', name: 'lane' },
];

describe('the lanes being edited', () => {
  it('hold each direction’s saved lanes from the road centre', () => {
    const drafts = draftsFromLanes(saved, site);
    expect(lanesOf(drafts, 'direction_one').map((lane) => lane.id)).toEqual(['n0', 'n1']);
    expect(lanesOf(drafts, 'direction_two').map((lane) => lane.id)).toEqual(['s0']);
  });

  it('add a road lane furthest from the centre, which can be moved and removed', () => {
    const drafts = draftsFromLanes(saved, site);
    const added = addLane(drafts, 'direction_one');
    const fresh = added[added.length - 1];
    expect(fresh).toMatchObject({ id: null, laneType: 'ROAD_LANE', name: 'lane' });
    const moved = moveLane(added, fresh?.key ?? '', -1);
    expect(lanesOf(moved, 'direction_one').map((lane) => lane.id)).toEqual(['n0', null, 'n1']);
    expect(lanesChanged(moved, drafts)).toBe(true);
    expect(removeNewLane(moved, fresh?.key ?? '')).toHaveLength(3);
    // A saved lane is never removed.
    expect(removeNewLane(moved, 'n0')).toHaveLength(4);
  });

  it('are sent with the site’s compass points, from the centre outwards', () => {
    const drafts = moveLane(draftsFromLanes(saved, site), 'n1', -1);
    expect(laneInputs(drafts, { direction_one: 'E', direction_two: 'W' })).toEqual([
      { id: 'n1', direction: 'E', lane_type: 'BIKE_LANE', name: 'lane' },
      { id: 'n0', direction: 'E', lane_type: 'ROAD_LANE', name: 'lane' },
      { id: 's0', direction: 'W', lane_type: 'ROAD_LANE', name: 'lane' },
    ]);
    expect(lanesChanged(draftsFromLanes(saved, site), draftsFromLanes(saved, site))).toBe(false);
  });
});
