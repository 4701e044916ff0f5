import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');

describe('the sites table', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const admin = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    for (const [index, [name, latitude]] of (
      [
        ['Elm Grove', 51.43],
        ['Oak Avenue', 51.45],
        ['Birch Close', 51.47],
      ] as const
    ).entries()) {
      const text = [
        ...roadcountCsvText(
          generateTraffic({
            seed: 81 + index,
            startDay: '2025-08-04',
            days: 1,
            vehiclesPerDay: 80,
            directions: [1, 5],
            meanSpeedKmh: 30,
          }),
          { name, latitude, longitude: -0.95 },
        ),
      ].join('');
      await apiUploadAndProcess(appUrl, admin, `${name}.csv`, text);
    }
    browser = await launchBrowser();
    ({ page } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1280));
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

  it('lists the clashing name as it is typed, and adds a bike lane next to the road centre', async () => {
    await page.goto(`${appUrl}/ui/site-list`);
    await page.getByLabel('Search by name').fill('birch');
    await page.getByRole('button', { name: 'Edit Birch Close' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Birch Close' });
    const save = dialog.getByRole('button', { name: 'Save' });
    const name = dialog.getByLabel('Name', { exact: true });
    await name.fill('oak avenue');
    await dialog.getByText('Site names are unique. Already used by: Oak Avenue').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await name.fill('Birch Close south');
    await dialog.getByText(/Already used by/).waitFor({ state: 'detached' });
    const north = dialog.getByRole('group', { name: 'Lanes heading North' });
    await north.getByText('No lanes yet.').waitFor();
    await north.getByRole('button', { name: 'Add a lane heading North' }).click();
    await north.getByRole('button', { name: 'Add a lane heading North' }).click();
    await north.getByRole('combobox', { name: 'Lane 2 (North)' }).click();
    await page.getByRole('option', { name: 'Bike lane' }).click();
    await north
      .getByRole('button', { name: 'Move Lane 2 (North) towards the road centre' })
      .click();
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByLabel('Search by name').fill('birch close south');
    await page.getByRole('button', { name: 'Edit Birch Close south' }).click();
    const reopened = page.getByRole('dialog', { name: 'Edit Birch Close south' });
    const saved = reopened.getByRole('group', { name: 'Lanes heading North' });
    expect(await saved.getByRole('combobox', { name: 'Lane 1 (North)' }).textContent()).toBe(
      'Bike lane',
    );
    expect(await saved.getByRole('combobox', { name: 'Lane 2 (North)' }).textContent()).toBe(
      'Road lane',
    );
    // Saved lanes stay: the number of lanes cannot be decreased.
    expect(await saved.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await reopened.getByRole('button', { name: 'Cancel' }).click();
  });
});
