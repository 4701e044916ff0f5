// Screenshots of the demo map (default range) and site details, for review:
// npx tsx e2e/fieldFilesShots.ts DIR
import { join } from 'node:path';
import { launchBrowser } from './support/browser.ts';
import { startApp } from './support/appServer.ts';
import { signedInPage } from './support/shots.ts';
import { mkdirSync } from 'node:fs';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const started = Date.now();
const app = await startApp({ SEED_DEMO_SURVEYS: 'true' });
const browser = await launchBrowser();
// Every demo survey processed and its site's rollups built.
for (
  let waited = 0;
  waited < 180_000 && (app.output().match(/daily rollups/g) ?? []).length < 5;
  waited += 500
)
  await new Promise((resolve) => setTimeout(resolve, 500));
console.log(`demo surveys ready ${((Date.now() - started) / 1000).toFixed(1)} s after start`);
try {
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'demo');
    await page.waitForTimeout(3000);
    await page.screenshot({ path: join(outputDir, `map-${width}.png`) });
    for (const name of ['A33 Relief Road', 'Bath Road']) {
      if (width < 900) await page.getByRole('button', { name: 'Layers and filters' }).click();
      await page
        .getByRole('list', { name: 'Sites on the map' })
        .getByRole('button', { name })
        .first()
        .click();
      if (width < 900) await page.keyboard.press('Escape');
      await page.waitForTimeout(1000);
      if (width < 900)
        await page.getByRole('link', { name: 'Open site detail' }).scrollIntoViewIfNeeded();
      await page.getByRole('link', { name: 'Open site detail' }).click();
      await page.waitForURL('**/site-detail/**');
      await page
        .getByText('Vehicles passing the filters', { exact: false })
        .waitFor({ timeout: 60_000 });
      await page.waitForTimeout(2000);
      const slug = name.toLowerCase().replace(/ /g, '-');
      await page.screenshot({ path: join(outputDir, `site-${slug}-${width}.png`), fullPage: true });
      if (name === 'Bath Road') {
        // A narrower speed range: the page says how many vehicles it leaves out, and why.
        await page.goto(`${page.url().split('?')[0]}?vmin=50&vmax=180`);
        await page.getByTestId('left-out-notice').waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1000);
        await page.getByTestId('left-out-notice').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(outputDir, `site-left-out-${width}.png`) });
        await page.goto(`${app.url}/ui/analysis/map`);
        continue;
      }
      await page.goBack();
      await page.waitForURL('**/ui/analysis/map');
      await page.waitForTimeout(1500);
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
