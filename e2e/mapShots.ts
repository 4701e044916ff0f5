// Screenshots of the map, a site's detail, uploads and files with the demo surveys, for review: npx tsx e2e/mapShots.ts DIR
import { join } from 'node:path';
import { ADMIN_PASSWORD } from './support/appServer.ts';
import { newPage } from './support/browser.ts';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'demo');
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
