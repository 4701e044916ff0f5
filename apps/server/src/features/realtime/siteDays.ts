import { concatColumns, VehicleColumnsBuilder } from '@roadcount/analytics';
import { randomUUID } from 'node:crypto';
import type { RealtimeDayFiles, SiteData } from '../siteData/index.ts';
import { correlateArray, type CorrelatedVehicle } from './correlate.ts';
import type { RealtimeRepository } from './realtime.repository.ts';

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) an instant falls in: a realtime site's day files are UTC days. */
export const utcDay = (timeMs: number) => new Date(timeMs).toISOString().slice(0, 10);

/** The UTC days from `from` up to (not including) `to`. */
export function utcDaysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let time = Date.parse(utcDay(from.getTime())); time < to.getTime(); time += DAY_MS)
    days.push(utcDay(time));
  return days;
}

interface LaneVehicle extends CorrelatedVehicle {
  lane: number;
  direction: number;
}

/**
 * The day's vehicles as columns: time order, each vehicle's headway the seconds since the one
 * before it in its lane, its gap that less the time the one before took to pass (its length at
 * its speed). Measures are kept as counters record them (speed to 0.1 km/h, length and gap to
 * 0.01), so that the site-detail scan file codes them exactly.
 */
function columnsOf(vehicles: LaneVehicle[], previousInLane = new Map<number, LaneVehicle>()) {
  vehicles.sort((a, b) => a.timeMs - b.timeMs || a.lane - b.lane);
  const builder = new VehicleColumnsBuilder();
  for (const vehicle of vehicles) {
    const previous = previousInLane.get(vehicle.lane);
    const headwayS = previous ? (vehicle.timeMs - previous.timeMs) / 1000 : Number.NaN;
    const passS = previous ? previous.lengthM / previous.speedMps : Number.NaN;
    const gapS = Number.isFinite(passS) ? Math.max(0, headwayS - passS) : Number.NaN;
    builder.push({
      timeMs: vehicle.timeMs,
      lane: vehicle.lane,
      direction: vehicle.direction,
      classIndex: vehicle.classIndex,
      speedMps: Math.round(vehicle.speedMps * 3.6 * 10) / 10 / 3.6,
      lengthM: Math.round(vehicle.lengthM * 100) / 100,
      headwayS,
      gapS: Math.round(gapS * 100) / 100,
      axles: vehicle.axles,
      wheelbaseM: Number.NaN,
      rho: Number.NaN,
    });
    previousInLane.set(vehicle.lane, vehicle);
  }
  return concatColumns(builder.batches());
}

/** A mapping as correlation reads it, for one day. */
type DayMapping = Awaited<ReturnType<RealtimeRepository['siteMappings']>>[number];

/** One mapping's vehicles of a day so far, in time order, and what bounds their reach. */
interface LaneVehicles {
  /** The mapping's part of the day: [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  vehicles: LaneVehicle[];
  /** The longest any of them reaches past its own time (`endMs - timeMs`). */
  maxReachMs: number;
}

/** What a site day's last correlation left: enough to correlate only newer events. */
interface DayState {
  /** The day file's version as written then: another writer (a recorrelation) changes it. */
  version: string;
  /** The mappings and lanes it was correlated with: a change means a full rebuild. */
  setup: string;
  lanes: LaneVehicles[];
  /** The day's files as written then, appended to next time; none when nothing was written. */
  files: RealtimeDayFiles | undefined;
}

/** Site days kept in memory: a site receives one day at a time, so a few per site suffice. */
const KEPT_DAY_STATES = 64;

/**
 * The earliest instant from which correlating a lane's events again gives what correlating all
 * of them would: at or before `fromMs`, and such that every vehicle before it is out of reach
 * (its `endMs` before it), so that no event from then on could have joined one of them.
 */
export function quietCut(lane: LaneVehicles, fromMs: number): number {
  let cut = Math.max(lane.fromMs, fromMs);
  for (let index = lane.vehicles.length - 1; index >= 0; index -= 1) {
    const vehicle = lane.vehicles[index] as LaneVehicle;
    // This one and every earlier one end before the cut.
    if (vehicle.timeMs + lane.maxReachMs < cut) break;
    if (vehicle.timeMs < cut && vehicle.endMs >= cut) cut = vehicle.timeMs;
  }
  return cut;
}

const reachOf = (vehicles: readonly LaneVehicle[], reach = 0) =>
  vehicles.reduce((most, vehicle) => Math.max(most, vehicle.endMs - vehicle.timeMs), reach);

/**
 * A realtime site's vehicles of a UTC day from its arrays' stored events: each mapping's
 * array's events within the mapping's window become vehicles of the mapped lane (its direction;
 * lane numbers count the site's lanes from the centre, from 1), and the day's file is replaced
 * through siteData. `rebuild` correlates the whole day again (recorrelation; running it twice
 * changes nothing); `update` correlates only the events from a given instant on, from the last
 * correlation of the day kept in memory, and gives the same vehicles as `rebuild` would.
 */
export function createSiteDays(deps: { repository: RealtimeRepository; siteData: SiteData }) {
  const { repository } = deps;
  const states = new Map<string, DayState>();

  async function setupOf(siteId: string, day: string) {
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    const dayEnd = dayStart + DAY_MS;
    const [mappings, laneIds] = await Promise.all([
      repository.siteMappings(siteId, new Date(dayStart), new Date(dayEnd)),
      repository.siteLaneIds(siteId),
    ]);
    const parts = mappings
      .map((mapping) => ({
        mapping,
        lane: laneIds.indexOf(mapping.laneId) + 1,
        fromMs: Math.max(dayStart, mapping.validFrom.getTime()),
        toMs: Math.min(dayEnd, mapping.validTo?.getTime() ?? dayEnd),
      }))
      .filter((part) => part.fromMs < part.toMs);
    const setup = JSON.stringify(
      parts.map(({ mapping, lane, fromMs, toMs }) => [
        mapping.deviceIds,
        mapping.spacingM,
        mapping.direction,
        lane,
        fromMs,
        toMs,
      ]),
    );
    return { parts, setup };
  }

  /** The mapping's vehicles from its events in [fromMs, toMs). */
  async function correlated(
    part: { mapping: DayMapping; lane: number },
    fromMs: number,
    toMs: number,
  ) {
    const { mapping } = part;
    const events = await repository.events(mapping.deviceIds, new Date(fromMs), new Date(toMs));
    return correlateArray(mapping.deviceIds, mapping.spacingM, events).map(
      (vehicle): LaneVehicle => ({
        ...vehicle,
        lane: part.lane,
        direction: mapping.direction,
      }),
    );
  }

  /**
   * Writes the day's vehicles from `cutMs` on (those before are as last written, in `kept`;
   * without it, all of them), and keeps what correlating newer events needs.
   */
  async function write(
    site: { organisationId: string },
    siteId: string,
    day: string,
    state: Pick<DayState, 'setup' | 'lanes'>,
    kept: { files: RealtimeDayFiles; cutMs: number } | undefined,
    rollups: boolean,
  ) {
    const version = `realtime-${randomUUID()}`;
    const key = `${siteId}|${day}`;
    states.delete(key);
    const cutMs = kept?.cutMs ?? Number.NEGATIVE_INFINITY;
    // Each lane's last vehicle before the cut: the new ones' headways count from it.
    const previousInLane = new Map<number, LaneVehicle>();
    const tail: LaneVehicle[] = [];
    let keep = 0;
    for (const lane of state.lanes)
      for (const vehicle of lane.vehicles) {
        if (vehicle.timeMs >= cutMs) tail.push(vehicle);
        else {
          keep += 1;
          const previous = previousInLane.get(vehicle.lane);
          if (!previous || previous.timeMs <= vehicle.timeMs)
            previousInLane.set(vehicle.lane, vehicle);
        }
      }
    const files = await deps.siteData.writeRealtimeDay({
      organisationId: site.organisationId,
      siteId,
      day,
      version,
      previous: kept?.files,
      keep,
      tail: columnsOf(tail, previousInLane),
      rollups,
    });
    states.set(key, { ...state, version, files });
    if (states.size > KEPT_DAY_STATES) states.delete(states.keys().next().value as string);
    return keep + tail.length;
  }

  const siteDays = {
    /** Answers the vehicles the day now holds, or undefined for a site that is gone. */
    async rebuild(siteId: string, day: string, rollups = true): Promise<number | undefined> {
      const site = await repository.site(siteId);
      if (!site || site.deletedAt) return undefined;
      const { parts, setup } = await setupOf(siteId, day);
      const lanes = await Promise.all(
        parts.map(async (part): Promise<LaneVehicles> => {
          const vehicles = await correlated(part, part.fromMs, part.toMs);
          return { fromMs: part.fromMs, toMs: part.toMs, vehicles, maxReachMs: reachOf(vehicles) };
        }),
      );
      return write(site, siteId, day, { setup, lanes }, undefined, rollups);
    },

    /**
     * Adds the day's events stored from `fromMs` on (none earlier is new): each lane is
     * correlated again from its quiet cut before `fromMs`, its earlier vehicles kept. Without
     * the day's last correlation in memory, or when the mappings or the day's file changed
     * since, the day is rebuilt. Answers as `rebuild`. With `rollups` false, the day's rollups
     * are left to `refreshRollups`.
     */
    async update(
      siteId: string,
      day: string,
      fromMs: number,
      rollups = true,
    ): Promise<number | undefined> {
      const kept = states.get(`${siteId}|${day}`);
      // Asked together: a database busy with ingest answers them in one wait, not three.
      const [site, { parts, setup }, version] = await Promise.all([
        repository.site(siteId),
        setupOf(siteId, day),
        deps.siteData.realtimeDayVersion(siteId, day),
      ]);
      if (!site || site.deletedAt) return undefined;
      if (!kept || !kept.files || kept.setup !== setup || kept.version !== version)
        return siteDays.rebuild(siteId, day, rollups);
      // The earliest lane's cut: every vehicle before it is as written.
      let cutMs = Number.POSITIVE_INFINITY;
      const lanes = await Promise.all(
        parts.map(async (part, index): Promise<LaneVehicles> => {
          const lane = kept.lanes[index] as LaneVehicles;
          const cut = quietCut(lane, fromMs);
          if (cut >= lane.toMs) return lane;
          cutMs = Math.min(cutMs, cut);
          const before = lane.vehicles.filter((vehicle) => vehicle.timeMs < cut);
          const after = await correlated(part, cut, part.toMs);
          return {
            ...lane,
            vehicles: [...before, ...after],
            maxReachMs: reachOf(after, lane.maxReachMs),
          };
        }),
      );
      if (cutMs === Number.POSITIVE_INFINITY)
        return lanes.reduce((sum, lane) => sum + lane.vehicles.length, 0);
      return write(site, siteId, day, { setup, lanes }, { files: kept.files, cutMs }, rollups);
    },

    /** Rolls up the day again, from its vehicles in memory when they are as last written. */
    async refreshRollups(siteId: string, day: string) {
      const kept = states.get(`${siteId}|${day}`);
      const version = await deps.siteData.realtimeDayVersion(siteId, day);
      await deps.siteData.refreshRealtimeDayRollups(
        siteId,
        day,
        kept && kept.version === version ? kept.files : undefined,
      );
    },
  };
  return siteDays;
}

export type SiteDays = ReturnType<typeof createSiteDays>;

/**
 * A site's runs start at most this often: each writes the site's day file, so a site that
 * receives events all the time would otherwise be written back to back.
 */
export const REBUILD_INTERVAL_MS = 1000;

/**
 * A site's rollups (the map's and lists' counts) are refreshed at most this often while its
 * events keep coming, and once more after they stop: the site detail reads the day file itself,
 * so it does not wait for them.
 */
export const ROLLUP_INTERVAL_MS = 5000;

/** A site day that new events fell in, from the earliest of them (epoch milliseconds). */
export interface TouchedDay {
  siteId: string;
  day: string;
  fromMs: number;
}

/**
 * Adds the new events of the site days they touched, in the background: a site's days are
 * updated one run at a time, at most one run a `intervalMs`, and days touched meanwhile are
 * updated by the next from the earliest new event (so a burst of batches costs a few runs, not
 * one each). The days' rollups follow at most once a `rollupIntervalMs`, and after the last
 * run. `onRebuilt` is told each site once its run ends, and again once its rollups are.
 */
export function createRealtimeFlusher(deps: {
  siteDays: SiteDays;
  onRebuilt: (siteId: string) => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
  rollupIntervalMs?: number;
}) {
  const intervalMs = deps.intervalMs ?? REBUILD_INTERVAL_MS;
  const rollupIntervalMs = deps.rollupIntervalMs ?? ROLLUP_INTERVAL_MS;
  /** Per site, per day: the earliest new event not yet correlated. */
  const pending = new Map<string, Map<string, number>>();
  /** Per site, the days written since their rollups were last refreshed. */
  const unrolled = new Map<string, Set<string>>();
  const lastRollups = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Map<string, Promise<void>>();
  /** Rollup refreshes in progress: beside the site's runs, which do not wait for them. */
  const rollingUp = new Map<string, Promise<void>>();

  /**
   * Refreshes the site's rollups in the background when due (one refresh of a site at a time),
   * else makes sure one comes when they are.
   */
  function rollUp(siteId: string, now = false) {
    const days = unrolled.get(siteId);
    if (!days || days.size === 0 || rollingUp.has(siteId)) return;
    const due = (lastRollups.get(siteId) ?? 0) + rollupIntervalMs;
    if (!now && Date.now() < due) {
      if (!timers.has(siteId)) {
        const timer = setTimeout(() => {
          timers.delete(siteId);
          rollUp(siteId);
        }, due - Date.now());
        timer.unref();
        timers.set(siteId, timer);
      }
      return;
    }
    unrolled.delete(siteId);
    lastRollups.set(siteId, Date.now());
    const done = (async () => {
      for (const day of [...days].sort()) await deps.siteDays.refreshRollups(siteId, day);
      deps.onRebuilt(siteId);
    })()
      .catch(deps.onError)
      .finally(() => {
        rollingUp.delete(siteId);
        // Written meanwhile: their turn comes at the next interval.
        rollUp(siteId);
      });
    rollingUp.set(siteId, done);
  }

  async function run(siteId: string) {
    for (;;) {
      const days = pending.get(siteId);
      if (!days || days.size === 0) break;
      pending.delete(siteId);
      const started = Date.now();
      let written = unrolled.get(siteId);
      if (!written) unrolled.set(siteId, (written = new Set()));
      for (const [day, fromMs] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
        await deps.siteDays.update(siteId, day, fromMs, false);
        written.add(day);
      }
      deps.onRebuilt(siteId);
      rollUp(siteId);
      const rest = intervalMs - (Date.now() - started);
      if (pending.has(siteId) && rest > 0)
        await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }

  function start(siteId: string) {
    if (running.has(siteId)) return;
    const done = run(siteId)
      .catch(deps.onError)
      .finally(() => {
        running.delete(siteId);
        // Touched after the run's last look: go again.
        if (pending.has(siteId)) start(siteId);
      });
    running.set(siteId, done);
  }

  return {
    /** Marks the sites' days as holding new events. */
    touch(siteDays: Iterable<TouchedDay>) {
      for (const { siteId, day, fromMs } of siteDays) {
        let days = pending.get(siteId);
        if (!days) pending.set(siteId, (days = new Map<string, number>()));
        days.set(day, Math.min(fromMs, days.get(day) ?? fromMs));
      }
      for (const siteId of pending.keys()) start(siteId);
    },
    /** Waits for every run in progress, and refreshes the rollups left (a closing server). */
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
      while (rollingUp.size > 0) await Promise.all(rollingUp.values());
      for (const [siteId, timer] of timers) {
        clearTimeout(timer);
        timers.delete(siteId);
      }
      for (const siteId of [...unrolled.keys()]) rollUp(siteId, true);
      while (rollingUp.size > 0) await Promise.all(rollingUp.values());
    },
  };
}
