import { z } from 'zod';
import { plainText } from './plainText.ts';

/**
 * SPEC sections 2, 3 and 7 (issue 27): an organisation's counting hardware. Roadstuds are
 * magnetometers set across a lane; a gateway hears the studs near it and forwards their events;
 * counters are stand-alone devices. Studs across one lane form a device array (with their
 * spacing), and a device mapping says which array measured which lane of which site, and when.
 */
export const DEVICE_KINDS = ['roadstud', 'gateway', 'counter'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const DEVICE_SERIAL_MAX = 64;
export const DEVICE_TEXT_MAX = 200;
/** Studs per array: one lane holds at most a few; a bound keeps the correlation cheap. */
export const DEVICE_ARRAY_MAX_DEVICES = 16;

const trimmed = (max: number) => plainText().trim().min(1).max(max);
const optionalText = plainText().trim().max(DEVICE_TEXT_MAX).nullable().optional();
const isoInstant = z.iso.datetime({ offset: true });
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const deviceInputSchema = z.object({
  kind: z.enum(DEVICE_KINDS),
  serial: trimmed(DEVICE_SERIAL_MAX),
  model: optionalText,
  name: optionalText,
  notes: plainText().max(2000).nullable().optional(),
  /** Roadstuds: the gateway that hears them. */
  gateway_id: z.uuid().nullable().optional(),
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
});
export type DeviceInput = z.infer<typeof deviceInputSchema>;

export const deviceUpdateSchema = deviceInputSchema.omit({ kind: true }).partial();
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;

export const deviceListQuerySchema = z.object({
  kind: z.enum(DEVICE_KINDS).optional(),
  search: plainText().max(200).optional(),
});

export const deviceArrayInputSchema = z.object({
  name: trimmed(DEVICE_TEXT_MAX),
  /** Distance between neighbouring studs along the lane, in metres. */
  spacing_m: z.number().positive().max(100),
  /** The studs in the order a vehicle meets them. */
  device_ids: z.array(z.uuid()).min(1).max(DEVICE_ARRAY_MAX_DEVICES),
});
export type DeviceArrayInput = z.infer<typeof deviceArrayInputSchema>;
export const deviceArrayUpdateSchema = deviceArrayInputSchema.partial();

export const deviceMappingInputSchema = z
  .object({
    device_array_id: z.uuid(),
    site_id: z.uuid(),
    lane_id: z.uuid(),
    valid_from: isoInstant,
    valid_to: isoInstant.nullable().optional(),
  })
  .refine(
    (mapping) => !mapping.valid_to || Date.parse(mapping.valid_to) > Date.parse(mapping.valid_from),
    {
      path: ['valid_to'],
      message: 'must be later than valid_from',
    },
  );
export type DeviceMappingInput = z.infer<typeof deviceMappingInputSchema>;
export const deviceMappingUpdateSchema = z.object({
  valid_to: isoInstant.nullable(),
});
export const deviceMappingListQuerySchema = z.object({ site_id: z.uuid().optional() });

export const gpsLocationInputSchema = z.object({
  device_id: z.uuid(),
  latitude,
  longitude,
  recorded_at: isoInstant.optional(),
});
export const gpsLocationListQuerySchema = z.object({ device_id: z.uuid().optional() });

export const roadSectionInputSchema = z.object({
  name: trimmed(DEVICE_TEXT_MAX),
  description: optionalText,
  site_id: z.uuid().nullable().optional(),
  /** The section's line, [longitude, latitude] pairs from start to end. */
  coordinates: z
    .array(z.tuple([longitude, latitude]))
    .min(2)
    .max(500),
});
export const roadSectionUpdateSchema = roadSectionInputSchema.partial();
/** Only the sections tied to this site (the site detail page lists them). */
export const roadSectionListQuerySchema = z.object({ site_id: z.uuid().optional() });

// ---------------------------------------------------------------------------------------------
// Answers

export const deviceAnswer = z.object({
  id: z.string(),
  kind: z.enum(DEVICE_KINDS),
  serial: z.string(),
  model: z.string().nullable(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  gateway_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  last_seen_at: z.string().nullable(),
  battery_percent: z.number().nullable(),
  signal_dbm: z.number().nullable(),
  /** True when a device that has reported is silent for longer than the organisation allows. */
  silent: z.boolean(),
  /** Gateways: whether an ingest key is set (the key itself is shown once, when made). */
  has_api_key: z.boolean(),
  created_on: z.string(),
});
export type DeviceAnswer = z.infer<typeof deviceAnswer>;
export const devicesAnswer = z.array(deviceAnswer);

export const gatewayAnswer = deviceAnswer.extend({
  studs: z.array(z.object({ id: z.string(), serial: z.string() })),
});
export const gatewaysAnswer = z.array(gatewayAnswer);

export const deviceArrayAnswer = z.object({
  id: z.string(),
  name: z.string(),
  spacing_m: z.number(),
  device_ids: z.array(z.string()),
  created_on: z.string(),
});
export const deviceArraysAnswer = z.array(deviceArrayAnswer);

export const deviceMappingAnswer = z.object({
  id: z.string(),
  device_array_id: z.string(),
  site_id: z.string(),
  lane_id: z.string(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
export const deviceMappingsAnswer = z.array(deviceMappingAnswer);

export const gpsLocationAnswer = z.object({
  id: z.string(),
  device_id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  recorded_at: z.string(),
});
export const gpsLocationsAnswer = z.array(gpsLocationAnswer);

export const roadSectionAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  site_id: z.string().nullable(),
  /** The linked site's name; null with no site, or once the site is deleted. */
  site_name: z.string().nullable(),
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  created_on: z.string(),
});
export const roadSectionsAnswer = z.array(roadSectionAnswer);

/** A device silent for longer than this (when the organisation sets none) is flagged. */
export const DEFAULT_DEVICE_SILENCE_MINUTES = 30;

/** Whether a device last heard at `lastSeenAt` counts as silent at `now`. */
export function isDeviceSilent(
  lastSeenAt: Date | null,
  now: Date,
  silenceMinutes: number = DEFAULT_DEVICE_SILENCE_MINUTES,
): boolean {
  if (!lastSeenAt) return false;
  return now.getTime() - lastSeenAt.getTime() > silenceMinutes * 60_000;
}
