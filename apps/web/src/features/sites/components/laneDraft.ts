import {
  LANE_DEFAULTS,
  type CompassLetter,
  type LaneInput,
  type LaneType,
} from '@roadcount/domain';
import type { Lane } from '../api/sitesApi.ts';

/** Which of the site's two directions a lane is in; its compass point is the site's. */
export type DirectionSlot = 'direction_one' | 'direction_two';

/** A lane in the editor: saved ones keep their id, new ones have a key only. */
export interface LaneDraft {
  key: string;
  id: string | null;
  direction: DirectionSlot;
  laneType: LaneType;
  name: string;
}

/** The saved lanes as the editor holds them, in order from the road centre. */
export function draftsFromLanes(
  lanes: readonly Lane[],
  site: { direction_one: CompassLetter | null; direction_two: CompassLetter | null },
): LaneDraft[] {
  return [...lanes]
    .sort((a, b) => a.position_id - b.position_id)
    .map((lane) => ({
      key: lane.id,
      id: lane.id,
      direction: lane.direction === site.direction_two ? 'direction_two' : 'direction_one',
      laneType: lane.lane_type,
      name: lane.name,
    }));
}

/** The lanes of one direction, nearest the road centre first. */
export function lanesOf(drafts: readonly LaneDraft[], direction: DirectionSlot): LaneDraft[] {
  return drafts.filter((draft) => draft.direction === direction);
}

let sequence = 0;

/** A new road lane (SPEC section 3 defaults) added furthest from the road centre. */
export function addLane(drafts: readonly LaneDraft[], direction: DirectionSlot): LaneDraft[] {
  sequence += 1;
  return [
    ...drafts,
    {
      key: `new-${sequence}`,
      id: null,
      direction,
      laneType: 'ROAD_LANE',
      name: LANE_DEFAULTS.name,
    },
  ];
}

/** Moves a lane one place towards the road centre (-1) or away from it (+1) in its direction. */
export function moveLane(drafts: readonly LaneDraft[], key: string, step: -1 | 1): LaneDraft[] {
  const lane = drafts.find((draft) => draft.key === key);
  if (!lane) return [...drafts];
  const same = lanesOf(drafts, lane.direction);
  const from = same.indexOf(lane);
  const to = from + step;
  if (to < 0 || to >= same.length) return [...drafts];
  const reordered = [...same];
  reordered.splice(from, 1);
  reordered.splice(to, 0, lane);
  let next = 0;
  return drafts.map((draft) =>
    draft.direction === lane.direction ? (reordered[next++] as LaneDraft) : draft,
  );
}

export function setLaneType(drafts: readonly LaneDraft[], key: string, laneType: LaneType) {
  return drafts.map((draft) => (draft.key === key ? { ...draft, laneType } : draft));
}

/** Only a lane not yet saved can go: the number of saved lanes cannot be decreased. */
export function removeNewLane(drafts: readonly LaneDraft[], key: string): LaneDraft[] {
  return drafts.filter((draft) => draft.key !== key || draft.id !== null);
}

/** The lanes as the server takes them: each direction's lanes from the road centre outwards. */
export function laneInputs(
  drafts: readonly LaneDraft[],
  site: { direction_one: CompassLetter | null; direction_two: CompassLetter | null },
): LaneInput[] {
  return (['direction_one', 'direction_two'] as const).flatMap((slot) => {
    const direction = site[slot];
    return direction
      ? lanesOf(drafts, slot).map((draft) => ({
          ...(draft.id ? { id: draft.id } : {}),
          direction,
          lane_type: draft.laneType,
          name: draft.name,
        }))
      : [];
  });
}

/** Whether the lanes differ from the saved ones (type, order or new lanes). */
export function lanesChanged(drafts: readonly LaneDraft[], saved: readonly LaneDraft[]): boolean {
  const shape = (lanes: readonly LaneDraft[]) =>
    JSON.stringify(
      (['direction_one', 'direction_two'] as const).map((slot) =>
        lanesOf(lanes, slot).map((lane) => [lane.id, lane.laneType, lane.name]),
      ),
    );
  return shape(drafts) !== shape(saved);
}
