import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

const appUrl = inject('appUrl');

describe('the sites table', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const admin = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    const text = [
      ...roadcountCsvText(
        generateTraffic({
          seed: 81,
          startDay: '2025-08-04',
          days: 1,
          vehiclesPerDay: 80,
          directions: [1, 5],
          meanSpeedKmh: 30,
        }),
        { name: 'Elm Grove', latitude: 51.43, longitude: -0.95 },
      ),
    ].join('');
    await apiUploadAndProcess(appUrl, admin, 'elm.csv', text);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, 1280));
    await page.goto(`${appUrl}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/analysis/map');
  }, 60_000);
  afterAll(() => browser.close());

  it('edits a site, refusing a latitude out of range and a direction two that is not the opposite', async () => {
    await page.goto(`${appUrl}/ui/site-list`);
    await page.getByLabel('Search by name').fill('elm');
    await page.getByRole('button', { name: 'Edit Elm Grove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Elm Grove' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Latitude').fill('95');
    await dialog.getByText('This value must be from -90 to 90.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Latitude').fill('51.4301');
    await dialog.getByLabel('Direction one').click();
    await page.getByRole('option', { name: 'North' }).click();
    await dialog.getByLabel('Direction two').click();
    await page.getByRole('option', { name: 'East' }).click();
    await dialog.getByText('This value must be the opposite of direction one.').waitFor();
    await dialog.getByLabel('Direction two').click();
    await page.getByRole('option', { name: 'South' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Elm Grove east side');
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    const row = page
      .getByRole('table', { name: 'Sites' })
      .getByRole('row')
      .filter({ hasText: 'Elm Grove east side' });
    await row.getByText('51.43010, -0.95000').waitFor();
    await row.getByText('N / S').waitFor();
  });
});
