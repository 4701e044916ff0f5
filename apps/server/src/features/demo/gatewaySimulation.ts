// A roadstud gateway as the realtime ingest sees one (issue 27): vehicles arrive in each lane
// as a Poisson stream shaped like a working day (a morning peak one way, an evening peak the
// other), drive at speeds around the limit, and pass each stud of their lane's array in turn;
// every second the gateway sends the events of the second, and now and then its pings. What
// `npm run simulate:gateway` posts to a server, and the demo's gateway feeds its own server.
import type { SensorEventInput, DevicePingInput } from '@roadcount/domain';

/** One lane's array, as the simulator drives it. */
export interface SimulatedLane {
  /** The array's studs in the order a vehicle meets them. */
  studs: string[];
  /** Which peak the lane carries: inbound in the morning, outbound in the evening. */
  peak: 'morning' | 'evening';
}

/** A batch as the ingest route takes it. */
export interface GatewayBatch {
  events: SensorEventInput[];
  pings?: DevicePingInput[];
}

export interface SimulatorOptions {
  lanes: SimulatedLane[];
  spacingM: number;
  gatewaySerial: string;
  /** Mean vehicles per minute per lane over a day; the hour of day shapes it. */
  rate: number;
  speedLimitKmh: number;
  /** Hands a batch to the server; answers how many of its events were new. */
  send: (batch: GatewayBatch) => Promise<{ stored: number }>;
  /** Where the vehicles start: now unless earlier, when the past is sent first (a backfill). */
  fromMs?: number;
  /** When to stop, if ever. */
  untilMs?: number;
  /** Stops the run between batches. */
  signal?: AbortSignal;
  /** Told after each batch the server took. */
  onBatch?: (sent: { events: number; stored: number }) => void;
  random?: () => number;
  now?: () => number;
  /** Waits until the next second (setTimeout unless given). */
  sleep?: (ms: number) => Promise<void>;
}

/** Each hour's rate over the day's mean (about 1 on average): peaks at 08:00 and 17:00. */
const MORNING = [
  0.12, 0.07, 0.06, 0.06, 0.12, 0.34, 0.9, 2.2, 2.7, 1.6, 1.1, 1.1, 1.2, 1.2, 1.2, 1.3, 1.4, 1.4,
  1.1, 0.8, 0.6, 0.5, 0.35, 0.2,
];
const EVENING = MORNING.map((_, hour) => MORNING[(hour + 15) % 24] as number);

/** Vehicle kinds as the ARX scheme classes them: [class, share, length range m, axles, km/h]. */
const KINDS: [number, number, [number, number], number, number][] = [
  [1, 0.9, [3.8, 5.2], 2, 0],
  [2, 0.03, [7, 11], 3, -8],
  [3, 0.04, [6, 10], 2, -5],
  [4, 0.01, [8, 12], 3, -6],
  [6, 0.01, [13, 17], 4, -9],
  [9, 0.01, [15.5, 18.5], 6, -10],
];

/** The hour's rate factor for the lane, at `timeMs` (the machine's local hour). */
export function hourFactor(peak: SimulatedLane['peak'], timeMs: number): number {
  const hour = new Date(timeMs).getHours();
  return (peak === 'morning' ? MORNING : EVENING)[hour] as number;
}

/** A normal draw (Box-Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function kindOf(random: () => number) {
  let draw = random();
  for (const kind of KINDS) {
    draw -= kind[1];
    if (draw <= 0) return kind;
  }
  return KINDS[0] as (typeof KINDS)[number];
}

/**
 * The events of the vehicles that reach the lane's first stud in [fromMs, toMs): each passes
 * every stud of the array, `spacingM` apart, at its speed; each stud measures the speed and
 * length a little differently.
 */
export function laneEvents(
  lane: SimulatedLane,
  options: Pick<SimulatorOptions, 'rate' | 'spacingM' | 'speedLimitKmh'>,
  fromMs: number,
  toMs: number,
  random: () => number,
): SensorEventInput[] {
  const events: SensorEventInput[] = [];
  const perMs = (options.rate * hourFactor(lane.peak, fromMs)) / 60_000;
  if (perMs <= 0) return events;
  let time = fromMs - Math.log(1 - random()) / perMs;
  while (time < toMs) {
    const [classIndex, , [shortest, longest], axles, slower] = kindOf(random);
    const speedKmh = Math.max(8, options.speedLimitKmh + slower - 2 + 6 * normal(random));
    const lengthM = shortest + (longest - shortest) * random();
    lane.studs.forEach((sensor, position) => {
      const at = time + (position * options.spacingM * 3600) / speedKmh;
      events.push({
        sensor,
        timestamp: new Date(Math.round(at)).toISOString(),
        speed: Math.round((speedKmh + 0.5 * normal(random)) * 10) / 10,
        length: Math.round((lengthM + 0.1 * normal(random)) * 100) / 100,
        class: classIndex,
        axles,
      });
    });
    time -= Math.log(1 - random()) / perMs;
  }
  return events;
}

/** Every device's ping: battery slowly down, signal around -75 dBm. */
function pings(options: SimulatorOptions, nowMs: number, random: () => number): DevicePingInput[] {
  const serials = [options.gatewaySerial, ...options.lanes.flatMap((lane) => lane.studs)];
  return serials.map((sensor, index) => ({
    sensor,
    timestamp: new Date(nowMs).toISOString(),
    battery_percent: Math.max(5, 96 - index * 3),
    signal_dbm: Math.round(-75 + 6 * normal(random)),
  }));
}

/** How much of the past one batch covers while a run catches up (well under 5,000 events). */
const CATCH_UP_MS = 10 * 60_000;

/**
 * Sends the vehicles from `fromMs` (the past first, ten minutes a batch, as fast as the server
 * takes them), then a second's events each second until `untilMs` or the signal; answers the
 * events sent and stored.
 */
export async function simulateGateway(options: SimulatorOptions) {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const until = options.untilMs ?? Number.POSITIVE_INFINITY;
  let from = Math.min(options.fromMs ?? now(), now());
  let sent = 0;
  let stored = 0;
  let lastPing = Number.NEGATIVE_INFINITY;
  while (now() < until && !options.signal?.aborted) {
    let to = from + CATCH_UP_MS;
    if (to > now()) {
      await sleep(Math.max(0, from + 1000 - now()));
      if (options.signal?.aborted) break;
      to = now();
    }
    const events = options.lanes.flatMap((lane) => laneEvents(lane, options, from, to, random));
    const batch: GatewayBatch = { events };
    if (to - lastPing >= 30_000) {
      batch.pings = pings(options, to, random);
      lastPing = to;
    }
    const answer = await options.send(batch);
    sent += events.length;
    stored += answer.stored;
    options.onBatch?.({ events: events.length, stored: answer.stored });
    from = to;
  }
  return { sent, stored };
}
