import { describe, expect, it } from 'vitest';
import { mergeDirections, planSiteMerge, type MergeSite } from './siteMerge.ts';

const site = (
  id: string,
  one: MergeSite['direction_one'],
  two: MergeSite['direction_two'],
  scheme: string | null = 'arx',
): MergeSite => ({
  id,
  name: `Site ${id}`,
  class_scheme: scheme,
  direction_one: one,
  direction_two: two,
});

describe('planning a site merge', () => {
  it('needs a target and another site, not the target twice', () => {
    expect(planSiteMerge(site('a', 'N', 'S'), [])).toMatchObject({ ok: false, problem: 'tooFew' });
    expect(planSiteMerge(site('a', 'N', 'S'), [site('a', 'N', 'S')])).toMatchObject({
      ok: false,
      problem: 'targetAmongSources',
    });
  });

  it('refuses sites whose class schemes differ, naming each site’s scheme', () => {
    expect(planSiteMerge(site('a', 'N', 'S', 'arx'), [site('b', 'N', 'S', 'fhwa13')])).toEqual({
      ok: false,
      problem: 'inconsistentSchemes',
      detail: 'Site a: arx, Site b: fhwa13',
    });
  });

  it('keeps directions as they are when the sites name at most two', () => {
    expect(planSiteMerge(site('a', 'N', 'S'), [site('b', 'S', 'N'), site('c', 'N', null)])).toEqual(
      { ok: true, aligned: false, directionMaps: {} },
    );
  });

  it('asks for an alignment when the sites name more than two directions', () => {
    const target = site('a', 'N', 'S');
    const source = site('b', 'E', 'W');
    expect(mergeDirections([target, source])).toEqual(['N', 'S', 'E', 'W']);
    expect(planSiteMerge(target, [source])).toEqual({
      ok: false,
      problem: 'alignmentRequired',
      detail: 'Site b: E',
    });
    expect(planSiteMerge(target, [source], { b: { E: 'N', W: 'N' } })).toMatchObject({
      ok: false,
      problem: 'alignmentDistinct',
    });
    expect(planSiteMerge(target, [source], { b: { E: 'S', W: 'N' } })).toEqual({
      ok: true,
      aligned: true,
      directionMaps: { b: { 3: 5, 7: 1 } },
    });
    // A source whose directions the target has needs no choice; one may still swap them.
    expect(planSiteMerge(target, [site('c', 'N', 'S'), source], { b: { E: 'N', W: 'S' } })).toEqual(
      { ok: true, aligned: true, directionMaps: { b: { 3: 1, 7: 5 } } },
    );
    expect(
      planSiteMerge(target, [site('c', 'N', 'S'), source], {
        b: { E: 'N', W: 'S' },
        c: { N: 'S', S: 'N' },
      }),
    ).toEqual({ ok: true, aligned: true, directionMaps: { b: { 3: 1, 7: 5 }, c: { 1: 5, 5: 1 } } });
    expect(planSiteMerge(site('a', 'N', null), [source])).toMatchObject({
      ok: false,
      problem: 'targetDirections',
    });
  });
});
