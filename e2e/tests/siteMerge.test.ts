import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');

function survey(name: string, seed: number, latitude: number): string {
  return [
    ...roadcountCsvText(
      generateTraffic({
        seed,
        startDay: '2025-09-01',
        days: 2,
        vehiclesPerDay: 90,
        directions: [1, 5],
        meanSpeedKmh: 35,
      }),
      { name, latitude, longitude: -1.2 },
    ),
  ].join('');
}

describe('merging sites from the sites table', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const admin = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    await apiUploadAndProcess(appUrl, admin, 'birch-a.csv', survey('Birch Road', 91, 52.61));
    await apiUploadAndProcess(appUrl, admin, 'birch-b.csv', survey('Birch Road north', 92, 52.62));
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1280));
  }, 90_000);
  afterAll(() => browser.close());

  it('chooses two sites, merges them into one, which then holds both files, and emails the user', async () => {
    await page.goto(`${appUrl}/ui/site-list`);
    await page.getByLabel('Search by name').fill('birch');
    const table = page.getByRole('table', { name: 'Sites' });
    await table.getByRole('row').filter({ hasText: 'Birch Road north' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Birch Road', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select Birch Road north' }).check();
    await page.getByText('Selected sites: 2').waitFor();
    await page.getByRole('button', { name: 'Merge' }).click();

    const dialog = page.getByRole('dialog', { name: 'Merge sites (2)' });
    await dialog.getByRole('radio', { name: /^Birch Road Scheme/ }).check();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('Merge queued: you will get an email when Birch Road is ready.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The merge runs in the background; when its task ends the table shows one Birch site with
    // both files, without a reload.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: 'Birch Road' }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
    const merged = table.getByRole('row').filter({ hasText: 'Birch Road' });
    expect(await merged.getByRole('cell').nth(5).textContent()).toBe('2');

    const outbox = join(dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((name) => readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes('Subject: Roadcount: sites merged into Birch Road'));
    expect(mail).toContain('Files moved: 1.');
    expect(errors).toEqual([]);
  }, 120_000);
});
