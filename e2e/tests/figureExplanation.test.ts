import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGraphql, apiReport, apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
/** Where the screenshots for review go, when asked for (EXPLAIN_SHOTS_DIR). */
const shotsDir = process.env.EXPLAIN_SHOTS_DIR;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

const SITE_AADT = `query($siteId: ID!) { siteAadt(site_id: $siteId) { method variant whole_days } }`;
const EXPLAIN_ADT = `query($siteId: ID!, $filter: FilterPayload) {
  figureExplanation(siteId: $siteId, figure: adt, filter: $filter) {
    days { first_day last_day days_used days { day } }
  }
}`;

/** Issue 36, acceptance 4: each figure opens how it was made, in Chromium, phone and desktop. */
describe('how a figure was made', () => {
  let browser: Browser;
  let admin: string;
  let siteId: string;

  beforeAll(async () => {
    admin = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    const vehicles = generateTraffic({
      seed: 36,
      startDay: '2025-10-06',
      days: 10,
      vehiclesPerDay: 900,
      directions: [1, 5],
      meanSpeedKmh: 46,
    });
    const text = [
      ...roadcountCsvText(vehicles, { name: 'Explain Lane', latitude: 51.75, longitude: -1.26 }),
    ].join('');
    siteId = await apiUploadAndProcess(appUrl, admin, 'explain-lane.csv', text);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser.close();
  });

  const shot = async (page: Page, name: string, width: number) => {
    if (!shotsDir) return;
    // Once the dialog has faded in, so the page behind it does not show through.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.MuiDialog-container')).every(
        (element) => getComputedStyle(element).opacity === '1',
      ),
    );
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`) });
  };

  /** Opens the figure's explanation from its button; answers the dialog once it has loaded. */
  async function open(page: Page, label: string, where = page.locator('body')) {
    await where.getByRole('button', { name: `How was ${label} made?` }).click();
    const dialog = page.getByRole('dialog', { name: `How ${label} was made` });
    await dialog.locator('[data-section="formula"] [data-formula]').waitFor({ timeout: 60_000 });
    return dialog;
  }

  for (const width of [1440, 375])
    it(`opens from the AADT and 85th percentile cards and the volume chart at ${width} px`, async () => {
      const { page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, width);
      await page.goto(`${appUrl}/ui/analysis/site-detail/${siteId}`);
      await page.getByRole('heading', { name: 'Explain Lane' }).waitFor({ timeout: 60_000 });
      const counted = (await page.getByTestId('vehicle-count').textContent()) ?? '';
      const vehicles = /([\d,]+)/.exec(counted)?.[1] ?? '?';

      // AADT: the site's whole record, by the method the one AADT decision took.
      const { siteAadt } = await apiGraphql<{
        siteAadt: { method: string; variant: string; whole_days: number };
      }>(appUrl, admin, SITE_AADT, { siteId });
      const aadt = await open(page, 'AADT');
      await aadt.locator(`[data-variant="${siteAadt.variant}"]`).waitFor();
      expect(await aadt.locator('[data-days-used]').getAttribute('data-days-used')).toBe(
        String(siteAadt.whole_days),
      );
      expect(await aadt.textContent()).toContain("The page's filters do not apply to this figure");
      await aadt.getByRole('link', { name: 'explain-lane.csv' }).waitFor();
      await shot(page, 'aadt', width);
      await aadt.getByRole('button', { name: 'Close' }).click();
      await aadt.waitFor({ state: 'hidden' });

      // The 85th percentile: the vehicles it counts are those the page counts.
      const speed = await open(
        page,
        '85th percentile speed',
        page.locator('[data-card="speed85"]'),
      );
      expect(await speed.locator('[data-formula]').textContent()).toBe(
        'P85 of the speeds, by PERCENTILE.INC (see speed percentiles)',
      );
      // Every vehicle counts, on the partial first and last days too: no day is left out.
      expect(await speed.locator('[data-section="days"] li').count()).toBe(0);
      await speed
        .getByText(new RegExp(`^${vehicles} of the [\\d,]+ vehicles of the period counted$`))
        .waitFor();
      await shot(page, 'speed85', width);
      await speed.getByRole('button', { name: 'Close' }).click();
      await speed.waitFor({ state: 'hidden' });

      // A volume chart: its formula, its file (a link to it on the Files screen) and its days.
      const volume = await open(page, 'Volume by direction');
      expect(await volume.locator('[data-formula]').textContent()).toBe(
        'volume = vehicles whose time falls in the bin',
      );
      const file = volume.getByRole('link', { name: 'explain-lane.csv' });
      expect(await file.getAttribute('href')).toBe('/ui/file-management?search=explain-lane.csv');
      await shot(page, 'volume', width);
      await file.click();
      await page.waitForURL('**/ui/file-management?search=explain-lane.csv');
      expect(errors).toEqual([]);
      await page.context().close();
    });

  it("writes the same explanation into the standard spreadsheet's sheet", async () => {
    const file = await apiReport(appUrl, admin, {
      type: 'standard_spreadsheet',
      site_ids: [siteId],
      start: '2025-10-06T00:00:00Z',
      end: '2025-10-16T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const rows: [string, string][] = [];
    workbook
      .getWorksheet('How these figures were made')
      ?.eachRow((row) => rows.push([row.getCell(1).text, row.getCell(2).text]));
    const labels = rows.map(([label, text]) => `${label} | ${text}`);
    expect(labels).toContain('Explain Lane: ADT | ');
    expect(labels).toContain('Formula | ADT = vehicles in the whole days ÷ number of whole days');
    // The days it names are those the API's explanation gives under the report's filter.
    const { figureExplanation: adt } = await apiGraphql<{
      figureExplanation: {
        days: { first_day: string; last_day: string; days_used: number; days: unknown[] };
      };
    }>(appUrl, admin, EXPLAIN_ADT, {
      siteId,
      filter: { start_time: '2025-10-06T00:00:00Z', end_time: '2025-10-16T00:00:00Z' },
    });
    expect(labels).toContain(
      `Days | ${adt.days.first_day} to ${adt.days.last_day}: ${adt.days.days_used} of ${adt.days.days.length} days used`,
    );
    expect(labels).toContain('Explain Lane: AADT | ');
    expect(labels.some((line) => line.startsWith('File | explain-lane.csv ('))).toBe(true);

    // The sheet as a reader sees it, for the review's screenshots.
    for (const width of [1440, 375]) {
      const { page } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, width);
      const escape = (text: string) =>
        text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      await page.setContent(
        `<html><body style="font-family:sans-serif;font-size:13px;margin:12px">
          <h2>How these figures were made (standard spreadsheet)</h2>
          <table style="border-collapse:collapse">${rows
            .map(
              ([label, text]) =>
                `<tr><th style="text-align:left;vertical-align:top;padding:2px 8px;border:1px solid #ccc">${escape(label)}</th><td style="padding:2px 8px;border:1px solid #ccc">${escape(text)}</td></tr>`,
            )
            .join('')}</table></body></html>`,
      );
      await page.getByText('Explain Lane: ADT').waitFor();
      if (shotsDir)
        await page.screenshot({
          path: join(shotsDir, `report-sheet-${width}.png`),
          fullPage: true,
        });
      await page.context().close();
    }
  });
});
