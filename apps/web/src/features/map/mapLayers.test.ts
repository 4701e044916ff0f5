import { describe, expect, it } from 'vitest';
import type { MapSite } from '@/lib/map/mapSites.ts';
import {
  colourFor,
  layerScale,
  nextSelection,
  NO_VALUE_COLOUR,
  selectionColours,
  summaryCsv,
} from './mapLayers.ts';

const site: MapSite = {
  id: 's1',
  name: 'High Street, north',
  site_type: 'temporary',
  realtime: false,
  contexts: ['VEH'],
  time_span: 'TS_T',
  latitude: 51.5,
  longitude: -0.12,
  owner_organisation_id: 'o1',
  organisation_name: 'Org',
  class_scheme: 'arx',
  last_surveyed: '2026-11-20',
  survey_years: [2026],
  has_data: true,
  days: 7,
  vehicles: 7000,
  adt: 1000,
  awdt: 1100,
  awedt: 750,
  average_speed_mps: 12.5,
  speed85_mps: 15,
  speed95_mps: 17.5,
  pace_kmh_from_mps: 40 / 3.6,
  pace_mph_from_mps: 25 * 0.44704,
  speed_limit_mps: 50 / 3.6,
  above_limit_percent: 12.5,
  heavy_percent: 8,
  heavy_vehicles: 560,
  class_shares: [] as MapSite['class_shares'],
  last_vehicle_at: null,
  today_vehicles: null,
};

describe('map layers', () => {
  it('colour the speed layer by the average speed in the user unit', () => {
    const metric = layerScale('speed', 'metric');
    expect(metric.value(site)).toBeCloseTo(45, 9);
    expect(colourFor(metric, metric.value(site))).toBe(metric.steps[2]?.colour);
    const imperial = layerScale('speed85', 'imperial');
    expect(imperial.value(site)).toBeCloseTo(33.554, 2);
    expect(imperial.unitKey).toBe('map.units.mph');
  });

  it('colour the 95th percentile layer by that speed', () => {
    // 17.5 m/s × 3.6 = 63 km/h: the last band, 60 km/h and over.
    const metric = layerScale('speed95', 'metric');
    expect(metric.value(site)).toBeCloseTo(63, 9);
    expect(colourFor(metric, metric.value(site))).toBe(metric.steps[4]?.colour);
    expect(colourFor(metric, metric.value({ ...site, speed95_mps: null }))).toBe(NO_VALUE_COLOUR);
  });

  it('colour the design layers by the site’s whole-record figures, grey without them', () => {
    const designed: MapSite = {
      ...site,
      design: {
        id: 's1',
        aadt: 12_000,
        aadt_method: 'factored',
        k_factor: 0.095,
        d_factor: 0.58,
        peak_hour_factor: 0.88,
      },
    };
    // 12,000 vehicles a day: the 10,000 to 20,000 step, the fourth.
    const aadt = layerScale('aadt', 'metric');
    expect(aadt.value(designed)).toBe(12_000);
    expect(colourFor(aadt, aadt.value(designed))).toBe('#08519c');
    // K 0.095 is 9.5 %: the 8 to 10 % step, the second.
    const k = layerScale('kFactor', 'metric');
    expect(k.value(designed)).toBeCloseTo(9.5, 9);
    expect(colourFor(k, k.value(designed))).toBe('#6baed6');
    expect(k.unitKey).toBe('map.units.percent');
    // D 0.58 is 58 %: the 55 to 60 % step, the third.
    const d = layerScale('dFactor', 'metric');
    expect(colourFor(d, d.value(designed))).toBe('#3182bd');
    // PHF 0.88: the 0.85 to 0.90 step, the middle (yellow); under 0.80 is the peakiest, red.
    const phf = layerScale('peakHourFactor', 'imperial');
    expect(colourFor(phf, phf.value(designed))).toBe('#fee08b');
    expect(colourFor(phf, 0.7)).toBe('#d73027');
    for (const scale of [aadt, k, d, phf]) expect(scale.value(site)).toBeNull();
    expect(
      colourFor(k, k.value({ ...designed, design: { ...designed.design!, k_factor: null } })),
    ).toBe(NO_VALUE_COLOUR);
  });

  it('colour the pace layer by where the band starts, in the user unit', () => {
    // The 10 km/h pace starts at 40 km/h: the 40 to 50 km/h band; the 10 mph pace at 25 mph:
    // the 25 to 30 mph band.
    const metric = layerScale('pace', 'metric');
    expect(metric.value(site)).toBe(40);
    expect(colourFor(metric, metric.value(site))).toBe(metric.steps[2]?.colour);
    const imperial = layerScale('pace', 'imperial');
    expect(imperial.value(site)).toBe(25);
    expect(colourFor(imperial, imperial.value(site))).toBe(imperial.steps[2]?.colour);
  });

  it('grey out a site with no figure for the layer', () => {
    const scale = layerScale('speed', 'metric');
    expect(colourFor(scale, scale.value({ ...site, average_speed_mps: null }))).toBe(
      NO_VALUE_COLOUR,
    );
  });

  it('tell sites without data apart', () => {
    const scale = layerScale('noData', 'metric');
    expect(colourFor(scale, scale.value({ ...site, has_data: false }))).toBe('#d73027');
    expect(colourFor(scale, scale.value(site))).toBe('#3182bd');
  });
});

describe('site selection', () => {
  it('replaces in single mode and toggles in multi mode', () => {
    expect(nextSelection(['a'], 'b', 'single')).toEqual(['b']);
    expect(nextSelection(['a'], 'a', 'single')).toEqual([]);
    expect(nextSelection(['a'], 'b', 'multi')).toEqual(['a', 'b']);
    expect(nextSelection(['a', 'b'], 'a', 'multi')).toEqual(['b']);
  });

  it('colours one site in single mode black, and others from the palette in turn', () => {
    expect(selectionColours(['a'], 'single').get('a')).toBe('#000000');
    const colours = selectionColours(['a', 'b'], 'multi');
    expect(colours.get('a')).not.toBe(colours.get('b'));
    expect(colours.get('a')).not.toBe('#000000');
  });
});

describe('summary CSV', () => {
  it('writes one row a site, quoting names with commas, speeds in the unit', () => {
    const csv = summaryCsv([site], 'metric', [
      'Name',
      'Lat',
      'Lon',
      'Last',
      'Days',
      'ADT',
      'Avg',
      '85th',
      'Limit',
      'Above',
      'Heavy',
    ]);
    expect(csv.split('\n')[1]).toBe(
      '"High Street, north",51.5,-0.12,2026-11-20,7,1000,45,54,50,12.5,8',
    );
  });

  it('writes a name a spreadsheet would run as a formula as text, longitude still a number', () => {
    const csv = summaryCsv([{ ...site, name: '=cmd|calc' }], 'metric', ['Name']);
    // The apostrophe makes the cell text; -0.12 stays a negative number.
    expect(csv.split('\n')[1]).toBe("'=cmd|calc,51.5,-0.12,2026-11-20,7,1000,45,54,50,12.5,8");
  });
});
