import pLimit from 'p-limit';
import { createHash, randomBytes } from 'node:crypto';
import {
  INGEST_FUTURE_MINUTES,
  INGEST_PAST_MARGIN_DAYS,
  issuePath,
  realtimeBatchSchema,
  serverMessage,
  type RealtimeBatch,
} from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type {
  PingValues,
  RealtimeRepository,
  SensorEventValues,
  StoredSpan,
} from './realtime.repository.ts';
import { utcDay, type TouchedDay } from './siteDays.ts';

/** A gateway as ingest needs it. */
type GatewayRow = { id: string; organisationId: string; serial: string; createdOn: Date };

/** A gateway key: a recognisable prefix, then 32 random bytes. */
const KEY_PREFIX = 'rcgw_';

/** Keys are long and random, so one SHA-256 is as good as a slow hash, and can be looked up. */
export const hashGatewayKey = (key: string) => createHash('sha256').update(key).digest('hex');

function refuse(field: string, problem: string): never {
  throw new HttpError(400, serverMessage('ingestField', { field, problem }));
}

/** The batch as the schema reads it; the first problem refuses it, naming its field. */
function parseBatch(body: unknown): RealtimeBatch {
  const parsed = realtimeBatchSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  return refuse(issuePath(issue?.path ?? []) || 'body', issue?.message ?? 'invalid');
}

/**
 * Realtime ingest (issue 27): gateways post their studs' events and pings with their key; each
 * gateway's key is made and revoked by its organisation's hardware editors, and only its hash is
 * kept. A batch is checked whole before anything is stored, and an event already stored (same
 * stud, same instant) is not stored again.
 */
export function createRealtimeService(deps: {
  repository: RealtimeRepository;
  access: Access;
  /** Told the site days that new events fell in, to correlate them. */
  onStored: (days: TouchedDay[]) => void;
  queue: TaskQueue;
  /** Tells subscribers of a queued task and wakes the in-process worker. */
  onQueued: (task: TaskRow) => Promise<void>;
  /**
   * Batches stored at once (all when unset). The embedded database runs one statement at a
   * time, first come first served: with one batch's insert at a time, correlation's queries
   * wait behind that one, not behind every sender's.
   */
  storesAtOnce?: number;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const storing = pLimit(deps.storesAtOnce ?? Number.POSITIVE_INFINITY);

  async function gatewayOf(viewer: Viewer, id: string) {
    const gateway = await deps.access.device(viewer, 'hardware.write', id);
    if (gateway.kind !== 'gateway')
      throw new HttpError(
        400,
        serverMessage('deviceNotKind', { field: 'id', serial: gateway.serial, kind: 'gateway' }),
      );
    return gateway;
  }

  /**
   * The site days that the new events count on, by the mappings of their studs' arrays, each
   * from its earliest new event there. A span that straddles a mapping's window but has no
   * event in it touches the day needlessly, which costs a correlation and changes nothing.
   */
  async function touchedDays(stored: StoredSpan[]) {
    const mappings = await repository.mappingsOfStuds([...new Set(stored.map((e) => e.deviceId))]);
    const touched = new Map<string, TouchedDay>();
    for (const span of stored)
      for (const mapping of mappings) {
        if (!mapping.deviceIds.includes(span.deviceId)) continue;
        const fromMs = Math.max(span.fromMs, mapping.validFrom.getTime());
        if (mapping.validTo && fromMs >= mapping.validTo.getTime()) continue;
        if (fromMs > span.toMs) continue;
        const day = utcDay(fromMs);
        const key = `${mapping.siteId}|${day}`;
        const earliest = Math.min(fromMs, touched.get(key)?.fromMs ?? fromMs);
        touched.set(key, { siteId: mapping.siteId, day, fromMs: earliest });
      }
    return [...touched.values()];
  }

  /**
   * Refuses a batch any of whose times lies outside the gateway's plausible clock window
   * (INGEST_PAST_MARGIN_DAYS, INGEST_FUTURE_MINUTES), naming the first such field.
   */
  async function refuseImplausibleTimes(
    batch: RealtimeBatch,
    registeredAt: Date,
    studs: readonly { id: string }[],
  ) {
    const times = [
      ...batch.events.map((event, index) => ({
        field: `events[${index}].timestamp`,
        at: event.timestamp,
      })),
      ...batch.pings.map((ping, index) => ({
        field: `pings[${index}].timestamp`,
        at: ping.timestamp,
      })),
    ];
    const nowMs = now().getTime();
    const latestMs = nowMs + INGEST_FUTURE_MINUTES * 60_000;
    const ahead = times.find((time) => Date.parse(time.at) > latestMs);
    if (ahead)
      throw new HttpError(
        400,
        serverMessage('ingestAhead', {
          field: ahead.field,
          timestamp: ahead.at,
          minutes: INGEST_FUTURE_MINUTES,
          now: new Date(nowMs).toISOString(),
        }),
      );
    const marginMs = INGEST_PAST_MARGIN_DAYS * 86_400_000;
    const registeredMs = registeredAt.getTime();
    if (!times.some((time) => Date.parse(time.at) < registeredMs - marginMs)) return;
    // Older than the registration: plausible back to where a mapping of its studs starts.
    const mappings = await repository.mappingsOfStuds(studs.map((stud) => stud.id));
    const fromMs = Math.min(
      registeredMs,
      ...mappings.map((mapping) => mapping.validFrom.getTime()),
    );
    const earliestMs = fromMs - marginMs;
    const early = times.find((time) => Date.parse(time.at) < earliestMs);
    if (early)
      throw new HttpError(
        400,
        serverMessage('ingestBeforeGateway', {
          field: early.field,
          timestamp: early.at,
          earliest: new Date(earliestMs).toISOString(),
        }),
      );
  }

  /**
   * Stores a gateway's batch, all or nothing: every event must name a stud the gateway hears
   * (so another organisation's key reaches none of this one's studs), every ping one of those
   * or the gateway. Answers how many events were new.
   */
  async function ingestFrom(gateway: GatewayRow, body: unknown) {
    const batch = parseBatch(body);
    const studRows = await repository.studsOf(gateway.id);
    const studs = new Map(studRows.map((stud) => [stud.serial.toLowerCase(), stud.id]));
    const studOf = (serial: string, field: string) => {
      const id = studs.get(serial.toLowerCase());
      if (!id)
        throw new HttpError(400, serverMessage('ingestUnknownSensor', { field, sensor: serial }));
      return id;
    };
    const events: SensorEventValues[] = batch.events.map((event, index) => ({
      deviceId: studOf(event.sensor, `events[${index}].sensor`),
      organisationId: gateway.organisationId,
      time: new Date(event.timestamp),
      speedMps: event.speed === undefined ? null : event.speed / 3.6,
      lengthM: event.length ?? null,
      classIndex: event.class ?? null,
      axles: event.axles ?? null,
    }));
    const gatewaySerial = gateway.serial.toLowerCase();
    const pings: PingValues[] = batch.pings.map((ping, index) => ({
      deviceId:
        ping.sensor.toLowerCase() === gatewaySerial
          ? gateway.id
          : studOf(ping.sensor, `pings[${index}].sensor`),
      seenAt: new Date(ping.timestamp),
      ...(ping.battery_percent === undefined ? {} : { batteryPercent: ping.battery_percent }),
      ...(ping.signal_dbm === undefined ? {} : { signalDbm: ping.signal_dbm }),
    }));
    await refuseImplausibleTimes(batch, gateway.createdOn, studRows);
    // Posting is a sign of life of the gateway; an event, of its stud.
    const seen: PingValues[] = [{ deviceId: gateway.id, seenAt: now() }];
    const latest = new Map<string, Date>();
    for (const event of events) {
      const before = latest.get(event.deviceId);
      if (!before || event.time > before) latest.set(event.deviceId, event.time);
    }
    for (const [deviceId, seenAt] of latest) seen.push({ deviceId, seenAt });
    const spans = await storing(() => repository.store(events, [...seen, ...pings]));
    const stored = spans.reduce((sum, span) => sum + span.count, 0);
    if (stored > 0) deps.onStored(await touchedDays(spans));
    return {
      stored,
      duplicates: events.length - stored,
      pings: pings.length,
    };
  }

  return {
    /** Makes a new key for the gateway (the old one stops working); answers it, once. */
    async rotateKey(viewer: Viewer, gatewayId: string) {
      const gateway = await gatewayOf(viewer, gatewayId);
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      await repository.setKeyHash(gateway.id, hashGatewayKey(key));
      return { api_key: key };
    },

    /** Revokes the gateway's key: its batches are refused until a new one is made. */
    async revokeKey(viewer: Viewer, gatewayId: string) {
      const gateway = await gatewayOf(viewer, gatewayId);
      await repository.setKeyHash(gateway.id, null);
    },

    /** Queues the rebuild of a realtime site's vehicles over a period from its stored events. */
    async recorrelate(viewer: Viewer, siteId: string, period: { from: string; to: string }) {
      const site = await deps.access.site(viewer, 'hardware.write', siteId);
      const task = await deps.queue.enqueue({
        functionName: 'recorrelate_sensor_events',
        organisationId: site.ownerOrganisationId,
        userId: viewer.userId,
        payload: { siteId: site.id, from: period.from, to: period.to },
        message: serverMessage('taskQueuedFor', { site: site.name }),
      });
      await deps.onQueued(task);
      return {
        id: task.id,
        function_name: task.functionName,
        state: task.state,
        message: task.message,
      };
    },

    /** A batch a gateway posted with its key (`ingestFrom`). */
    async ingest(key: string | undefined, body: unknown) {
      const gateway = key ? await repository.gatewayByKeyHash(hashGatewayKey(key)) : undefined;
      if (!gateway) throw new HttpError(401, serverMessage('gatewayKeyInvalid'));
      return ingestFrom(gateway, body);
    },

    /** The gateway's batch from inside the server (the demo's gateway), which needs no key. */
    ingestFrom,
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
