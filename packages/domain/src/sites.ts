import { z } from 'zod';
import { CLASS_SCHEMES } from './classSchemes.ts';

/** SPEC section 3: compass codes of a site's two directions, and their reverse pairs. */
export const COMPASS_CODES = { N: 1, E: 3, S: 5, W: 7 } as const;
export type CompassLetter = keyof typeof COMPASS_CODES;
export const OPPOSITE: Record<CompassLetter, CompassLetter> = { N: 'S', S: 'N', E: 'W', W: 'E' };

export function compassLetter(code: number | null): CompassLetter | null {
  const found = Object.entries(COMPASS_CODES).find(([, value]) => value === code);
  return found ? (found[0] as CompassLetter) : null;
}

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
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((text) => (text ? text : null));

const letter = z.enum(['N', 'E', 'S', 'W'], { error: 'must be N, E, S or W' }).nullable();

/** SPEC section 5: what the site edit dialog may change, with its rules. */
export const siteUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    alternative_name: optionalText(200),
    description: optionalText(2000),
    asset_management_id: optionalText(200),
    latitude: z
      .number({ error: 'must be a number' })
      .min(-90, 'must be from -90 to 90')
      .max(90, 'must be from -90 to 90')
      .nullable(),
    longitude: z
      .number({ error: 'must be a number' })
      .min(-180, 'must be from -180 to 180')
      .max(180, 'must be from -180 to 180')
      .nullable(),
    heading: z.number().min(0).max(360).nullable().optional(),
    direction_one: letter,
    direction_two: letter,
    site_type: z.enum(SITE_TYPES, { error: `must be one of ${SITE_TYPES.join(', ')}` }),
    time_zone: z.string().refine(isTimeZone, 'must be a time zone such as Europe/London'),
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
        message: 'latitude and longitude go together',
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
        message: 'must be the opposite of direction one',
      });
  });

export type SiteUpdate = z.input<typeof siteUpdateSchema>;
