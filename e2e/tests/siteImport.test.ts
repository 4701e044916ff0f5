import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');

const HEADER =
  'name,latitude,longitude,direction_one,direction_two,site_type,class_scheme,time_zone';
const BAD = [
  HEADER,
  'Orchard Way,51.41,-0.91,N,S,temporary,arx,Europe/London',
  'Quarry Hill,191,-0.92,N,S,temporary,arx,Europe/London',
  'Orchard Way,51.43,-0.93,E,N,temporary,arx,Europe/London',
].join('\n');
const GOOD = [
  HEADER,
  'Orchard Way,51.41,-0.91,N,S,temporary,arx,Europe/London',
  'Quarry Hill,51.42,-0.92,E,W,continuous,arx,Europe/London',
].join('\n');

describe('the sites CSV import', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1280));
  }, 60_000);
  afterAll(() => browser.close());

  it('lists both bad rows’ errors and imports nothing, then imports a good file into the table', async () => {
    await page.goto(`${appUrl}/ui/site-list`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import sites from a CSV file' });
    const file = dialog.getByLabel('CSV file of sites');
    await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const problems = dialog.getByRole('alert');
    await problems.getByText('Problem with the CSV data, check your file').waitFor();
    const rows = problems.getByRole('list', { name: 'Problems by row' }).locator(':scope > li');
    await rows.first().waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      'Row 3\nLatitude: This value must be from -90 to 90.',
      'Row 4\nName: This name is repeated in the file (first on row 2).\nDirection two: This value must be the opposite of direction one.',
    ]);
    await page.getByLabel('Search by name').waitFor();
    // Nothing was imported: the table behind the dialog has neither site.
    const table = page.getByRole('table', { name: 'Sites' });
    expect(await table.getByText('Orchard Way').count()).toBe(0);

    await file.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Sites imported: 2').waitFor();
    for (const [name, directions] of [
      ['Orchard Way', 'N / S'],
      ['Quarry Hill', 'E / W'],
    ] as const) {
      await page.getByLabel('Search by name').fill(name);
      const row = table.getByRole('row').filter({ hasText: name });
      await row.getByText(directions).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('deletes an imported site after a confirmation and restores it from the deleted sites', async () => {
    const table = page.getByRole('table', { name: 'Sites' });
    await page.getByLabel('Search by name').fill('Orchard Way');
    await page.getByRole('button', { name: 'Edit Orchard Way' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Orchard Way' });
    await edit.getByRole('button', { name: 'Delete site' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Orchard Way?' });
    await confirm.getByRole('button', { name: 'Delete site' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Deletion of Orchard Way is queued.', { exact: false }).waitFor();
    // The queued deletion runs on the server's worker; the table then shows no such site.
    await table.getByText('No sites match').waitFor();

    await page.getByRole('button', { name: 'Deleted sites' }).click();
    const deleted = page.getByRole('dialog', { name: 'Deleted sites' });
    await deleted.getByRole('button', { name: 'Restore Orchard Way' }).click();
    await page.getByText('Orchard Way is restored.').waitFor();
    // Other test files may have deleted sites of their own: this one leaves the list.
    await deleted
      .getByRole('button', { name: 'Restore Orchard Way' })
      .waitFor({ state: 'detached' });
    await deleted.getByRole('button', { name: 'Close' }).click();
    await table.getByRole('row').filter({ hasText: 'Orchard Way' }).getByText('N / S').waitFor();
    expect(errors).toEqual([]);
  });
});
