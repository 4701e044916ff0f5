// Screenshots of the sites table's selection, groups and merge dialogs with the demo surveys, for review: npx tsx e2e/siteShots.ts DIR
import { join } from 'node:path';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
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
