// Screenshots of a demo site's detail with the tools open (and as printed), for review:
// npx tsx e2e/siteToolsShots.ts DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD, startApp } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const app = await startApp({ SEED_DEMO_SURVEYS: 'true' });
const browser = await launchBrowser();
try {
  for (
    let waited = 0;
    waited < 60_000 && !/Thames Path.*daily rollups/.test(app.output());
    waited += 500
  )
    await new Promise((resolve) => setTimeout(resolve, 500));
  const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const { sites } = await apiGraphql<{ sites: { sites: { id: string; name: string }[] } }>(
    app.url,
    token,
    '{ sites(search: "Thames Path") { sites { id name } } }',
  );
  const site = sites.sites[0];
  if (!site) throw new Error('no demo site');
  for (const width of [1440, 375]) {
    const { page, errors } = await newPage(browser, width);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.goto(`${app.url}/ui/analysis/site-detail/${site.id}?range=4w`);
    await page.getByText('Vehicles passing the filters', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.getByLabel('Class scheme').click();
    await page.getByRole('option', { name: 'Length based' }).click();
    await page.getByRole('button', { name: 'Reprocess site' }).click();
    await page.getByTestId('site-tasks').waitFor();
    await page.getByLabel('Maximum speed (km/h)').fill('120');
    await page.getByRole('status').getByText('Saving…').waitFor();
    await page.screenshot({ path: join(outputDir, `tools-saving-${width}.png`) });
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outputDir, `tools-${width}.png`), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await page.waitForTimeout(1000);
    await page.screenshot({ path: join(outputDir, `print-${width}.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    // Back to the scheme the demo had, and the stored speed range to its default.
    await page.getByLabel('Class scheme').click();
    await page.getByRole('option', { name: 'Austroads (ARX)' }).click();
    await page.getByRole('button', { name: 'Reprocess site' }).click();
    await page.getByLabel('Maximum speed (km/h)').fill('180');
    await page.waitForTimeout(1500);
    console.log(
      width,
      'errors:',
      errors.filter((error) => !/tile|ERR_NAME_NOT_RESOLVED/.test(error)),
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
