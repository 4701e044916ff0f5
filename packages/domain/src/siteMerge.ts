import { findClassScheme } from './classSchemes.ts';
import { COMPASS_CODES, type CompassLetter } from './sites.ts';

/** What a merge needs to know of each site. */
export interface MergeSite {
  id: string;
  name: string;
  class_scheme: string | null;
  direction_one: CompassLetter | null;
  direction_two: CompassLetter | null;
}

/** Per source site: each of its directions, the target direction its vehicles count as. */
export type DirectionAlignment = Record<string, Partial<Record<CompassLetter, CompassLetter>>>;

/** The merge rules' messages (SPEC sections 4 and 8), which the web app translates by key. */
export const SITE_MERGE_MESSAGES = {
  tooFew: 'choose a target site and at least one other site to merge into it',
  targetAmongSources: 'the target site cannot also be merged into itself',
  sameOrganisation: 'sites of different organisations cannot be merged',
  inconsistentSchemes: 'Sites with inconsistent class schemes cannot be merged',
  targetDirections:
    'the sites have more than 2 directions: the target site needs two directions to align the others to',
  alignmentRequired:
    'the sites have more than 2 directions: choose, for each direction, the target direction it counts as',
  alignmentDistinct: "a site's two directions must count as different target directions",
} as const;

export type SiteMergeProblem = keyof typeof SITE_MERGE_MESSAGES;

export type SiteMergePlan =
  | { ok: false; problem: SiteMergeProblem; detail: string }
  | {
      ok: true;
      /** Whether the sites have more than 2 directions in total, so an alignment was needed. */
      aligned: boolean;
      /** Per source site id: direction code in its files → direction code on the target. */
      directionMaps: Record<string, Record<number, number>>;
    };

function directionsOf(site: MergeSite): CompassLetter[] {
  return [site.direction_one, site.direction_two].filter(
    (letter): letter is CompassLetter => letter !== null,
  );
}

/** Every direction the sites name, each once, in order. */
export function mergeDirections(sites: readonly MergeSite[]): CompassLetter[] {
  return [...new Set(sites.flatMap(directionsOf))];
}

/**
 * SPEC section 4: whether the sources can be merged into the target. Class schemes must agree;
 * when the sites name more than 2 directions in total, every source direction must be aligned to
 * one of the target's two (one the target has goes to itself unless chosen otherwise), a
 * source's two directions to different ones.
 */
export function planSiteMerge(
  target: MergeSite,
  sources: readonly MergeSite[],
  alignment: DirectionAlignment = {},
): SiteMergePlan {
  const fail = (problem: SiteMergeProblem, detail = ''): SiteMergePlan => ({
    ok: false,
    problem,
    detail,
  });
  if (sources.length === 0) return fail('tooFew');
  if (sources.some((source) => source.id === target.id)) return fail('targetAmongSources');
  const all = [target, ...sources];
  const schemes = new Map(all.map((site) => [site.id, findClassScheme(site.class_scheme).id]));
  if (new Set(schemes.values()).size > 1)
    return fail(
      'inconsistentSchemes',
      all.map((site) => `${site.name}: ${schemes.get(site.id)}`).join(', '),
    );
  if (mergeDirections(all).length <= 2) return { ok: true, aligned: false, directionMaps: {} };
  const targetDirections = directionsOf(target);
  if (targetDirections.length < 2) return fail('targetDirections', target.name);
  const directionMaps: Record<string, Record<number, number>> = {};
  for (const source of sources) {
    const chosen = alignment[source.id] ?? {};
    const map: Record<number, number> = {};
    for (const from of directionsOf(source)) {
      // A direction the target has counts as itself unless the user chose otherwise.
      const to = chosen[from] ?? (targetDirections.includes(from) ? from : undefined);
      if (!to || !targetDirections.includes(to))
        return fail('alignmentRequired', `${source.name}: ${from}`);
      map[COMPASS_CODES[from]] = COMPASS_CODES[to];
    }
    const targets = Object.values(map);
    if (targets.length === 2 && targets[0] === targets[1])
      return fail('alignmentDistinct', source.name);
    const moved = Object.entries(map).filter(([from, to]) => Number(from) !== to);
    if (moved.length > 0) directionMaps[source.id] = Object.fromEntries(moved);
  }
  return { ok: true, aligned: true, directionMaps };
}
