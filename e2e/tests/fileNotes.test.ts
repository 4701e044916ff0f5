import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';
import { sharedApp, STAFF_PASSWORD, type SharedApp } from '../support/sharedApps.ts';

const FILES = ['north.csv', 'south.csv', 'east.csv'];

/**
 * Platform staff exist only through `npm run create-admin`: an app with one, shared with the other
 * staff files (staffMoveSite, staffTools).
 */
describe('file notes by platform admins', () => {
  let app: SharedApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    app = await sharedApp('staff');
    const orgAdmin = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
    for (const [index, name] of FILES.entries()) {
      const vehicles = generateTraffic({
        seed: 60 + index,
        startDay: '2025-09-01',
        days: 2,
        vehiclesPerDay: 150,
        directions: [1, 5],
        meanSpeedKmh: 45,
      });
      await apiUploadAndProcess(
        app.url,
        orgAdmin,
        name,
        [
          ...roadcountCsvText(vehicles, {
            name: `Note Street ${index}`,
            latitude: 53 + index / 10,
            longitude: -2,
          }),
        ].join(''),
      );
    }
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, app.url, 'staff', STAFF_PASSWORD, 1440));
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('adds one note to three selected files at once', async () => {
    await page.goto(`${app.url}/ui/file-management`);
    const all = page.getByRole('table', { name: 'Files', exact: true });
    for (const name of FILES) await all.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByText('Selected files: 3').waitFor();
    const selected = page.getByRole('table', { name: 'Selected files' });
    expect(await selected.getByRole('row').count()).toBe(1 + FILES.length);

    await page.getByRole('button', { name: 'Add a note to the selected files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a note to the selected files (3)' });
    const add = dialog.getByRole('button', { name: 'Add note' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('New note').fill('Counters recalibrated in September');
    await add.click();
    await dialog.getByText('Note added to the selected files: 3').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    for (const name of FILES) {
      await all
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('button', { name: 'Notes' })
        .click();
      const notes = page.getByRole('dialog', { name: `Notes on ${name}` });
      await notes.getByText('Counters recalibrated in September').waitFor();
      await notes.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC · staff$/).waitFor();
      await notes.getByRole('button', { name: 'Close' }).click();
    }

    await page.getByRole('button', { name: 'Deselect all' }).click();
    await page.getByText('Selected files: 0').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows no notes column to the organisation’s own users', async () => {
    const orgPage = (await signedInPage(browser, app.url, 'admin', ADMIN_PASSWORD, 1440)).page;
    await orgPage.goto(`${app.url}/ui/file-management`);
    const all = orgPage.getByRole('table', { name: 'Files', exact: true });
    await all.getByRole('row').filter({ hasText: 'north.csv' }).waitFor();
    expect(await all.getByRole('columnheader', { name: 'Notes' }).count()).toBe(0);
    expect(
      await orgPage.getByRole('button', { name: 'Add a note to the selected files' }).count(),
    ).toBe(0);
  });
});
