import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, plainText } from './plainText.ts';
import { CLASS_SCHEMES } from './classSchemes.ts';

/** SPEC section 3: compass codes of a site's two directions, and their reverse pairs. */
export const COMPASS_CODES = { N: 1, E: 3, S: 5, W: 7 } as const;
export type CompassLetter = keyof typeof COMPASS_CODES;
export const OPPOSITE: Record<CompassLetter, CompassLetter> = { N: 'S', S: 'N', E: 'W', W: 'E' };

export function compassLetter(code: number | null): CompassLetter | null {
  const found = Object.entries(COMPASS_CODES).find(([, value]) => value === code);
  return found ? (found[0] as CompassLetter) : null;
}

/** The site rules' messages, which the web app translates by these keys. */
export const SITE_MESSAGES = {
  required: 'is required',
  tooLong: 'is too long',
  number: 'must be a number',
  latitude: 'must be from -90 to 90',
  longitude: 'must be from -180 to 180',
  compass: 'must be N, E, S or W',
  siteType: `must be a site type`,
  timeZone: 'must be a time zone such as Europe/London',
  scheme: 'must be a known classification scheme',
  together: 'latitude and longitude go together',
  directionOne: 'is required with direction two',
  opposite: 'must be the opposite of direction one',
  heading: 'must be from 0 to 360',
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
} as const;

/** Site types in the data (SPEC section 3). */
export const SITE_TYPES = ['temporary', 'continuous', 'realtime', 'fnp'] as const;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  plainText()
    .trim()
    .max(max, SITE_MESSAGES.tooLong)
    .nullable()
    .optional()
    .transform((text) => (text ? text : null));

const letter = z.enum(['N', 'E', 'S', 'W'], { error: SITE_MESSAGES.compass }).nullable();

/** SPEC section 5: what the site edit dialog may change, with its rules. */
export const siteUpdateSchema = z
  .object({
    name: plainText().trim().min(1, SITE_MESSAGES.required).max(200, SITE_MESSAGES.tooLong),
    alternative_name: optionalText(200),
    description: optionalText(2000),
    asset_management_id: optionalText(200),
    latitude: z
      .number({ error: SITE_MESSAGES.number })
      .min(-90, SITE_MESSAGES.latitude)
      .max(90, SITE_MESSAGES.latitude)
      .nullable(),
    longitude: z
      .number({ error: SITE_MESSAGES.number })
      .min(-180, SITE_MESSAGES.longitude)
      .max(180, SITE_MESSAGES.longitude)
      .nullable(),
    heading: z
      .number({ error: SITE_MESSAGES.number })
      .min(0, SITE_MESSAGES.heading)
      .max(360, SITE_MESSAGES.heading)
      .nullable()
      .optional(),
    direction_one: letter,
    direction_two: letter,
    site_type: z.enum(SITE_TYPES, { error: SITE_MESSAGES.siteType }),
    time_zone: z.string().refine(isTimeZone, SITE_MESSAGES.timeZone),
    class_scheme: z.enum(CLASS_SCHEMES.map((scheme) => scheme.id) as [string, ...string[]], {
      error: 'must be a known classification scheme',
    }),
    pedestrians_included: z.boolean(),
    notes: optionalText(5000),
  })
  .superRefine((site, context) => {
    if ((site.latitude === null) !== (site.longitude === null))
      context.addIssue({
        code: 'custom',
        path: [site.latitude === null ? 'latitude' : 'longitude'],
        message: SITE_MESSAGES.together,
      });
    if (site.direction_two !== null && site.direction_one === null)
      context.addIssue({
        code: 'custom',
        path: ['direction_one'],
        message: 'is required with direction two',
      });
    if (
      site.direction_two !== null &&
      site.direction_one !== null &&
      OPPOSITE[site.direction_one] !== site.direction_two
    )
      context.addIssue({
        code: 'custom',
        path: ['direction_two'],
        message: SITE_MESSAGES.opposite,
      });
  });

export type SiteUpdate = z.input<typeof siteUpdateSchema>;
