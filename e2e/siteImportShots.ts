// Screenshots of the sites CSV import errors and the deleted sites, for review: npx tsx e2e/siteImportShots.ts DIR
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD } from './support/appServer.ts';
import { signedInPage, startShots } from './support/shots.ts';

const BAD = [
  'name,latitude,longitude,direction_one,direction_two,site_type,class_scheme,time_zone,colour',
  'Orchard Way,51.41,-0.91,N,S,temporary,arx,Europe/London,red',
  'Quarry Hill,191,-0.92,N,S,weekly,arx,,blue',
  '',
  'Orchard Way,51.43,-0.93,E,N,temporary,arx,Europe/London,green',
].join('\n');

const { outputDir, app, browser } = await startShots();
try {
  const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const { sites } = await apiGraphql<{ sites: { sites: { id: string }[] } }>(
    app.url,
    token,
    '{ sites { sites { id } } }',
  );
  for (const site of sites.sites.slice(0, 2))
    await apiGraphql(app.url, token, 'mutation($id: ID!) { deleteSite(id: $id) { id } }', {
      id: site.id,
    });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
    await page.goto(`${app.url}/ui/site-list`);
    await page.getByRole('table', { name: 'Sites' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `sites-${width}.png`) });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import sites from a CSV file' });
    await dialog
      .getByLabel('CSV file of sites')
      .setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByRole('alert').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `import-errors-${width}.png`), fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Deleted sites' }).click();
    const deleted = page.getByRole('dialog', { name: 'Deleted sites' });
    await deleted
      .getByRole('button', { name: /^Restore / })
      .first()
      .waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `deleted-sites-${width}.png`) });
    await deleted
      .getByRole('button', { name: /^Delete .* permanently$/ })
      .first()
      .click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `purge-confirm-${width}.png`) });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outputDir, `edit-delete-${width}.png`) });
    console.log(width, 'errors:', errors);
  }
} finally {
  await browser.close();
  await app.stop();
}
