import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, jamarText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGraphql, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const SITE_NAME = 'Maple Street tubes';

describe('a two-channel Jamar file', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let path: string;
  let rows: { mph: number }[];
  let admin: string;

  beforeAll(async () => {
    admin = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    // Two days on channels 1 and 2, FHWA classes 1 to 13, speeds in whole mph.
    const text = [
      ...jamarText(
        generateTraffic({
          seed: 61,
          startDay: '2025-10-06',
          days: 2,
          vehiclesPerDay: 300,
          directions: [1, 5],
          meanSpeedKmh: 50,
        }),
        { name: SITE_NAME },
      ),
    ].join('');
    // The file's own rows, read as a person would: the last field of each vehicle is its mph.
    rows = text
      .split('\n')
      .filter((line) => /^\d+, /.test(line))
      .map((line) => ({ mph: Number(line.split(',').at(-1)) }));
    path = join(mkdtempSync(join(tmpdir(), 'roadcount-jamar-')), 'maple-street.csv');
    writeFileSync(path, text);
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1440));
  }, 90_000);
  afterAll(async () => {
    // The admin profile's stored speed range goes back to the SPEC defaults for other tests.
    const { filterset } = await apiGraphql<{ filterset: { id: string } }>(
      appUrl,
      admin,
      '{ filterset { id } }',
    );
    await apiGraphql(
      appUrl,
      admin,
      'mutation($id: ID!) { update_filterset(id: $id, velocity_min: 0.2777777777777778, velocity_max: 50, headway_min: 0) { id } }',
      { id: filterset.id },
    );
    await browser.close();
  });

  it('makes a site with two directions, FHWA classes and every vehicle of the file', async () => {
    await page.goto(`${appUrl}/ui/file-upload`);
    await page.locator('input[data-kind="vehicle"]').setInputFiles(path);
    const upload = page.getByRole('listitem', { name: 'maple-street.csv' });
    await upload.getByText('Processed', { exact: true }).waitFor({ timeout: 60_000 });

    const { sites } = await apiGraphql<{ sites: { sites: { id: string; name: string }[] } }>(
      appUrl,
      admin,
      'query($search: String) { sites(search: $search) { sites { id name } } }',
      { search: SITE_NAME },
    );
    const siteId = sites.sites.find((site) => site.name === SITE_NAME)?.id;
    expect(siteId).toBeDefined();
    await page.goto(`${appUrl}/ui/analysis/site-detail/${siteId}?vmin=1&vmax=180`);
    await page.getByRole('heading', { name: SITE_NAME }).waitFor();

    // Every vehicle the file lists.
    await page
      .getByText(`Vehicles passing the filters: ${rows.length.toLocaleString('en-GB')}`)
      .waitFor();
    expect(await page.getByTestId('left-out-notice').count()).toBe(0);
    // Channel 1 and channel 2: two opposite directions.
    expect(await page.getByRole('combobox', { name: 'Directions' }).textContent()).toBe(
      'Northbound, Southbound',
    );
    // FHWA class names, not Austroads ones.
    await page.getByText('FHWA 13 (14 bicycle, 15 unclassified)').first().waitFor();
    await page.getByRole('combobox', { name: 'Classes' }).click();
    await page
      .getByRole('option', { name: '3 · Pickups, vans (other two-axle, four-tyre single units)' })
      .waitFor();
    await page.getByRole('option', { name: '14 · Bicycles' }).waitFor();
    expect(await page.getByRole('option', { name: /Two-axle truck or bus/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // From 50 km/h: a vehicle at 31 mph (49.9 km/h) or less is left out.
    const slow = rows.filter((row) => row.mph <= 31).length;
    expect(slow).toBeGreaterThan(0);
    await page.getByLabel('Minimum speed (km/h)').fill('50');
    const kept = (rows.length - slow).toLocaleString('en-GB');
    await page.getByText(`Vehicles passing the filters: ${kept}`).waitFor();
    const notice = page.getByTestId('left-out-notice');
    await notice
      .getByText(
        `Left out by the filters: ${slow.toLocaleString('en-GB')} of ${rows.length.toLocaleString('en-GB')} vehicles in this time range`,
      )
      .waitFor();
    await notice.getByText(`outside the speed range: ${slow.toLocaleString('en-GB')}`).waitFor();
    expect(errors).toEqual([]);
  });
});
