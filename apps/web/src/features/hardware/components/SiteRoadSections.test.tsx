import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { SiteRoadSections } from './SiteRoadSections.tsx';

const SITE_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';

function sectionsServer(sections: unknown[]) {
  signInAs(ADMIN_ID, 'org_user');
  return fakeServer(
    on('GET', `/core/api/config/road_sections/?site_id=${SITE_ID}`, () => json(sections)),
  );
}

const section = (name: string, coordinates: [number, number][]) => ({
  id: crypto.randomUUID(),
  name,
  description: null,
  site_id: SITE_ID,
  site_name: 'Coronation Road east',
  coordinates,
  created_on: '2026-11-01T08:00:00.000Z',
});

describe("a site's road sections", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each with its length in km, or in miles', async () => {
    const sections = [
      // 0.01° of latitude: 6371.0088 km × 0.01 × π / 180 = 1.11195 km, shown as 1.11 km.
      section('Coronation Road', [
        [-2.6, 51.44],
        [-2.6, 51.45],
      ]),
      // Two such legs: 2.22390 km, shown as 2.22 km.
      section('Cumberland Road', [
        [-2.61, 51.44],
        [-2.61, 51.45],
        [-2.61, 51.46],
      ]),
    ];
    sectionsServer(sections);
    const { unmount } = renderWithApp(<SiteRoadSections siteId={SITE_ID} units="metric" />);
    expect(await screen.findByRole('heading', { name: 'Road sections of this site' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Coronation Road · 1.11 km', 'Cumberland Road · 2.22 km']);
    unmount();

    // 1.11195 km / 1.609344 = 0.69094 mi and 2.22390 / 1.609344 = 1.38187 mi.
    sectionsServer(sections);
    renderWithApp(<SiteRoadSections siteId={SITE_ID} units="imperial" />);
    await screen.findByRole('heading', { name: 'Road sections of this site' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Coronation Road · 0.69 mi',
      'Cumberland Road · 1.38 mi',
    ]);
  }, 30_000);

  it('shows nothing for a site with no section', async () => {
    const sent = sectionsServer([]);
    renderWithApp(<SiteRoadSections siteId={SITE_ID} units="metric" />);
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Road sections of this site' })).toBeNull();
  }, 30_000);
});
