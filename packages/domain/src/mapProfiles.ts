import { z } from 'zod';
import { plainText } from './plainText.ts';
import { MAP_LAYER_PROFILES } from './constants.ts';
import { DAY_RANGES, MAP_LAYERS } from './mapSites.ts';

export const MAP_PROFILE_NAME_MAX = 20;

/** English messages, shared by server and web; the web shows them through the keys below. */
export const MAP_PROFILE_MESSAGES = {
  name: `A profile name is 1 to ${MAP_PROFILE_NAME_MAX} characters`,
  duplicate: 'That profile name already exists',
  tooMany: `At most ${MAP_LAYER_PROFILES.max} map layer profiles`,
  active: `The active profile is a number from 0 to ${MAP_LAYER_PROFILES.max - 1}`,
} as const;

export const MAP_PROFILE_MESSAGE_KEYS: Record<string, string> = {
  [MAP_PROFILE_MESSAGES.name]: 'mapProfiles.errors.name',
  [MAP_PROFILE_MESSAGES.duplicate]: 'mapProfiles.errors.duplicate',
  [MAP_PROFILE_MESSAGES.tooMany]: 'mapProfiles.errors.tooMany',
  [MAP_PROFILE_MESSAGES.active]: 'mapProfiles.errors.active',
};

/** The map's layer settings saved under a name (SPEC sections 3, 5 and 9). */
export const mapProfileSchema = z.object({
  name: plainText()
    .trim()
    .min(1, MAP_PROFILE_MESSAGES.name)
    .max(MAP_PROFILE_NAME_MAX, MAP_PROFILE_MESSAGES.name),
  layer: z.enum(MAP_LAYERS),
  dotSize: z.number().int().min(3).max(14),
  dayRange: z.enum(DAY_RANGES),
  satellite: z.boolean(),
  showNotes: z.boolean(),
});

export const mapProfilesSchema = z
  .array(mapProfileSchema)
  .max(MAP_LAYER_PROFILES.max, MAP_PROFILE_MESSAGES.tooMany)
  .refine(
    (profiles) =>
      new Set(profiles.map((profile) => profile.name.toLocaleLowerCase())).size === profiles.length,
    MAP_PROFILE_MESSAGES.duplicate,
  );

/** SPEC section 9: profiles are numbered from 0, and 0 is active until the user picks another. */
export const activeMapProfileSchema = z
  .number()
  .int(MAP_PROFILE_MESSAGES.active)
  .min(0, MAP_PROFILE_MESSAGES.active)
  .max(MAP_LAYER_PROFILES.max - 1, MAP_PROFILE_MESSAGES.active);

export type MapProfile = z.infer<typeof mapProfileSchema>;

/** Why a new profile cannot take this name next to the saved ones, or undefined when it can. */
export function mapProfileNameProblem(name: string, saved: MapProfile[]): string | undefined {
  const text = name.trim();
  if (text.length < 1 || text.length > MAP_PROFILE_NAME_MAX) return MAP_PROFILE_MESSAGES.name;
  if (saved.some((profile) => profile.name.toLocaleLowerCase() === text.toLocaleLowerCase()))
    return MAP_PROFILE_MESSAGES.duplicate;
  if (saved.length >= MAP_LAYER_PROFILES.max) return MAP_PROFILE_MESSAGES.tooMany;
  return undefined;
}

/** The active profile number after deleting profile `removed` (the list closes the gap). */
export function activeAfterDelete(active: number, removed: number): number {
  if (removed < active) return active - 1;
  if (removed === active) return MAP_LAYER_PROFILES.defaultActive;
  return active;
}
