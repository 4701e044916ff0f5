import { describe, expect, it } from 'vitest';
import type { MapSite } from '@/lib/map/mapSites.ts';
import { DEFAULT_SITE_FILTERS, defaultDateRange, visibleSites } from './siteFilters.ts';

const base = {
  site_type: 'temporary',
  realtime: false,
  latitude: 51,
  longitude: 0,
  organisation_name: 'Org',
  class_scheme: 'arx',
  last_surveyed: null,
  has_data: false,
  days: 0,
  vehicles: 0,
  adt: null,
  average_speed_mps: null,
  speed85_mps: null,
  speed_limit_mps: null,
  above_limit_percent: null,
  heavy_percent: null,
  class_shares: [] as MapSite['class_shares'],
  last_vehicle_at: null,
  today_vehicles: null,
};
const road = {
  ...base,
  id: 'road',
  name: 'London Road',
  contexts: ['VEH'],
  time_span: 'TS_T',
  owner_organisation_id: 'a',
  survey_years: [2025],
} as MapSite;
const path = {
  ...base,
  id: 'path',
  name: 'Thames Path',
  contexts: ['BIKE'],
  time_span: 'TS_P',
  owner_organisation_id: 'b',
  survey_years: [2026],
} as MapSite;

describe('visible sites', () => {
  it('filters by type, collection frequency, year, name, organisation and selection', () => {
    const ids = (filters: Partial<typeof DEFAULT_SITE_FILTERS>, selected: string[] = []) =>
      visibleSites([road, path], { ...DEFAULT_SITE_FILTERS, ...filters }, selected).map(
        (site) => site.id,
      );
    expect(ids({})).toEqual(['road', 'path']);
    expect(ids({ contexts: ['BIKE'] })).toEqual(['path']);
    expect(ids({ timeSpans: ['TS_T'] })).toEqual(['road']);
    expect(ids({ year: 2026 })).toEqual(['path']);
    expect(ids({ search: 'london' })).toEqual(['road']);
    expect(ids({ organisationIds: ['b'] })).toEqual(['path']);
    expect(ids({ selectedOnly: true }, ['path'])).toEqual(['path']);
  });

  it('starts the date range seven days back and ends it today', () => {
    expect(defaultDateRange(new Date(2026, 10, 22, 15))).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
    });
  });
});
