// Screenshots of the sites table's selection, groups and merge dialogs with the demo surveys, for review: npx tsx e2e/siteShots.ts DIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
  for (const width of [1440, 375]) {
    const { page, errors } = await newPage(browser, width);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.goto(`${app.url}/ui/site-list`);
    const table = page.getByRole('table', { name: 'Sites' });
    await table.getByRole('row').nth(2).waitFor();
    const boxes = table.getByRole('checkbox', { name: /^Select (?!the sites)/ });
    for (let index = 0; index < Math.min(3, await boxes.count()); index += 1)
      await boxes.nth(index).check();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `sites-selected-${width}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Add to a group' }).click();
    const groups = page.getByRole('dialog', { name: 'Site groups' });
    await groups.getByLabel('New group name').fill(`School routes ${width}`);
    await groups.getByRole('button', { name: 'Create group' }).click();
    await groups.getByText(`School routes ${width}`).waitFor();
    await groups.getByLabel('New group name').fill(`Bridges ${width}`);
    await groups.getByRole('button', { name: 'Create group' }).click();
    await groups.getByText(`Bridges ${width}`).waitFor();
    await groups.getByRole('button', { name: 'Show sites' }).first().click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(outputDir, `groups-${width}.png`) });
    await groups.getByRole('button', { name: `Delete Bridges ${width}` }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `groups-delete-${width}.png`) });
    await groups.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('dialog', { name: /Merge sites/ }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `merge-${width}.png`) });
    await page.keyboard.press('Escape');
    console.log(`${width}px: ${errors.length} console errors ${errors.join(' | ')}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
