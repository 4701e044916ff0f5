// Screenshots of the map, a site's detail, uploads and files with the demo surveys, for review: npx tsx e2e/mapShots.ts DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startApp } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const app = await startApp({ SEED_DEMO_SURVEYS: 'true' });
const browser = await launchBrowser();
try {
  // The demo surveys are processed in the background after start.
  for (
    let waited = 0;
    waited < 60_000 && !/Thames Path.*daily rollups/.test(app.output());
    waited += 500
  )
    await new Promise((resolve) => setTimeout(resolve, 500));
  for (const width of [1440, 375]) {
    const { page, errors } = await newPage(browser, width);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('demo');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outputDir, `map-${width}.png`) });
    if (width < 900) await page.getByRole('button', { name: 'Layers and filters' }).click();
    await page.getByRole('list', { name: 'Sites on the map' }).getByRole('button').first().click();
    if (width < 900) await page.keyboard.press('Escape');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `map-selected-${width}.png`) });
    if (width < 900)
      await page.getByRole('link', { name: 'Open site detail' }).scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Open site detail' }).click();
    await page.waitForURL('**/site-detail/**');
    await page
      .getByText('Vehicles passing the filters', { exact: false })
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `site-detail-${width}.png`), fullPage: true });
    const admin = await newPage(browser, width);
    await admin.page.goto(`${app.url}/auth/login`);
    await admin.page.getByLabel('Email/username').fill('admin');
    await admin.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await admin.page.getByRole('button', { name: /sign in/i }).click();
    await admin.page.waitForURL('**/ui/analysis/map');
    for (const [name, path] of [
      ['uploads', '/ui/file-upload'],
      ['files', '/ui/file-management'],
    ] as const) {
      await admin.page.goto(`${app.url}${path}`);
      await admin.page.getByRole('table', { name: 'Files', exact: true }).waitFor();
      await admin.page.waitForTimeout(500);
      await admin.page.screenshot({
        path: join(outputDir, `${name}-${width}.png`),
        fullPage: true,
      });
    }
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
