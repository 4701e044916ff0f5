import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import type { MapSite } from '@/lib/map/mapSites.ts';
import { SiteSummaryPanel } from './SiteSummaryPanel.tsx';

const site = {
  id: 'site-1',
  name: 'Mill Lane',
  site_type: 'temporary',
  last_surveyed: '2026-11-20',
  has_data: true,
  adt: 1000,
  awdt: 1100,
  awedt: 750,
  average_speed_mps: 12.5,
  speed85_mps: 15,
  above_limit_percent: 12.5,
  heavy_percent: 8,
  heavy_vehicles: 560,
} as MapSite;

/** The site's daily volumes and free-flow speed, as the server answers them. */
function mapServer() {
  return fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query } = request.body as { query: string };
      return query.includes('mapSiteFreeFlow')
        ? json({
            data: { mapSiteFreeFlow: { headway_threshold_s: 5, vehicles: 4, speed85_mps: 20 } },
          })
        : json({ data: { mapSiteVolumes: [] } });
    }),
  );
}

describe("the map's site summary", () => {
  beforeEach(() => signInAs(ADMIN_ID, 'org_admin'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the organisation's featured statistics first, in its order, then the other figures", async () => {
    mapServer();
    renderWithApp(
      <SiteSummaryPanel
        sites={[site]}
        colours={new Map()}
        dates={{ start_date: '2026-11-01', end_date: '2026-11-20', day_range: 'wholeWeek' }}
        units="metric"
        featured={['totalCommercial', 'speed85', 'awdt', 'aadt']}
        onClose={vi.fn()}
      />,
    );
    const figures = screen.getByRole('table', { name: 'Figures for the chosen days' });
    await within(figures).findByText('85th percentile free-flow speed (headway over 5 s)');
    const rows = within(figures)
      .getAllByRole('row')
      .map((row) => row.textContent);
    // AADT is not a map figure: left out. 15 m/s = 54 km/h; 20 m/s = 72 km/h.
    expect(rows).toEqual([
      'Total commercial560',
      '85th percentile speed54 km/h',
      'AWDT1,100',
      'ADT1,000',
      'Average speed45 km/h',
      'Heavy vehicles8 %',
      'Above the speed limit12.5 %',
      '85th percentile free-flow speed (headway over 5 s)72 km/h',
    ]);
  });
});
