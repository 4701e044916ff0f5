// Screenshots of the TMG export in a demo site's tools, its checks run: npx tsx e2e/tmgExportShots.ts DIR
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { DEMO_PASSWORD } from './support/appServer.ts';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  const token = await apiSignIn(app.url, 'demo', DEMO_PASSWORD);
  const { sites } = await apiGraphql<{
    sites: { sites: { id: string; name: string; site_type: string }[] };
  }>(app.url, token, `{ sites(page_size: 20) { sites { id name site_type } } }`);
  const site = sites.sites.find((item) => item.site_type === 'continuous') ?? sites.sites[0];
  if (!site) throw new Error('no demo site');
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'demo');
    await page.goto(`${app.url}/ui/analysis/site-detail/${site.id}`);
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.getByLabel('State FIPS code').fill('36');
    await page.getByLabel('Year').fill('2025');
    // The station record's values Roadcount does not hold: minor arterial (urban), New York
    // County, road tube.
    await page.getByLabel('Functional class').click();
    await page.getByRole('option', { name: '4U Minor arterial, urban' }).click();
    await page.getByLabel('County FIPS code').fill('061');
    await page.getByLabel('Type of sensor').click();
    await page.getByRole('option', { name: 'R Road tube' }).click();
    await page.getByRole('button', { name: 'Run the checks' }).click();
    await page
      .locator('[data-testid="tmg-passed"], [data-testid="tmg-failures"]')
      .first()
      .waitFor({ timeout: 120_000 });
    await page.getByRole('region', { name: 'TMG export (FHWA TMAS)' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `tmg-export-${width}.png`) });
    if (errors.length > 0) console.log(`page errors at ${width}: ${errors.join('; ')}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
