// Screenshots of the sites table and the site edit dialog (lanes, map pick) with the demo surveys: npx tsx e2e/siteEditShots.ts DIR
import { join } from 'node:path';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
    await page.goto(`${app.url}/ui/site-list`);
    const table = page.getByRole('table', { name: 'Sites' });
    await table.getByRole('row').nth(1).waitFor();
    await table.getByRole('checkbox').nth(1).check();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `sites-${width}.png`), fullPage: true });
    const columns = page.getByRole('button', { name: 'Columns' });
    const lanes = page.getByRole('menuitemcheckbox', { name: 'Lanes' });
    await columns.click();
    await lanes.click();
    await page.getByRole('menuitemcheckbox', { name: 'Lanes', checked: true }).waitFor();
    await page.screenshot({ path: join(outputDir, `sites-columns-menu-${width}.png`) });
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Lanes' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `sites-columns-${width}.png`), fullPage: true });
    await columns.click();
    await lanes.click();
    await page.getByRole('menuitemcheckbox', { name: 'Lanes', checked: false }).waitFor();
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('bath road');
    await dialog.getByText(/Already used by/).waitFor();
    await page.screenshot({ path: join(outputDir, `site-edit-clash-${width}.png`) });
    const north = dialog.getByRole('group', { name: 'Lanes heading North' });
    await north.getByRole('button', { name: 'Add a lane heading North' }).click();
    await north.getByRole('button', { name: 'Add a lane heading North' }).click();
    await north.getByRole('combobox', { name: 'Lane 2 (North)' }).click();
    await page.getByRole('option', { name: 'Bike lane' }).click();
    await page.waitForTimeout(300);
    await north.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(outputDir, `site-edit-lanes-${width}.png`) });
    const map = dialog.getByTestId('location-picker');
    await dialog
      .getByRole('heading', { name: 'Location' })
      .evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(1500);
    const box = await map.boundingBox();
    if (box) await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.7);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `site-edit-map-${width}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
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
