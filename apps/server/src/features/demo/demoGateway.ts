import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../infra/db/database.ts';
import { createDemoRepository } from './demo.repository.ts';
import { DEMO_ORGANISATION_NAME } from './demo.seed.ts';
import { DEMO_REALTIME } from './demoData.ts';
import { simulateGateway, type GatewayBatch } from './gatewaySimulation.ts';

/** Vehicles a minute per lane over the day: a town road of about 17,000 a day both ways. */
export const DEMO_GATEWAY_RATE = 6;
/** How far back the demo's realtime site is given history when it has none (or a gap). */
export const DEMO_HISTORY_MS = 24 * 3_600_000;
/** How long to wait before looking again for a gateway not yet seeded (or reset away). */
const RETRY_MS = 5000;

/**
 * The demo's realtime site (Kings Road live) as if its gateway were out there: once the demo
 * seed has registered the gateway, the last day (or the time since its last event, when less)
 * is sent as history, then a second's vehicles each second while the server runs, through the
 * same ingest as a gateway's posts (`send`), by the same simulation as `npm run
 * simulate:gateway`. A demo reset registers the gateway again: the feed finds it and carries on.
 */
export function startDemoGateway(deps: {
  db: Database;
  /** The realtime ingest of a gateway's batch, without its key. */
  send: (
    gateway: { id: string; organisationId: string; serial: string; createdOn: Date },
    batch: GatewayBatch,
  ) => Promise<{ stored: number }>;
  log: FastifyBaseLogger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}): { stop: () => Promise<void> } {
  const repository = createDemoRepository(deps.db);
  const now = deps.now ?? Date.now;
  const stopping = new AbortController();
  // Cut short by stop, so that the server closes at once.
  const sleep =
    deps.sleep ??
    ((ms: number) => delay(ms, undefined, { signal: stopping.signal }).catch(() => undefined));

  async function feedOnce(): Promise<void> {
    const organisation = await repository.organisationByName(DEMO_ORGANISATION_NAME);
    const siteId =
      organisation && (await repository.siteIdByName(organisation.id, DEMO_REALTIME.site.name));
    const found =
      organisation &&
      siteId &&
      (await repository.demoGateway(organisation.id, DEMO_REALTIME.gateway.serial, siteId));
    if (!found) return;
    const fromMs = Math.max(
      found.since.getTime(),
      now() - DEMO_HISTORY_MS,
      (found.lastEventAt?.getTime() ?? Number.NEGATIVE_INFINITY) + 1,
    );
    deps.log.info(
      { from: new Date(fromMs).toISOString() },
      `Demo gateway ${found.gateway.serial} is sending for ${DEMO_REALTIME.site.name}`,
    );
    await simulateGateway({
      lanes: DEMO_REALTIME.lanes.map((lane, index) => ({
        studs: lane.studs,
        peak: index % 2 === 0 ? 'morning' : 'evening',
      })),
      spacingM: DEMO_REALTIME.spacingM,
      gatewaySerial: found.gateway.serial,
      rate: DEMO_GATEWAY_RATE,
      speedLimitKmh: DEMO_REALTIME.speedLimitMps * 3.6,
      fromMs,
      send: (batch) => deps.send(found.gateway, batch),
      signal: stopping.signal,
      now,
      sleep,
      ...(deps.random ? { random: deps.random } : {}),
    });
  }

  const running = (async () => {
    while (!stopping.signal.aborted) {
      // A gateway reset away mid-run refuses the next batch: look for it again.
      await feedOnce().catch((error: unknown) =>
        deps.log.debug({ err: error }, 'the demo gateway paused'),
      );
      if (!stopping.signal.aborted) await sleep(RETRY_MS);
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await running;
    },
  };
}
