import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGraphql, apiSignIn, apiUploadAndProcess } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const HOUR = 3_600_000;
const HEADER =
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';

/** `count` cars in a lane over a local hour of January in England (local time is UTC). */
function carsInHour(day: string, hour: number, lane: number, direction: 'N' | 'S', count: number) {
  const start = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const time = new Date(start + Math.floor((index * HOUR) / count)).toISOString().slice(0, 23);
    return `${time},${lane},${direction},2,50.0,4.50,2.00,1.50,2,2.70,1.00,,Weir Road,52.2051,0.1218`;
  });
}

/**
 * Weir Road: 3 cars an hour each way on 6 to 8 January 2025 (3 × 24 × 6 = 432), except 2,401
 * in each lane at 08:00 on 7 January (above 2,400 veh/h/lane): 432 − 6 + 4,802 = 5,228.
 */
function weirRoad(): string {
  const lines = [HEADER];
  for (const day of ['2025-01-06', '2025-01-07', '2025-01-08'])
    for (let hour = 0; hour < 24; hour += 1) {
      const cars = day === '2025-01-07' && hour === 8 ? 2401 : 3;
      lines.push(...carsInHour(day, hour, 1, 'N', cars), ...carsInHour(day, hour, 2, 'S', cars));
    }
  return `${lines.join('\n')}\n`;
}

describe('bad-data periods on the site detail', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let siteId: string;

  beforeAll(async () => {
    const token = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    siteId = await apiUploadAndProcess(appUrl, token, 'weir-road.csv', weirRoad());
    // Flagged once the site's rollups are rebuilt in the background.
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const { badDataPeriods } = await apiGraphql<{ badDataPeriods: unknown[] }>(
        appUrl,
        token,
        'query($siteId: ID!) { badDataPeriods(siteId: $siteId) { id } }',
        { siteId },
      );
      if (badDataPeriods.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser, 1440));
    await page.goto(`${appUrl}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/analysis/map');
  }, 90_000);
  afterAll(() => browser.close());

  it('excludes a flagged lane flow and the site figures leave it out', async () => {
    await page.goto(`${appUrl}/ui/analysis/site-detail/${siteId}`);
    await page.getByRole('heading', { name: 'Weir Road' }).waitFor();
    const periods = page.getByTestId('bad-data-period');
    await periods.nth(1).waitFor();
    expect(await periods.count()).toBe(2);
    const north = periods.filter({ hasText: 'lane 1 (Northbound) carried 2,401 vehicles an hour' });
    await north.getByText('To review').waitFor();
    await page.getByText('Vehicles passing the filters: 5,228').waitFor();

    await north.getByRole('button', { name: 'Exclude' }).click();
    await north.getByText('Excluded').first().waitFor();
    await north.getByText(/reviewed by admin/).waitFor();
    // The period is lane 1's alone: its 2,401 vehicles of 08:00 to 09:00 on 7 January leave,
    // and lane 2's stay: 5,228 − 2,401 = 2,827.
    await page.getByText('Vehicles passing the filters: 2,827').waitFor();
    expect(errors).toEqual([]);
  });
});
