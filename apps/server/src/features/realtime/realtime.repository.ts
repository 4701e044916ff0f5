import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import type { sensorEvents } from '../../infra/db/schema.ts';
import { deviceArrays, deviceMappings, devices, lanes, sites } from '../../infra/db/schema.ts';
import type { StudEvent } from './correlate.ts';
import type { RealtimeSiteEvent } from './realtime.graphql.ts';

export type SensorEventValues = typeof sensorEvents.$inferInsert;

/** A device's reported state, as a ping sets it. */
export interface PingValues {
  deviceId: string;
  seenAt: Date;
  batteryPercent?: number;
  signalDbm?: number;
}

/** The events of one insert statement, sent as one JSON parameter. */
const INSERT_ROWS = 5000;

/** The new events of a stud within one UTC day: how many, the first and the last instant. */
export interface StoredSpan {
  deviceId: string;
  count: number;
  fromMs: number;
  toMs: number;
}

/**
 * The events as the one JSON parameter of an insert: a batch of thousands is one parameter the
 * database reads as rows, not thousands of bound values built and parsed one by one.
 */
const eventsJson = (events: readonly SensorEventValues[]) =>
  JSON.stringify(
    events.map((event) => ({
      device_id: event.deviceId,
      organisation_id: event.organisationId,
      time: event.time.toISOString(),
      speed_mps: event.speedMps ?? null,
      length_m: event.lengthM ?? null,
      class_index: event.classIndex ?? null,
      axles: event.axles ?? null,
    })),
  );

/**
 * The pings as the one JSON parameter of an update, a row per device: its latest instant, and
 * the last battery and signal it gave (a device's row is updated once per statement).
 */
function pingsJson(pings: readonly PingValues[]) {
  const byDevice = new Map<string, PingValues>();
  for (const ping of pings) {
    const before = byDevice.get(ping.deviceId);
    byDevice.set(ping.deviceId, {
      deviceId: ping.deviceId,
      seenAt: before && before.seenAt > ping.seenAt ? before.seenAt : ping.seenAt,
      batteryPercent: ping.batteryPercent ?? before?.batteryPercent,
      signalDbm: ping.signalDbm ?? before?.signalDbm,
    });
  }
  return JSON.stringify(
    [...byDevice.values()].map((ping) => ({
      device_id: ping.deviceId,
      seen_at: ping.seenAt.toISOString(),
      battery_percent: ping.batteryPercent ?? null,
      signal_dbm: ping.signalDbm ?? null,
    })),
  );
}

/** The SQL of realtime ingest and correlation (issue 27). */
export function createRealtimeRepository(db: Database) {
  return {
    /** The gateway whose ingest key hashes to `hash`: none for a revoked or unknown key. */
    async gatewayByKeyHash(hash: string) {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.apiKeyHash, hash), eq(devices.kind, 'gateway')));
      return row;
    },

    /** The studs a gateway hears, by serial (lower-cased). */
    async studsOf(gatewayId: string) {
      return db
        .select({ id: devices.id, serial: devices.serial })
        .from(devices)
        .where(and(eq(devices.gatewayId, gatewayId), eq(devices.kind, 'roadstud')));
    },

    /** Sets (or with null revokes) a gateway's ingest key hash. */
    async setKeyHash(gatewayId: string, hash: string | null) {
      await db.update(devices).set({ apiKeyHash: hash }).where(eq(devices.id, gatewayId));
    },

    /**
     * Stores the events (those already stored are left as they are) and the pings, all or
     * nothing; answers the new events, as each stud's spans of a UTC day.
     */
    async store(events: SensorEventValues[], pings: PingValues[]) {
      return db.transaction(async (tx) => {
        const stored: StoredSpan[] = [];
        for (let start = 0; start < events.length; start += INSERT_ROWS) {
          const answer = await tx.execute(sql`
            with inserted as (
              insert into sensor_events
                (device_id, organisation_id, time, speed_mps, length_m, class_index, axles)
              select device_id, organisation_id, time, speed_mps, length_m, class_index, axles
              from json_to_recordset(${eventsJson(events.slice(start, start + INSERT_ROWS))}::json)
                as batch(device_id uuid, organisation_id uuid, time timestamptz, speed_mps real,
                  length_m real, class_index smallint, axles smallint)
              on conflict do nothing
              returning device_id, time
            )
            select device_id, count(*)::int as count,
              (extract(epoch from min(time)) * 1000)::float8 as from_ms,
              (extract(epoch from max(time)) * 1000)::float8 as to_ms
            from inserted
            group by device_id, (time at time zone 'UTC')::date`);
          // PGlite and node-postgres both answer { rows }.
          const { rows } = answer as {
            rows: { device_id: string; count: number; from_ms: number; to_ms: number }[];
          };
          for (const row of rows)
            stored.push({
              deviceId: row.device_id,
              count: Number(row.count),
              fromMs: Number(row.from_ms),
              toMs: Number(row.to_ms),
            });
        }
        if (pings.length > 0)
          await tx.execute(sql`
            update devices set
              last_seen_at = greatest(devices.last_seen_at, batch.seen_at),
              battery_percent = coalesce(batch.battery_percent, devices.battery_percent),
              signal_dbm = coalesce(batch.signal_dbm, devices.signal_dbm)
            from json_to_recordset(${pingsJson(pings)}::json)
              as batch(device_id uuid, seen_at timestamptz, battery_percent integer,
                signal_dbm integer)
            where devices.id = batch.device_id`);
        return stored;
      });
    },

    /** The mappings whose arrays hold any of the studs: which sites their events count on. */
    async mappingsOfStuds(studIds: readonly string[]) {
      if (studIds.length === 0) return [];
      return db
        .select({
          siteId: deviceMappings.siteId,
          organisationId: deviceMappings.organisationId,
          deviceIds: deviceArrays.deviceIds,
          validFrom: deviceMappings.validFrom,
          validTo: deviceMappings.validTo,
        })
        .from(deviceMappings)
        .innerJoin(deviceArrays, eq(deviceArrays.id, deviceMappings.deviceArrayId))
        .where(
          sql`${deviceArrays.deviceIds} && ARRAY[${sql.join(
            studIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`,
        );
    },

    /** A site's mappings with their arrays and lanes, those in force at some point of [from, to). */
    async siteMappings(siteId: string, from: Date, to: Date) {
      return (
        db
          .select({
            laneId: deviceMappings.laneId,
            validFrom: deviceMappings.validFrom,
            validTo: deviceMappings.validTo,
            deviceIds: deviceArrays.deviceIds,
            spacingM: deviceArrays.spacingM,
            direction: lanes.direction,
          })
          .from(deviceMappings)
          .innerJoin(deviceArrays, eq(deviceArrays.id, deviceMappings.deviceArrayId))
          .innerJoin(lanes, eq(lanes.id, deviceMappings.laneId))
          .where(
            and(
              eq(deviceMappings.siteId, siteId),
              lt(deviceMappings.validFrom, to),
              or(isNull(deviceMappings.validTo), gte(deviceMappings.validTo, from)),
            ),
          )
          // A stable order: an update matches each mapping with its lane of the last one.
          .orderBy(asc(deviceMappings.validFrom), asc(deviceMappings.id))
      );
    },

    /** The site's lanes in their order (position from the centre, then id): lane numbers. */
    async siteLaneIds(siteId: string) {
      const rows = await db
        .select({ id: lanes.id })
        .from(lanes)
        .where(eq(lanes.siteId, siteId))
        .orderBy(asc(lanes.positionId), asc(lanes.id));
      return rows.map((row) => row.id);
    },

    /** Tells every API node (its LISTEN on `channel`) that a realtime site's vehicles changed. */
    async announceSiteUpdated(channel: string, event: RealtimeSiteEvent) {
      await db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(event)})`);
    },

    /** What correlation needs of a site: its organisation, and whether it still exists. */
    async site(siteId: string) {
      const [row] = await db
        .select({
          id: sites.id,
          name: sites.name,
          organisationId: sites.ownerOrganisationId,
          deletedAt: sites.deletedAt,
        })
        .from(sites)
        .where(eq(sites.id, siteId));
      return row;
    },

    /**
     * The studs' stored events in [from, to), oldest first, as correlation reads them. They come
     * back as one JSON value (an array per event), not a row each: the events of a second of
     * ingest are thousands, and a row each costs the embedded database's client most of the time.
     */
    async events(studIds: readonly string[], from: Date, to: Date): Promise<StudEvent[]> {
      if (studIds.length === 0) return [];
      const answer = await db.execute(sql`
        select coalesce(json_agg(json_build_array(device_id,
            (extract(epoch from time) * 1000)::float8, speed_mps, length_m, class_index, axles)
          order by time), '[]'::json)::text as events
        from sensor_events
        where device_id = any(${`{${studIds.join(',')}}`}::uuid[])
          and time >= ${from.toISOString()}::timestamptz and time < ${to.toISOString()}::timestamptz`);
      // PGlite and node-postgres both answer { rows }.
      const [row] = (answer as { rows: { events: string }[] }).rows;
      const events = JSON.parse(row?.events ?? '[]') as [
        string,
        number,
        number | null,
        number | null,
        number | null,
        number | null,
      ][];
      return events.map(([deviceId, timeMs, speedMps, lengthM, classIndex, axles]) => ({
        deviceId,
        timeMs,
        speedMps,
        lengthM,
        classIndex,
        axles,
      }));
    },
  };
}

export type RealtimeRepository = ReturnType<typeof createRealtimeRepository>;
