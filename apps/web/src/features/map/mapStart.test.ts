import { DEFAULT_ORGANISATION_SETTINGS, type MapProfile } from '@roadcount/domain';
import { describe, expect, it } from 'vitest';
import type { MapSite } from '@/lib/map/mapSites.ts';
import { featuredFigures, mapStart } from './mapStart.ts';

const classes: MapProfile = {
  name: 'Classes',
  layer: 'classes',
  dotSize: 9,
  dayRange: 'weekdays',
  satellite: true,
  showNotes: false,
};
const volume: MapProfile = { ...classes, name: 'Volume', layer: 'volume' };

describe("the map's opening state", () => {
  const organisation = {
    map_defaults: {
      zoom: 9,
      centre: { latitude: 50.72, longitude: -3.53 },
      layer: 'aboveLimit' as const,
      dayRange: 'weekend' as const,
    },
    map_layer_profiles: [classes],
  };

  it("opens at the organisation's centre, zoom, layer and day range", () => {
    const start = mapStart(
      { ...organisation, map_layer_profiles: [] },
      { profiles: [], active: 0 },
    );
    expect(start).toEqual({
      zoom: 9,
      centre: { latitude: 50.72, longitude: -3.53 },
      layer: 'aboveLimit',
      dayRange: 'weekend',
      profile: undefined,
    });
  });

  it("applies the organisation's first profile to a user without their own, else the user's active one", () => {
    expect(mapStart(organisation, { profiles: [], active: 0 }).profile).toBe(classes);
    expect(mapStart(organisation, { profiles: [classes, volume], active: 1 }).profile).toBe(volume);
  });

  it('fits the sites at zoom 12 for an organisation that chose nothing', () => {
    expect(mapStart(undefined, { profiles: [], active: 0 })).toMatchObject({
      zoom: 12,
      centre: null,
      layer: DEFAULT_ORGANISATION_SETTINGS.map_defaults.layer,
    });
  });
});

describe('featured statistics on the map', () => {
  const site = {
    has_data: true,
    adt: 1000,
    awdt: 1100,
    awedt: 750,
    speed85_mps: 15,
    average_speed_mps: 12.5,
    heavy_percent: 8,
    heavy_vehicles: 560,
  } as MapSite;

  it("gives the organisation's statistics in its order, leaving out those the map lacks", () => {
    // AADT and the AM peak need the site detail: left out; the others keep the chosen order.
    expect(
      featuredFigures(site, ['totalCommercial', 'aadt', 'awedt', 'speed85', 'amPeak', 'awdt']),
    ).toEqual([
      { stat: 'totalCommercial', kind: 'count', value: 560 },
      { stat: 'awedt', kind: 'count', value: 750 },
      { stat: 'speed85', kind: 'speed', value: 15 },
      { stat: 'awdt', kind: 'count', value: 1100 },
    ]);
  });

  it('shows no commercial total for a site without data in the range', () => {
    expect(
      featuredFigures({ ...site, has_data: false, heavy_vehicles: 0 }, ['totalCommercial']),
    ).toEqual([{ stat: 'totalCommercial', kind: 'count', value: null }]);
  });
});
