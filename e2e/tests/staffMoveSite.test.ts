import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';
import { sharedApp, STAFF_PASSWORD, type SharedApp } from '../support/sharedApps.ts';

const SHOTS = process.env.SHOTS_DIR;

/** Platform staff move a site of the demo organisation to another organisation (issue 26). */
describe('staff move a demo site to another organisation', () => {
  let app: SharedApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}-1440.png`), fullPage: true });
  };

  beforeAll(async () => {
    app = await sharedApp('staff');
    // A site of the demo organisation, uploaded by its admin.
    const demoAdmin = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
    await apiUploadAndProcess(
      app.url,
      demoAdmin,
      'harbour-road.csv',
      [
        ...roadcountCsvText(
          generateTraffic({
            seed: 26,
            startDay: '2025-09-01',
            days: 2,
            vehiclesPerDay: 120,
            directions: [1, 5],
            meanSpeedKmh: 45,
          }),
          { name: 'Harbour Road', latitude: 50.8, longitude: -1.1 },
        ),
      ].join(''),
    );
    const staff = await apiSignIn(app.url, 'staff', STAFF_PASSWORD);
    await apiPost(app.url, staff, '/core/api/config/organisations/', {
      name: 'Coastal County Council',
      max_active_users: 5,
      max_sites: 20,
    });
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, app.url, 'staff', STAFF_PASSWORD, 1440));
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('moves Harbour Road with its file, and records who did it', async () => {
    await page.goto(`${app.url}/ui/site-list`);
    const table = page.getByRole('table', { name: 'Sites' });
    const row = table.getByRole('row').filter({ hasText: 'Harbour Road' });
    // Staff see which organisation owns each site.
    await row.getByRole('cell', { name: 'Demo Roads Authority' }).waitFor();
    await row.getByRole('checkbox', { name: 'Select Harbour Road' }).check();
    await page.getByRole('button', { name: 'Staff tools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Staff tools for 1 site' });
    await dialog.getByLabel('Receiving organisation').click();
    await page.getByRole('option', { name: 'Coastal County Council' }).click();
    await shot('move-dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.getByText('1 task queued.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The table follows when the task ends: the site now belongs to the other organisation.
    await row.getByRole('cell', { name: 'Coastal County Council' }).waitFor({ timeout: 30_000 });
    await shot('sites-after-move');

    await page.goto(`${app.url}/ui/profile`);
    const tasks = page.getByRole('list', { name: 'Your tasks' });
    await tasks.getByText('Move a site to another organisation').waitFor();
    await tasks
      .getByText(
        /Harbour Road moved from Demo Roads Authority to Coastal County Council with 1 file\(s\)/,
      )
      .waitFor();
    await shot('profile-tasks');

    await page.goto(`${app.url}/ui/staff/audit`);
    const audit = page.getByRole('table', { name: 'Staff audit log' });
    const entry = audit.getByRole('row').filter({ hasText: 'Move a site to another organisation' });
    await entry.getByText('staff', { exact: true }).waitFor();
    await entry.getByText('Demo Roads Authority').waitFor();
    await entry.getByText('Harbour Road → Coastal County Council').waitFor();
    await shot('audit-log');

    // The file went with the site: staff see it under the receiving organisation.
    await page.goto(`${app.url}/ui/file-management`);
    const files = page.getByRole('table', { name: 'Files', exact: true });
    await files
      .getByRole('row')
      .filter({ hasText: 'harbour-road.csv' })
      .getByText('Coastal County Council')
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('offers the demo organisation’s admin no staff tools', async () => {
    const orgPage = (await signedInPage(browser, app.url, 'admin', ADMIN_PASSWORD, 1440)).page;
    await orgPage.goto(`${app.url}/ui/site-list`);
    // Harbour Road left with the move: the demo has no site of that name (the sites the other
    // staff files upload to the shared app stay), and no staff tools.
    await orgPage.getByLabel('Search by name').fill('Harbour Road');
    await orgPage.getByText('No sites match').waitFor();
    expect(await orgPage.getByRole('button', { name: 'Staff tools' }).count()).toBe(0);
    await orgPage.goto(`${app.url}/ui/staff/audit`);
    await orgPage.waitForURL((url) => !url.pathname.startsWith('/ui/staff'));
    expect(await orgPage.getByRole('table', { name: 'Staff audit log' }).count()).toBe(0);
  });
});
