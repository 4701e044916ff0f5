import { MISSING_INTEGER } from '@roadcount/analytics';

/** One stored event of a stud, as correlation reads it. */
export interface StudEvent {
  deviceId: string;
  timeMs: number;
  speedMps: number | null;
  lengthM: number | null;
  classIndex: number | null;
  axles: number | null;
}

/** One vehicle as an array measured it. */
export interface CorrelatedVehicle {
  timeMs: number;
  speedMps: number;
  lengthM: number;
  classIndex: number;
  axles: number;
  /** The instant after which no later event can join it (its last event plus its wait). */
  endMs: number;
}

/**
 * How far a stud's event may be from the instant the vehicle's speed says it should reach the
 * stud and still be the same vehicle: the studs' clocks and the speed are both a little off.
 */
export const CORRELATION_TOLERANCE_MS = 250;
/** Without a speed, a later stud's event within this of the previous stud's is the same vehicle. */
export const CORRELATION_WINDOW_MS = 1000;

interface Group {
  events: StudEvent[];
  lastPosition: number;
  lastMs: number;
  speedMps: number | null;
}

const mean = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;

function vehicleOf(group: Group, waitMs: number): CorrelatedVehicle {
  const first = group.events[0] as StudEvent;
  const known = (pick: (event: StudEvent) => number | null) =>
    group.events.map(pick).filter((value): value is number => value !== null);
  const axles = known((event) => event.axles);
  return {
    timeMs: first.timeMs,
    speedMps: mean(known((event) => event.speedMps)),
    lengthM: mean(known((event) => event.lengthM)),
    classIndex: first.classIndex ?? known((event) => event.classIndex)[0] ?? MISSING_INTEGER,
    axles: axles.length === 0 ? MISSING_INTEGER : Math.max(...axles),
    endMs: group.lastMs + waitMs,
  };
}

/** Whether the event at `position` continues the group: a later stud, when the speed says. */
function continues(group: Group, position: number, event: StudEvent, spacingM: number) {
  if (position <= group.lastPosition) return false;
  const elapsed = event.timeMs - group.lastMs;
  if (elapsed < 0) return false;
  if (!group.speedMps || group.speedMps <= 0) return elapsed <= CORRELATION_WINDOW_MS;
  const expected = ((position - group.lastPosition) * spacingM * 1000) / group.speedMps;
  return Math.abs(elapsed - expected) <= CORRELATION_TOLERANCE_MS;
}

/**
 * The vehicles an array's studs measured: a vehicle meets the studs in the array's order, so an
 * event of a later stud that comes when the vehicle's speed says it would reach that stud (within
 * CORRELATION_TOLERANCE_MS) is the same vehicle; any other event is a new one. A vehicle's time
 * is its first event's, its speed and length the mean of its events', its class the first given,
 * its axles the most any stud counted.
 */
export function correlateArray(
  studIds: readonly string[],
  spacingM: number,
  events: readonly StudEvent[],
): CorrelatedVehicle[] {
  const positions = new Map(studIds.map((id, index) => [id, index]));
  const sorted = events
    .filter((event) => positions.has(event.deviceId))
    .sort(
      (a, b) =>
        a.timeMs - b.timeMs ||
        (positions.get(a.deviceId) as number) - (positions.get(b.deviceId) as number),
    );
  const vehicles: CorrelatedVehicle[] = [];
  let open: Group[] = [];
  // The longest a group may wait for its next event: until the vehicle would pass the last stud.
  const waitMs = (group: Group) =>
    group.speedMps && group.speedMps > 0
      ? ((studIds.length - 1 - group.lastPosition) * spacingM * 1000) / group.speedMps +
        CORRELATION_TOLERANCE_MS
      : CORRELATION_WINDOW_MS;
  for (const event of sorted) {
    const position = positions.get(event.deviceId) as number;
    const stillOpen: Group[] = [];
    for (const group of open)
      if (event.timeMs - group.lastMs > waitMs(group))
        vehicles.push(vehicleOf(group, waitMs(group)));
      else stillOpen.push(group);
    open = stillOpen;
    const joined = open.find((group) => continues(group, position, event, spacingM));
    if (joined) {
      joined.events.push(event);
      joined.lastPosition = position;
      joined.lastMs = event.timeMs;
      joined.speedMps ??= event.speedMps;
    } else
      open.push({
        events: [event],
        lastPosition: position,
        lastMs: event.timeMs,
        speedMps: event.speedMps,
      });
  }
  for (const group of open) vehicles.push(vehicleOf(group, waitMs(group)));
  return vehicles.sort((a, b) => a.timeMs - b.timeMs);
}
