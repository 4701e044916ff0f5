// Screenshots of the Insights report types (GeoPackage, sign file) and the map's report button,
// at 1440 and 375 px: npx tsx e2e/reportsExtraShots.ts URL DIR (against a running app).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, newPage } from './support/browser.ts';

const url = process.argv[2] ?? 'http://127.0.0.1:4100';
const outputDir = process.argv[3] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const width of [1440, 375]) {
    const { page } = await newPage(browser, width);
    page.setDefaultTimeout(120_000);
    await page.goto(`${url}/auth/login`);
    await page.getByLabel('Email/username').fill('demo');
    await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'demo-pass-1');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.getByRole('link', { name: /Report on sites shown/ }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `map-report-button-${width}.png`) });
    await page.getByRole('link', { name: /Report on sites shown/ }).click();
    await page.waitForURL('**/ui/insights?sites=**');
    await page.getByRole('combobox', { name: /report type/i }).click();
    await page.getByRole('option', { name: 'GIS export: GeoPackage' }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(outputDir, `insights-types-${width}.png`) });
    await page.getByRole('option', { name: /sign file/ }).click();
    await page.waitForTimeout(800);
    await page.screenshot({
      path: join(outputDir, `insights-sign-file-${width}.png`),
      fullPage: true,
    });
  }
} finally {
  await browser.close();
}
