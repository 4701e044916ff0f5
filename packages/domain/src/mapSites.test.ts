import { describe, expect, it } from 'vitest';
import { dayInRange, histogramPercentile, isSiteVisible, isoWeekday } from './mapSites.ts';

const site = {
  ownerOrganisationId: 'org-a',
  realtime: false,
  contexts: ['VEH'],
  timeSpan: 'TS_T',
  selected: false,
};
const everything = {
  selectedOnly: false,
  contexts: new Set(['VEH', 'PED', 'BIKE']),
  timeSpans: new Set(['TS_T', 'TS_P']),
};

describe('site visibility on the map', () => {
  it('shows a site that meets every rule', () => {
    expect(isSiteVisible(site, everything)).toBe(true);
  });

  it('hides a site of an organisation that is not shown', () => {
    expect(isSiteVisible(site, { ...everything, visibleOrganisationIds: new Set(['org-b']) })).toBe(
      false,
    );
  });

  it('hides unselected sites when only selected sites are shown', () => {
    expect(isSiteVisible(site, { ...everything, selectedOnly: true })).toBe(false);
    expect(isSiteVisible({ ...site, selected: true }, { ...everything, selectedOnly: true })).toBe(
      true,
    );
  });

  it('needs one of the site contexts to be an active filter', () => {
    expect(isSiteVisible(site, { ...everything, contexts: new Set(['BIKE']) })).toBe(false);
    expect(
      isSiteVisible(
        { ...site, contexts: ['PED', 'BIKE'] },
        { ...everything, contexts: new Set(['BIKE']) },
      ),
    ).toBe(true);
  });

  it('shows a realtime site whatever the time span, and others only for a chosen span', () => {
    const permanentOnly = { ...everything, timeSpans: new Set(['TS_P']) };
    expect(isSiteVisible(site, permanentOnly)).toBe(false);
    expect(isSiteVisible({ ...site, realtime: true }, permanentOnly)).toBe(true);
    expect(isSiteVisible({ ...site, timeSpan: null }, everything)).toBe(false);
  });
});

describe('day ranges', () => {
  it('knows Monday from Sunday', () => {
    expect(isoWeekday('2025-06-02')).toBe(1);
    expect(isoWeekday('2025-06-08')).toBe(7);
    expect(dayInRange('2025-06-06', 'weekdays')).toBe(true);
    expect(dayInRange('2025-06-07', 'weekdays')).toBe(false);
    expect(dayInRange('2025-06-07', 'weekend')).toBe(true);
    expect(dayInRange('2025-06-07', 'wholeWeek')).toBe(true);
  });
});

describe('histogram percentile', () => {
  it('interpolates within the bin that holds the rank', () => {
    // 10 vehicles at 40-41 km/h and 10 at 50-51 km/h: the 85th lies 70% into the 50 bin.
    const histogram = Array.from({ length: 51 }, () => 0);
    histogram[40] = 10;
    histogram[50] = 10;
    expect(histogramPercentile(histogram, 85)).toBeCloseTo(50.7, 10);
    expect(histogramPercentile(histogram, 50)).toBeCloseTo(41, 10);
    expect(histogramPercentile([], 85)).toBeNull();
  });
});
