import { readFileSync } from 'node:fs';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const SITES = ['Reading Gate North', 'Reading Gate South'];

declare global {
  interface Window {
    reportStates?: string[];
  }
}

/** Ten days of traffic ending a week ago, so that the screen's default period (a year back) holds it. */
function counterFile(seed: number, siteName: string, latitude: number): string {
  const start = new Date(Date.now() - 17 * 86_400_000).toISOString().slice(0, 10);
  const vehicles = generateTraffic({
    seed,
    startDay: start,
    days: 10,
    vehiclesPerDay: 2_000,
    directions: [1, 5],
    meanSpeedKmh: 44,
  });
  return [...roadcountCsvText(vehicles, { name: siteName, latitude, longitude: -0.97 })].join('');
}

describe('reports: Insights and Downloads', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const token = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    for (const [index, name] of SITES.entries())
      await apiUploadAndProcess(
        appUrl,
        token,
        `report-${index}.csv`,
        counterFile(70 + index, name, 51.3 + index / 100),
      );
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1280));
  }, 120_000);
  afterAll(() => browser.close());

  it('requests a report of two sites, follows its progress and downloads it from the list', async () => {
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL('**/ui/insights');
    await page.getByRole('heading', { name: 'Insights' }).waitFor();
    // Without sites the request is refused on the screen, saying what is missing.
    await page.getByRole('button', { name: 'Request the report' }).click();
    await page.getByText('Choose at least one site, or a site group.').waitFor();

    const sites = page.getByRole('combobox', { name: 'Sites' });
    for (const name of SITES) {
      await sites.fill(name);
      await page.getByRole('option', { name }).click();
    }
    await page.getByLabel('Time aggregation').click();
    await page.getByRole('option', { name: '5 minutes', exact: true }).click();
    // Every state the latest report shows, in order.
    await page.evaluate(() => {
      const seen: string[] = [];
      window.reportStates = seen;
      new MutationObserver(() => {
        const chip = document.querySelector('[data-testid="recent-report"] [data-state]');
        const state = chip?.getAttribute('data-state');
        if (state && seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Request the report' }).click();
    await page.getByText('Your report is queued. You will be told when it is ready.').waitFor();
    const latest = page.getByTestId('recent-report').first();
    await latest.getByText('Standard spreadsheet (xlsx) · sites: 2').waitFor();
    await page
      .getByText('Your report “Standard spreadsheet (xlsx)” is ready on the Downloads list.')
      .waitFor({ timeout: 60_000 });
    await latest.getByText('Ready', { exact: true }).waitFor();
    const states = await page.evaluate(() => window.reportStates ?? []);
    expect(states.at(-1)).toBe('CM');
    // It was shown queued or being made before it was ready.
    expect(states.slice(0, -1).some((state) => state === 'QD' || state === 'PR')).toBe(true);

    await page.getByRole('link', { name: 'All downloads' }).click();
    await page.waitForURL('**/ui/downloads');
    const row = page.getByTestId('download-row').first();
    await row.getByText('Standard spreadsheet (xlsx) · sites: 2').waitFor();
    await row.getByText('Ready', { exact: true }).waitFor();
    await row.getByText(/\d+(\.\d)? kB|MB/).waitFor();
    // Issue 37: the click downloads the file from this page, with no window in between.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^standard-spreadsheet-2-sites-\d{4}-\d\d-\d\d\.xlsx$/,
    );
    expect(page.url()).toMatch(/\/ui\/downloads$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    // The sites' sheets, then how their figures were made (issue 36).
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      ...SITES,
      'How these figures were made',
    ]);
    const settings = new Map<string, unknown>();
    workbook
      .getWorksheet('Report')
      ?.eachRow((line) => settings.set(line.getCell(1).text, line.getCell(2).value));
    expect(settings.get('Sites')).toBe(SITES.join(', '));
    expect(settings.get('Time aggregation')).toBe('5 minutes');
    // Ten days of about 2,000 vehicles a day at each site.
    let vehicles: unknown;
    workbook.getWorksheet(SITES[0] ?? '')?.eachRow((line) => {
      if (line.getCell(1).text === 'Vehicles') vehicles = line.getCell(2).value;
    });
    expect(vehicles).toBeGreaterThan(15_000);
    expect(errors).toEqual([]);
  });

  it('offers every report type, and makes and downloads one of each kind of file', async () => {
    // The server tests check each type's contents; here the screen offers them all, and a file
    // of each kind (CSV, PDF, zip, xlsx) is requested and downloaded as a person would.
    const offered = [
      'Standard spreadsheet (xlsx)',
      'Universal CSV',
      'Site summary (PDF)',
      'Overspeed report (xlsx)',
      'State funding report (xlsx)',
      'GIS export: GeoJSON',
      'GIS export: Shapefile (zip)',
      'Raw uploaded files (zip)',
      'Report function: individual vehicles (CSV)',
      'Report function: vehicle flow (CSV)',
      'Report function: event count (CSV)',
      'Report function: event list (CSV)',
    ];
    const types: [string, RegExp][] = [
      ['Universal CSV', /\.csv$/],
      ['Site summary (PDF)', /\.pdf$/],
      ['GIS export: Shapefile (zip)', /\.zip$/],
      ['Overspeed report (xlsx)', /\.xlsx$/],
    ];
    await page.goto(`${appUrl}/ui/insights`);
    const sites = page.getByRole('combobox', { name: 'Sites' });
    for (const name of SITES) {
      await sites.fill(name);
      await page.getByRole('option', { name }).click();
    }
    await page.getByRole('combobox', { name: 'Report type' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(offered));
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    for (const [label] of types) {
      await page.getByRole('combobox', { name: 'Report type' }).click();
      await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Request the report' }).click();
      await page.getByTestId('recent-report').first().getByText(`${label} · sites: 2`).waitFor();
    }
    await page.goto(`${appUrl}/ui/downloads`);
    for (const [label, extension] of types) {
      const row = page
        .getByTestId('download-row')
        .filter({ hasText: `${label} · sites: 2` })
        .first();
      await row.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: /^Download / }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(extension);
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
