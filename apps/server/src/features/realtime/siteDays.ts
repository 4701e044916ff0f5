import { VehicleColumnsBuilder } from '@roadcount/analytics';
import { randomUUID } from 'node:crypto';
import type { SiteData } from '../siteData/index.ts';
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
function columnsOf(vehicles: LaneVehicle[]) {
  vehicles.sort((a, b) => a.timeMs - b.timeMs || a.lane - b.lane);
  const builder = new VehicleColumnsBuilder();
  const previousInLane = new Map<number, LaneVehicle>();
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
  return builder.batches();
}

/**
 * A realtime site's vehicles of a UTC day, worked out again from its arrays' stored events: each
 * mapping's array's events within the mapping's window become vehicles of the mapped lane (its
 * direction; lane numbers count the site's lanes from the centre, from 1), and the day's file
 * is replaced through siteData. Running it twice changes nothing.
 */
export function createSiteDays(deps: { repository: RealtimeRepository; siteData: SiteData }) {
  const { repository } = deps;
  return {
    /** Answers the vehicles the day now holds, or undefined for a site that is gone. */
    async rebuild(siteId: string, day: string): Promise<number | undefined> {
      const site = await repository.site(siteId);
      if (!site || site.deletedAt) return undefined;
      const dayStart = Date.parse(`${day}T00:00:00Z`);
      const dayEnd = dayStart + DAY_MS;
      const mappings = await repository.siteMappings(siteId, new Date(dayStart), new Date(dayEnd));
      const laneIds = await repository.siteLaneIds(siteId);
      const vehicles: LaneVehicle[] = [];
      for (const mapping of mappings) {
        const from = Math.max(dayStart, mapping.validFrom.getTime());
        const to = Math.min(dayEnd, mapping.validTo?.getTime() ?? dayEnd);
        if (from >= to) continue;
        const events = await repository.events(mapping.deviceIds, new Date(from), new Date(to));
        const lane = laneIds.indexOf(mapping.laneId) + 1;
        const correlated = correlateArray(
          mapping.deviceIds,
          mapping.spacingM,
          events.map((event) => ({ ...event, timeMs: event.time.getTime() })),
        );
        for (const vehicle of correlated)
          vehicles.push({ ...vehicle, lane, direction: mapping.direction });
      }
      await deps.siteData.replaceRealtimeDay({
        organisationId: site.organisationId,
        siteId,
        day,
        batches: columnsOf(vehicles),
        version: `realtime-${randomUUID()}`,
      });
      return vehicles.length;
    },
  };
}

export type SiteDays = ReturnType<typeof createSiteDays>;

/**
 * A site's runs start at most this often: a day is rewritten whole, so a site that receives
 * events all the time would otherwise be rewritten back to back, taking the time ingest needs.
 */
export const REBUILD_INTERVAL_MS = 1000;

/**
 * Rebuilds the site days that new events touched, in the background: a site's days are rebuilt
 * one run at a time, at most one run a `intervalMs`, and days touched meanwhile are rebuilt by
 * the next (so a burst of batches costs a few rebuilds, not one each). `onRebuilt` is told each
 * site once its run ends.
 */
export function createRealtimeFlusher(deps: {
  siteDays: SiteDays;
  onRebuilt: (siteId: string) => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
}) {
  const intervalMs = deps.intervalMs ?? REBUILD_INTERVAL_MS;
  const pending = new Map<string, Set<string>>();
  const running = new Map<string, Promise<void>>();

  async function run(siteId: string) {
    for (;;) {
      const days = pending.get(siteId);
      if (!days || days.size === 0) break;
      pending.delete(siteId);
      const started = Date.now();
      for (const day of [...days].sort()) await deps.siteDays.rebuild(siteId, day);
      deps.onRebuilt(siteId);
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
    touch(siteDays: Iterable<{ siteId: string; day: string }>) {
      for (const { siteId, day } of siteDays) {
        let days = pending.get(siteId);
        if (!days) pending.set(siteId, (days = new Set()));
        days.add(day);
      }
      for (const siteId of pending.keys()) start(siteId);
    },
    /** Waits for every run in progress (a closing server). */
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
