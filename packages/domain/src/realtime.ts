import { z } from 'zod';
import { DEVICE_SERIAL_MAX } from './hardware.ts';

/**
 * Issue 27: what a gateway posts to the realtime ingest route. Each event is one vehicle as one
 * roadstud measured it (the fields a per-vehicle record has); each ping is a device's state.
 * An event is keyed by its stud and instant, so a batch sent again stores nothing new.
 */
export const INGEST_MAX_EVENTS = 5000;
export const INGEST_MAX_PINGS = 500;

/**
 * A gateway's plausible clock: an event or ping is dated no earlier than a day before the gateway
 * was registered or its studs' first mapping starts (a gateway counting before it was registered
 * sends what it kept, once a mapping says where it was), and no later than five minutes ahead of
 * the server's clock (a gateway's clock drifts a little). A batch dated outside is refused whole.
 */
export const INGEST_PAST_MARGIN_DAYS = 1;
export const INGEST_FUTURE_MINUTES = 5;

const instant = z.iso.datetime({ offset: true });
const serial = z.string().trim().min(1).max(DEVICE_SERIAL_MAX);

export const sensorEventSchema = z.object({
  /** The stud's serial, as registered. */
  sensor: serial,
  /** When the vehicle passed the stud (ISO 8601 with offset; milliseconds kept). */
  timestamp: instant,
  /** Speed in km/h. */
  speed: z.number().min(0).max(300).optional(),
  /** Vehicle length in metres. */
  length: z.number().min(0).max(50).optional(),
  /** Class index in the site's class scheme. */
  class: z.number().int().min(0).max(255).optional(),
  axles: z.number().int().min(0).max(20).optional(),
});
export type SensorEventInput = z.infer<typeof sensorEventSchema>;

export const devicePingSchema = z.object({
  /** A stud the gateway hears, or the gateway itself. */
  sensor: serial,
  timestamp: instant,
  battery_percent: z.number().int().min(0).max(100).optional(),
  signal_dbm: z.number().int().min(-200).max(0).optional(),
});
export type DevicePingInput = z.infer<typeof devicePingSchema>;

export const realtimeBatchSchema = z.object({
  events: z.array(sensorEventSchema).max(INGEST_MAX_EVENTS).default([]),
  pings: z.array(devicePingSchema).max(INGEST_MAX_PINGS).default([]),
});
export type RealtimeBatch = z.infer<typeof realtimeBatchSchema>;

export const realtimeBatchAnswer = z.object({
  /** Events new to the store (those already stored from an earlier send are not counted). */
  stored: z.number(),
  /** Events of the batch already stored. */
  duplicates: z.number(),
  pings: z.number(),
});

export const gatewayKeyAnswer = z.object({
  /** The gateway's new ingest key: shown this once, stored only as a hash. */
  api_key: z.string(),
});

/** A path of a zod issue as a reader writes it: `events[3].speed`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** The longest period one recorrelation rebuilds: a year of days. */
export const RECORRELATE_MAX_DAYS = 366;

export const recorrelateInputSchema = z
  .object({ from: instant, to: instant })
  .refine((period) => Date.parse(period.to) > Date.parse(period.from), {
    path: ['to'],
    message: 'must be later than from',
  })
  .refine(
    (period) =>
      Date.parse(period.to) - Date.parse(period.from) <= RECORRELATE_MAX_DAYS * 86_400_000,
    { path: ['to'], message: `must be at most ${RECORRELATE_MAX_DAYS} days after from` },
  );
