// Screenshots of the site-detail exclusions control and its dialog with the demo surveys: npx tsx e2e/exclusionShots.ts DIR
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD } from './support/appServer.ts';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();
try {
  const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const { sites } = await apiGraphql<{
    sites: { sites: { id: string; name: string; site_type: string }[] };
  }>(app.url, token, `{ sites(page_size: 20) { sites { id name site_type } } }`);
  const site = sites.sites.find((item) => item.site_type === 'continuous') ?? sites.sites[0];
  if (!site) throw new Error('no demo site');
  const created = await apiGraphql<{ createVehicleExclusionFilter: { id: string } }>(
    app.url,
    token,
    `mutation($siteId: ID, $filter: VehicleExclusionFilterInput!) {
      createVehicleExclusionFilter(siteId: $siteId, filter: $filter) { id }
    }`,
    {
      siteId: site.id,
      filter: {
        name: 'Queueing traffic',
        description: 'Crawling vehicles in the evening jam',
        max_speed_mps: 15 / 3.6,
        classes: [1, 2, 3],
      },
    },
  );
  await apiGraphql(
    app.url,
    token,
    `mutation($siteId: ID, $filter: VehicleExclusionFilterInput!) {
      createVehicleExclusionFilter(siteId: $siteId, filter: $filter) { id }
    }`,
    {
      siteId: site.id,
      filter: {
        name: 'Roadworks week',
        start_time: '2025-03-03T00:00:00Z',
        end_time: '2025-03-10T00:00:00Z',
      },
    },
  );
  const vex = created.createVehicleExclusionFilter.id;
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
    await page.goto(`${app.url}/ui/analysis/site-detail/${site.id}?vex=${vex}&tex=01234-0700-0930`);
    await page
      .getByText('Vehicles passing the filters', { exact: false })
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    await page.screenshot({ path: join(outputDir, `exclusions-bar-${width}.png`) });
    await page.getByRole('button', { name: 'Exclusions' }).click();
    await page.getByRole('dialog', { name: 'Exclusions' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `exclusions-popover-${width}.png`) });
    await page.getByRole('button', { name: 'New filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'New vehicle exclusion filter' });
    await dialog.waitFor();
    await dialog.getByLabel('Minimum speed (km/h)').fill('60');
    await dialog.getByLabel('Maximum speed (km/h)').fill('40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `exclusions-dialog-${width}.png`) });
    console.log(width, 'errors:', errors);
  }
} finally {
  await browser.close();
  await app.stop();
}
