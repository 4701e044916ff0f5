import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const SITE_NAME = 'Whitley Wood Road';

describe('uploads and the files table', () => {
  let browser: Browser;
  let page: Page;
  let path: string;
  let count: number;

  beforeAll(async () => {
    const vehicles = [
      ...generateTraffic({
        seed: 51,
        startDay: '2025-10-06',
        days: 3,
        vehiclesPerDay: 400,
        directions: [1, 5],
        meanSpeedKmh: 38,
      }),
    ];
    count = vehicles.length;
    path = join(mkdtempSync(join(tmpdir(), 'roadcount-upload-')), 'whitley.csv');
    writeFileSync(
      path,
      [...roadcountCsvText(vehicles, { name: SITE_NAME, latitude: 51.42, longitude: -0.96 })].join(
        '',
      ),
    );
    browser = await launchBrowser();
    ({ page } = await newPage(browser, 1280));
    await page.goto(`${appUrl}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/analysis/map');
  });
  afterAll(() => browser.close());

  it('uploads a counter file through the vehicle box and shows it processed in the queue', async () => {
    await page.goto(`${appUrl}/ui/file-upload`);
    await page.locator('input[data-kind="vehicle"]').setInputFiles(path);
    await page.getByText('Uploaded and queued for processing').waitFor();
    const queue = page.getByRole('table', { name: 'Files' });
    const row = queue.getByRole('row').filter({ hasText: 'whitley.csv' });
    await row.getByText('Passed', { exact: true }).first().waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: SITE_NAME }).waitFor();
    await row.getByText(count.toLocaleString('en-GB')).waitFor();
  });

  it('finds the file in the files table and opens its quality review', async () => {
    await page.goto(`${appUrl}/ui/file-management`);
    await page.getByLabel('Search by file or site name').fill('whitley');
    const row = page
      .getByRole('table', { name: 'Files' })
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
});
