// Screenshots of a demo site's detail with the tools open (and as printed), for review:
// npx tsx e2e/siteToolsShots.ts DIR
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD } from './support/appServer.ts';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const { sites } = await apiGraphql<{ sites: { sites: { id: string; name: string }[] } }>(
    app.url,
    token,
    '{ sites(search: "Thames Path") { sites { id name } } }',
  );
  const site = sites.sites[0];
  if (!site) throw new Error('no demo site');
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
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
