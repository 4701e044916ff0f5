import { readFileSync } from 'node:fs';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGraphql, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const SITE_NAME = 'Kennet Side';

interface MapSite {
  id: string;
  name: string;
  latitude: number | null;
  has_data: boolean;
  adt: number | null;
  average_speed_mps: number | null;
}

const localDate = (date: Date) => date.toISOString().slice(0, 10);

describe('the map', () => {
  let browser: Browser;
  let page: Page;
  let site: MapSite;
  let unplaced = 0;
  const today = new Date();
  const weekAgo = new Date(today.getTime() - 6 * 86_400_000);
  const filter = {
    start_date: localDate(weekAgo),
    end_date: localDate(today),
    day_range: 'wholeWeek',
  };

  beforeAll(async () => {
    // A survey of the last ten days, uploaded by the demo admin as a user would.
    const admin = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    const start = new Date(today.getTime() - 10 * 86_400_000);
    const vehicles = generateTraffic({
      seed: 21,
      startDay: localDate(start),
      days: 10,
      vehiclesPerDay: 900,
      directions: [1, 5],
      meanSpeedKmh: 46,
    });
    const form = new FormData();
    const text = [
      ...roadcountCsvText(vehicles, { name: SITE_NAME, latitude: 51.4521, longitude: -0.9612 }),
    ].join('');
    form.append('file-0', new Blob([text]), 'kennet.csv');
    const upload = await fetch(`${appUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const viewer = await apiSignIn(appUrl, 'demo', DEMO_PASSWORD);
    const query = `query($filter: MapFilter!) { mapSites(filter: $filter) { id name latitude has_data adt average_speed_mps } }`;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const { mapSites } = await apiGraphql<{ mapSites: MapSite[] }>(appUrl, viewer, query, {
        filter,
      });
      const found = mapSites.find(
        (candidate) => candidate.name === SITE_NAME && candidate.has_data,
      );
      if (found) {
        site = found;
        // Sites without coordinates (a Jamar file names no place) are listed but not drawn.
        unplaced = mapSites.filter((candidate) => candidate.latitude === null).length;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(site).toBeDefined();
    browser = await launchBrowser();
    ({ page } = await signedInPage(browser, appUrl, 'demo', DEMO_PASSWORD, 1440));
  }, 90_000);
  afterAll(() => browser.close());

  it('draws the sites and changes the legend with the layer', async () => {
    await page.getByRole('list', { name: 'Sites on the map' }).getByText(SITE_NAME).waitFor();
    await page.locator('[data-testid="site-map"] canvas').waitFor();
    const legend = page.getByRole('region', { name: 'Legend' });
    await legend.getByText('Average speed').waitFor();
    expect(await legend.textContent()).toContain('km/h');
    await page.getByLabel('Layer').click();
    await page.getByRole('option', { name: 'Volume (ADT)' }).click();
    await legend.getByText('Volume (ADT)').waitFor();
    expect(await legend.textContent()).toContain('vehicles a day');
  });

  it('has a legend for every layer', async () => {
    const legend = page.getByRole('region', { name: 'Legend' });
    for (const layer of [
      'Average speed',
      '85th percentile speed',
      '95th percentile speed',
      'Pace (start of the band)',
      'Above posted speed limit',
      'Vehicle classes (heavy share)',
      'Volume (ADT)',
      'AADT (whole record)',
      'K factor (design hour)',
      'D factor (peak direction)',
      'Peak hour factor',
      'Sites without data',
      'Multi-site comparison',
    ]) {
      await page.getByRole('combobox', { name: 'Layer' }).click();
      await page.getByRole('option', { name: layer, exact: true }).click();
      await legend.getByText(layer, { exact: true }).waitFor();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    }
  });

  it('selects the sites inside a polygon drawn on the map', async () => {
    const list = page.getByRole('list', { name: 'Sites on the map' });
    const listed = await list.getByRole('button').count();
    expect(listed).toBeGreaterThan(0);
    const box = await page.locator('[data-testid="site-map"] canvas').boundingBox();
    if (!box) throw new Error('the map has no canvas');
    const drawPolygon = async (corners: [number, number][]) => {
      await page.getByRole('button', { name: 'Select by polygon' }).click();
      for (const [x, y] of corners) await page.mouse.click(box.x + x, box.y + y);
      await page.getByRole('button', { name: `Select inside · points: ${corners.length}` }).click();
      await page.getByRole('button', { name: 'Select by polygon' }).waitFor();
    };
    // The map fits the sites in view, away from its corners: a triangle in a corner holds none.
    await drawPolygon([
      [10, 10],
      [80, 10],
      [10, 80],
    ]);
    expect(await list.getByRole('button', { pressed: true }).count()).toBe(0);
    // A polygon just inside the map's edges holds them all.
    await drawPolygon([
      [10, 10],
      [box.width - 10, 10],
      [box.width - 10, box.height - 10],
      [10, box.height - 10],
    ]);
    await expect
      .poll(() => list.getByRole('button', { pressed: true }).count())
      .toBe(listed - unplaced);
    await page.reload();
    await list.getByText(SITE_NAME).waitFor();
  });

  it('shows the selected site’s figures as the map API gives them, and in the summary CSV', async () => {
    await page.getByRole('list', { name: 'Sites on the map' }).getByText(SITE_NAME).click();
    const summary = page.getByRole('region', { name: 'Site summary' });
    await summary.getByRole('heading', { name: SITE_NAME }).waitFor();
    const adt = Math.round(site.adt ?? 0).toLocaleString('en-GB');
    expect(await summary.locator('[data-figure="adt"]').textContent()).toBe(adt);
    const speed = ((site.average_speed_mps ?? 0) * 3.6).toLocaleString('en-GB', {
      maximumFractionDigits: 1,
    });
    expect(await summary.locator('[data-figure="averageSpeed"]').textContent()).toBe(
      `${speed} km/h`,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Summary CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8')
      .trim()
      .split('\n');
    const header = csv[0]?.split(',') ?? [];
    const row = csv.find((line) => line.startsWith(SITE_NAME))?.split(',') ?? [];
    expect(Number(row[header.indexOf('ADT (vehicles a day)')])).toBe(
      Math.round((site.adt ?? 0) * 100) / 100,
    );

    await summary.getByRole('link', { name: 'Open site detail' }).click();
    await page.waitForURL(`**/ui/analysis/site-detail/${site.id}`);
  });

  it('saves the filters as a quick filter and applies it again', async () => {
    await page.goto(`${appUrl}/ui/analysis/map`);
    const legend = page.getByRole('region', { name: 'Legend' });
    await page.getByLabel('Layer').click();
    await page.getByRole('option', { name: 'Volume (ADT)' }).click();
    await legend.getByText('Volume (ADT)').waitFor();
    const label = page.getByLabel('Label for these filters');
    await label.fill('ab');
    await page.getByText('A quick filter label is 3 to 20 characters').waitFor();
    await label.fill('Daily volume');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const chip = page.getByRole('button', { name: 'Daily volume' });
    await chip.waitFor();
    await page.getByLabel('Layer').click();
    await page.getByRole('option', { name: 'Average speed' }).click();
    await legend.getByText('Average speed').waitFor();
    await chip.click();
    await legend.getByText('Volume (ADT)').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Daily volume' }).waitFor();
  });
});
