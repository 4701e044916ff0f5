import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const SITE_NAME = 'Whitley Wood Road';
const SHORT_SITE = 'Basingstoke Road';

declare global {
  interface Window {
    uploadStates?: string[];
    notReloaded?: boolean;
  }
}

/** A generated counter file (Roadcount CSV, both directions) in a folder of its own. */
function counterFile(
  fileName: string,
  siteName: string,
  [latitude, longitude]: [number, number],
  traffic: Omit<Parameters<typeof generateTraffic>[0], 'directions'>,
): { path: string; count: number } {
  const vehicles = [...generateTraffic({ ...traffic, directions: [1, 5] })];
  const path = join(mkdtempSync(join(tmpdir(), 'roadcount-upload-')), fileName);
  writeFileSync(
    path,
    [...roadcountCsvText(vehicles, { name: siteName, latitude, longitude })].join(''),
  );
  return { path, count: vehicles.length };
}

describe('uploads and the files table', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let path: string;
  let count: number;
  let shortPath: string;
  let shortCount: number;

  beforeAll(async () => {
    ({ path, count } = counterFile('whitley.csv', SITE_NAME, [51.42, -0.96], {
      seed: 51,
      startDay: '2025-10-06',
      days: 3,
      vehiclesPerDay: 400,
      meanSpeedKmh: 38,
    }));
    // One day of 20 vehicles: too short and too quiet, so it waits for review.
    ({ path: shortPath, count: shortCount } = counterFile('short.csv', SHORT_SITE, [51.43, -0.97], {
      seed: 52,
      startDay: '2025-10-13',
      days: 1,
      vehiclesPerDay: 20,
      meanSpeedKmh: 30,
    }));
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1280));
  });
  afterAll(() => browser.close());

  it('uploads two files at once and follows their progress and processing live', async () => {
    await page.goto(`${appUrl}/ui/file-upload`);
    // Every state an upload row shows, in order, and a mark that a reload would wipe.
    await page.evaluate(() => {
      window.notReloaded = true;
      const seen: string[] = [];
      window.uploadStates = seen;
      new MutationObserver(() => {
        for (const chip of Array.from(document.querySelectorAll('[data-testid="upload-state"]'))) {
          const entry = `${chip.closest('li')?.getAttribute('aria-label')}: ${chip.textContent}`;
          if (!seen.includes(entry)) seen.push(entry);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.locator('input[data-kind="vehicle"]').setInputFiles([path, shortPath]);
    const box = page.getByRole('region', { name: 'Vehicle counts' });
    for (const name of ['whitley.csv', 'short.csv']) {
      const upload = box.getByRole('listitem', { name });
      await upload.getByRole('progressbar', { name: `Upload progress of ${name}` }).waitFor();
      await upload.getByText('Processed', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await upload.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    }
    const states = await page.evaluate(() => window.uploadStates ?? []);
    for (const name of ['whitley.csv', 'short.csv']) {
      const own = states.filter((state) => state.startsWith(`${name}: `));
      expect(own[0]).toMatch(/: Uploading \d+%$/);
      expect(own.at(-1)).toBe(`${name}: Processed`);
    }

    // The queue below follows the same events: statuses and counts without a reload.
    const queue = page.getByRole('region', { name: 'Recent uploads' });
    const row = queue.getByRole('row').filter({ hasText: 'whitley.csv' });
    await row.getByText('Passed', { exact: true }).first().waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: SITE_NAME }).waitFor();
    await row.getByText(count.toLocaleString('en-GB')).waitFor();
    const shortRow = queue.getByRole('row').filter({ hasText: 'short.csv' });
    await shortRow.getByText('Waiting for review').waitFor();
    await shortRow.getByRole('cell', { name: String(shortCount), exact: true }).waitFor();
    expect(await page.evaluate(() => window.notReloaded)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows an upload processed while the live connection was down as processed', async () => {
    // The task events' socket never connects: the upload's state is read from the server instead.
    const { path: offlinePath } = counterFile('no-socket.csv', 'Shinfield Road', [51.41, -0.95], {
      seed: 53,
      startDay: '2025-10-20',
      days: 3,
      vehiclesPerDay: 300,
      meanSpeedKmh: 42,
    });
    await page.routeWebSocket(/\/gql\/v1\/graphql/, (socket) => socket.close());
    try {
      await page.goto(`${appUrl}/ui/file-upload`);
      await page.locator('input[data-kind="vehicle"]').setInputFiles(offlinePath);
      const upload = page
        .getByRole('region', { name: 'Vehicle counts' })
        .getByRole('listitem', { name: 'no-socket.csv' });
      await upload.getByText('Processed', { exact: true }).waitFor({ timeout: 30_000 });
      const row = page
        .getByRole('region', { name: 'Recent uploads' })
        .getByRole('row')
        .filter({ hasText: 'no-socket.csv' });
      await row.getByText('Passed', { exact: true }).first().waitFor({ timeout: 30_000 });
      // Leaving the page while the socket waits to reconnect is quiet.
      await page.getByRole('link', { name: 'All files' }).first().click();
      await page.getByRole('table', { name: 'Files', exact: true }).waitFor();
      await page.waitForTimeout(1_000);
      expect(errors).toEqual([]);
    } finally {
      await page.unrouteAll();
    }
  });

  it('lets the org admin accept a file that failed quality, whose data then shows on its site', async () => {
    await page.goto(`${appUrl}/ui/file-management`);
    const all = page.getByRole('table', { name: 'Files', exact: true });
    const row = all.getByRole('row').filter({ hasText: 'short.csv' });
    await row.getByRole('cell', { name: String(shortCount), exact: true }).waitFor();
    await row.getByRole('button', { name: /Insufficient survey duration/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Data quality of short.csv' });
    await dialog.getByText('Insufficient survey duration').first().waitFor();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await row.getByText('Accepted with issues').waitFor();
    await row.getByRole('link', { name: SHORT_SITE }).click();
    await page.getByRole('heading', { name: SHORT_SITE }).waitFor();
    await page
      .getByText(`Vehicles passing the filters: ${shortCount.toLocaleString('en-GB')}`)
      .waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  it('finds the file in the files table and opens its quality review', async () => {
    await page.goto(`${appUrl}/ui/file-management`);
    await page.getByLabel('Search by file or site name').fill('whitley');
    const row = page
      .getByRole('table', { name: 'Files', exact: true })
      .getByRole('row')
      .filter({ hasText: 'whitley.csv' });
    await row.waitFor();
    await page.getByText('All files: 1').waitFor();
    await row.getByRole('button', { name: 'Passed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data quality of whitley.csv' });
    await dialog.getByText('Every data quality test passed.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByRole('link', { name: SITE_NAME }).click();
    await page.getByRole('heading', { name: SITE_NAME }).waitFor();
  });
  it('answers a duplicate upload with the file it has, adding nothing to the files or counts', async () => {
    await page.goto(`${appUrl}/ui/file-management`);
    const summary = page.getByRole('list', { name: 'Summary' });
    const chipText = (status: string) =>
      summary
        .getByRole('listitem')
        .filter({ hasText: `${status}:` })
        .textContent();
    await expect.poll(() => chipText('Processing')).toMatch(/Processing: \d/);
    const before = { processing: await chipText('Processing'), passed: await chipText('Passed') };
    await page.getByLabel('Search by file or site name').fill('whitley');
    await page.getByText('All files: 1').waitFor();

    await page.goto(`${appUrl}/ui/file-upload`);
    await page.locator('input[data-kind="vehicle"]').setInputFiles(path);
    const upload = page
      .getByRole('region', { name: 'Vehicle counts' })
      .getByRole('listitem', { name: 'whitley.csv' });
    await upload.getByText('Already uploaded, not processed again').waitFor({ timeout: 30_000 });

    await page.goto(`${appUrl}/ui/file-management`);
    await page.getByLabel('Search by file or site name').fill('whitley');
    await page.getByText('All files: 1').waitFor();
    await expect.poll(() => chipText('Processing')).toBe(before.processing);
    expect(await chipText('Passed')).toBe(before.passed);
    expect(errors).toEqual([]);
  });
});
