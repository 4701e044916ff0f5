import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  filterProblems,
  filtersFromSearch,
  searchFromFilters,
  toPayload,
  zonedTimeToUtc,
} from './siteDetailFilters.ts';

describe('site detail filters', () => {
  it('round-trip through a link, leaving defaults out', () => {
    const filters = {
      ...defaultFilters('metric'),
      from: '2025-06-01',
      speedMin: 30,
      classes: [1, 2],
      directions: [5],
    };
    const search = searchFromFilters(filters, 'metric');
    expect(search.toString()).toBe('from=2025-06-01&vmin=30&classes=1%2C2&dirs=5');
    expect(filtersFromSearch(search, 'metric')).toEqual(filters);
  });

  it('carry the exclusions in the link and the payload, leaving out rules that do not read', () => {
    const filters = {
      ...defaultFilters('metric'),
      vehicleExclusions: ['a1', 'b2'],
      timeExclusions: [
        { days: [0, 1, 2, 3, 4], from: '07:00', to: '09:30' },
        { days: [5], from: '22:00', to: '00:00' },
      ],
    };
    const search = searchFromFilters(filters, 'metric');
    expect(search.get('vex')).toBe('a1,b2');
    expect(search.get('tex')).toBe('01234-0700-0930,5-2200-0000');
    expect(filtersFromSearch(search, 'metric')).toEqual(filters);
    expect(toPayload(filters, 'metric', 'UTC')).toMatchObject({
      vehicle_exclusions: ['a1', 'b2'],
      time_exclusions: filters.timeExclusions,
    });
    const odd = new URLSearchParams('tex=9-0700-0800,1-1000-0900,2-0800-0900');
    expect(filtersFromSearch(odd, 'metric').timeExclusions).toEqual([
      { days: [2], from: '08:00', to: '09:00' },
    ]);
    expect(toPayload(defaultFilters('metric'), 'metric', 'UTC')).not.toHaveProperty(
      'vehicle_exclusions',
    );
  });

  it('start with the SPEC defaults: 1 to 180 km/h, no separation, all directions', () => {
    expect(filtersFromSearch(new URLSearchParams(), 'metric')).toMatchObject({
      speedMin: 1,
      speedMax: 180,
      headwayMin: 0,
      directions: undefined,
      aggregation: 1440,
    });
  });

  it('refuse a start after the end and an empty speed range', () => {
    const filters = {
      ...defaultFilters('metric'),
      from: '2025-06-02',
      to: '2025-06-01',
      speedMin: 50,
      speedMax: 40,
    };
    expect(filterProblems(filters)).toEqual([
      'siteDetail.filters.datesBackwards',
      'siteDetail.filters.speedRange',
    ]);
  });

  it('turn local dates into the site’s instants across a clock change', () => {
    // London is on BST (UTC+1) in June and on GMT in December.
    expect(zonedTimeToUtc('2025-06-01T00:00:00', 'Europe/London').toISOString()).toBe(
      '2025-05-31T23:00:00.000Z',
    );
    expect(zonedTimeToUtc('2025-12-01T00:00:00', 'Europe/London').toISOString()).toBe(
      '2025-12-01T00:00:00.000Z',
    );
    const payload = toPayload(
      { ...defaultFilters('imperial'), from: '2025-03-30', to: '2025-03-30', speedMin: 20 },
      'imperial',
      'Europe/London',
    );
    expect(payload.start_time).toBe('2025-03-30T00:00:00.000Z');
    // The day the clocks go forward has 23 hours: it ends at 23:00 UTC.
    expect(payload.end_time).toBe('2025-03-30T22:59:59.999Z');
    expect(payload.velocity_min).toBeCloseTo(20 * 0.44704, 9);
  });
});
