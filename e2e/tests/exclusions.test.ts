import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGraphql, apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');

const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 1440) { summary { vehicles } }
}`;

describe('site detail exclusions', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let siteId: string;
  let token: string;

  const vehicles = async (filter: Record<string, unknown>) =>
    (
      await apiGraphql<{ siteDetail: { summary: { vehicles: number } } }>(
        appUrl,
        token,
        SITE_DETAIL,
        { siteId, filter: { velocity_min: 1 / 3.6, velocity_max: 50, headway_min: 0, ...filter } },
      )
    ).siteDetail.summary.vehicles;
  const countShown = (count: number) =>
    page.getByText(`Vehicles passing the filters: ${count.toLocaleString('en-GB')}`).waitFor();

  beforeAll(async () => {
    token = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    const traffic = generateTraffic({
      seed: 47,
      startDay: '2025-10-06',
      days: 7,
      vehiclesPerDay: 900,
      directions: [1, 5],
      meanSpeedKmh: 45,
    });
    const text = [
      ...roadcountCsvText(traffic, { name: 'Mill Lane', latitude: 51.7512, longitude: -1.2577 }),
    ].join('');
    siteId = await apiUploadAndProcess(appUrl, token, 'mill-lane.csv', text);
    browser = await launchBrowser();
    ({ page, errors } = await signedInPage(browser, appUrl, 'admin', ADMIN_PASSWORD, 1440));
  }, 90_000);
  afterAll(() => browser.close());

  it('creates a saved exclusion filter, applies it with a time exclusion, and keeps both over a reload', async () => {
    await page.goto(`${appUrl}/ui/analysis/site-detail/${siteId}`);
    await page.getByRole('heading', { name: 'Mill Lane' }).waitFor();
    const all = await vehicles({});
    await countShown(all);

    await page.getByRole('button', { name: 'Exclusions' }).click();
    const panel = page.getByRole('dialog', { name: 'Exclusions' });
    await panel.getByText('No saved exclusion filters yet.').waitFor();
    await panel.getByRole('button', { name: 'New filter' }).click();
    const form = page.getByRole('dialog', { name: 'New vehicle exclusion filter' });
    await form.getByLabel('Minimum speed (km/h)').fill('50');
    await form.getByLabel('Maximum speed (km/h)').fill('30');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('A name is required.').waitFor();
    await form.getByText('The minimum speed must not be above the maximum speed.').waitFor();
    await form.getByLabel('Name').fill('Slow traffic');
    await form.getByLabel('Minimum speed (km/h)').fill('');
    await form.getByLabel('Description').fill('Queues at the junction');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const [saved] = (
      await apiGraphql<{ vehicleExclusionFilters: { id: string; max_speed_mps: number }[] }>(
        appUrl,
        token,
        `query($siteId: ID) { vehicleExclusionFilters(siteId: $siteId) { id max_speed_mps } }`,
        { siteId },
      )
    ).vehicleExclusionFilters;
    expect(saved?.max_speed_mps).toBeCloseTo(30 / 3.6, 9);
    // Saved is not applied: the count stays until the filter is ticked.
    await countShown(all);
    // The tick goes into the link first, so it shows once the page has re-rendered.
    await panel.getByRole('checkbox', { name: 'Apply Slow traffic' }).click();
    const withFilter = await vehicles({ vehicle_exclusions: [saved?.id] });
    expect(withFilter).toBeLessThan(all);
    await countShown(withFilter);
    await expect
      .poll(() => panel.getByRole('checkbox', { name: 'Apply Slow traffic' }).isChecked(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(page.url()).toContain(`vex=${saved?.id}`);

    // Weekdays 07:00 to 09:00 are the add form's defaults.
    await panel.getByRole('button', { name: 'Add' }).click();
    const timeExclusion = { days: [0, 1, 2, 3, 4], from: '07:00', to: '09:00' };
    const withBoth = await vehicles({
      vehicle_exclusions: [saved?.id],
      time_exclusions: [timeExclusion],
    });
    expect(withBoth).toBeLessThan(withFilter);
    await countShown(withBoth);
    expect(await page.locator('[data-card="adt"] [data-value]').textContent()).not.toBe('');

    await page.reload();
    await countShown(withBoth);
    await page.getByRole('button', { name: 'Exclusions' }).click();
    await expect
      .poll(() => panel.getByRole('checkbox', { name: 'Apply Slow traffic' }).isChecked(), {
        timeout: 10_000,
      })
      .toBe(true);
    await panel.getByText('07:00 to 09:00').waitFor();
    expect(errors).toEqual([]);
  });
});
