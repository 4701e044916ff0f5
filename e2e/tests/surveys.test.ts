import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, jamarText, metroCountText, readSiteList } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGraphql, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { fillDate, launchBrowser, signedInPage } from '../support/browser.ts';
import { sharedApp, type SharedApp } from '../support/sharedApps.ts';

const SURVEY = 'March count on two roads';
const PLANNED_SITE = 'Ferry Lane (planned)';

/** A generated counter file in a folder of its own. */
function saved(fileName: string, text: Iterable<string>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'roadcount-survey-')), fileName);
  writeFileSync(path, [...text].join(''));
  return path;
}

/*
 * As an organisation admin with the demo surveys: plan a survey of two demo sites with the
 * wizard, download its site file, record counter files carrying the file's SID: attributes (the
 * demo generator's MetroCount and Jamar listings, under names and without positions of their
 * own, so that only the SID can match them), upload them, and watch the survey complete; then
 * delete and restore it.
 */
describe('surveys', () => {
  let app: SharedApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    // The demo with its surveys, all processed: shared with demoSites.test.ts.
    app = await sharedApp('seeded');
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, app.url, 'admin', ADMIN_PASSWORD, 1280));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    if (!app) return;
    // The planned site made below leaves with this file: the demo's sites, as demoSites.test.ts
    // lists them, are the seeded ones whichever of the two files runs first.
    const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
    const planned = () =>
      apiGraphql<{ sites: { sites: { id: string; name: string }[] } }>(
        app.url,
        token,
        'query($search: String) { sites(search: $search) { sites { id name } } }',
        { search: PLANNED_SITE },
      ).then(({ sites }) => sites.sites.filter((site) => site.name === PLANNED_SITE));
    for (const site of await planned())
      await apiGraphql(app.url, token, 'mutation($id: ID!) { deleteSite(id: $id) { id } }', {
        id: site.id,
      });
    // Deleting is a task of the server's: done once the site is no longer listed.
    for (let attempt = 0; (await planned()).length > 0; attempt += 1) {
      if (attempt === 300) throw new Error(`${PLANNED_SITE} was not deleted`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  let attributes: Record<string, string> = {};

  it('plans a survey of two demo sites with the wizard and downloads its site file', async () => {
    await page.getByRole('link', { name: 'Surveys' }).click();
    await page.waitForURL('**/ui/surveys');
    await page.getByRole('button', { name: 'New survey' }).click();
    const wizard = page.getByRole('dialog', { name: 'New survey' });

    // Step 1: nothing chosen is refused with its message.
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText('Choose at least one site for the survey').waitFor();
    for (const site of ['London Road', 'Bath Road']) {
      await wizard.getByLabel('Search sites').fill(site);
      await wizard.getByRole('checkbox', { name: `Choose ${site}` }).check();
    }
    await wizard.getByText('Chosen sites: 2').waitFor();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: an end before the start is refused until put right.
    await wizard.getByLabel('Survey name').fill(SURVEY);
    await fillDate(wizard, 'Start date', '2025-03-05');
    await fillDate(wizard, 'End date', '2025-03-03');
    await wizard.getByLabel('Counter type or model').fill('MetroCount 5600 and Jamar TRAX');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByText('The end date is before the start date').waitFor();
    await fillDate(wizard, 'Start date', '2025-03-03');
    await fillDate(wizard, 'End date', '2025-03-05');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 3: the site file as the counters need it, then the survey is created.
    await wizard.getByLabel('Counter name for London Road').fill('Counter 17');
    await wizard.getByRole('button', { name: 'Create survey' }).click();
    await wizard.getByText(`${SURVEY} is planned`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      wizard.getByRole('button', { name: 'Download the site file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      'roadcount-survey-March-count-on-two-roads-site-list.csv',
    );
    const rows = readSiteList(readFileSync(await download.path(), 'utf8'));
    // In the order chosen: London Road under its counter's name, then Bath Road.
    expect(rows.map((row) => row.name)).toEqual(['Counter 17', 'Bath Road']);
    for (const row of rows) expect(row.attribute).toBe(`SID:${row.site_id}`);
    attributes = {
      'London Road': rows[0]?.attribute ?? '',
      'Bath Road': rows[1]?.attribute ?? '',
    };
    await wizard.getByRole('button', { name: 'Close' }).click();

    const card = page.getByRole('article', { name: SURVEY });
    await card.getByText('Sites complete: 0 of 2 · with data: 0').waitFor();
    await expect(card.getByText('Overdue: data missing').count()).resolves.toBe(1);
  });

  it('completes the survey once the counters’ files are uploaded', async () => {
    // 3 to 5 March 2025, local time of the sites (Europe/London, GMT then): 3 whole days.
    const traffic = (seed: number, direction: 1 | 3) =>
      generateTraffic({
        seed,
        startDay: '2025-03-03',
        days: 3,
        vehiclesPerDay: 3000,
        directions: [direction, direction],
        meanSpeedKmh: 45,
      });
    const london = saved(
      'counter-17.txt',
      metroCountText(
        traffic(71, 1),
        { name: 'Counter 17', attribute: attributes['London Road'], timeZone: 'Europe/London' },
        1,
      ),
    );
    // A Jamar listing carries the attribute as its Site Code.
    const bath = saved(
      'trax-4.csv',
      jamarText(traffic(72, 3), { name: attributes['Bath Road'] ?? '' }),
    );
    await page.goto(`${app.url}/ui/file-upload`);
    await page.locator('input[data-kind="vehicle"]').setInputFiles([london, bath]);
    const box = page.getByRole('region', { name: 'Vehicle counts' });
    for (const name of ['counter-17.txt', 'trax-4.csv'])
      await box
        .getByRole('listitem', { name })
        .getByText('Processed', { exact: true })
        .waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Surveys' }).click();
    await page.getByRole('tab', { name: 'Completed' }).click();
    const card = page.getByRole('article', { name: SURVEY });
    // The list refreshes itself while the sites' rollups are rebuilt.
    await card.waitFor({ timeout: 60_000 });
    await card.getByText('Sites complete: 2 of 2 · with data: 2').waitFor();
    const sites = card.getByRole('table', { name: `Sites of ${SURVEY}` });
    for (const site of ['London Road', 'Bath Road']) {
      const row = sites.getByRole('row', { name: new RegExp(site) });
      await row.getByText('3 / 3').waitFor();
      await row.getByRole('cell', { name: 'Complete', exact: true }).waitFor();
    }
  });

  it('deletes the survey and restores it', async () => {
    const card = page.getByRole('article', { name: SURVEY });
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`${SURVEY} is deleted; restore it from the Deleted tab.`).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Deleted' }).click();
    await page
      .getByRole('article', { name: SURVEY })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText(`${SURVEY} is restored.`).waitFor();
    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.getByRole('article', { name: SURVEY }).getByText('Completed').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('chooses sites on the map by a drawn area, and places a new planned site', async () => {
    await page.getByRole('button', { name: 'New survey' }).click();
    const wizard = page.getByRole('dialog', { name: 'New survey' });
    await wizard.getByRole('button', { name: 'On the map' }).click();
    const map = wizard.getByTestId('survey-sites-map');
    await map.locator('canvas').waitFor();
    await page.waitForTimeout(1500);
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    // The map opens on every site with 40 px to spare: an area 15 px inside its edges holds all
    // six demo sites (five counts and the realtime Kings Road live).
    await wizard.getByRole('button', { name: 'Draw an area' }).click();
    for (const [x, y] of [
      [15, 15],
      [box.width - 60, 15],
      [box.width - 60, box.height - 40],
      [15, box.height - 40],
    ] as const)
      await page.mouse.click(box.x + x, box.y + y);
    await wizard.getByText('points: 4').waitFor();
    await wizard.getByRole('button', { name: 'Choose the sites inside' }).click();
    await wizard.getByText('Chosen sites: 6').waitFor();

    await wizard.getByRole('button', { name: 'New planned site' }).click();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await wizard.getByLabel('Name of the new site').fill(PLANNED_SITE);
    await wizard.getByRole('button', { name: 'Add the site' }).click();
    await wizard.getByText('Chosen sites: 7').waitFor();
    await wizard.getByRole('button', { name: PLANNED_SITE }).waitFor();
    await wizard.getByRole('button', { name: 'Cancel' }).click();

    // The planned site is a site of the organisation, with no data yet.
    await page.getByRole('link', { name: 'Sites' }).click();
    await page.getByRole('cell', { name: PLANNED_SITE, exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
