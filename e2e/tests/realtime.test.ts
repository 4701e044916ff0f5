import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runSimulator } from '../../apps/server/src/cli/gatewaySimulator.ts';
import { apiGraphql, apiPost, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const SITE_NAME = 'Caversham Bridge live';
const STUDS = ['CB-RS-1', 'CB-RS-2', 'CB-RS-3', 'CB-RS-4'];

/** The vehicles the page states ("1,234 vehicles"), as a number. */
const countIn = (text: string | null) =>
  Number((/([\d,]+)/.exec(text ?? '')?.[1] ?? '').replace(/,/g, ''));

// Issue 27, acceptance 1: a gateway and studs registered in the app, an array per lane mapped
// to a realtime site, the simulator sending through the real route, and the map and the site
// detail counting the vehicles as they come, without a reload.
describe('a realtime site', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let siteId: string;
  let laneIds: string[];

  beforeAll(async () => {
    token = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    // The realtime site, imported as a user would from the sites CSV, with a lane each way.
    await apiGraphql(
      appUrl,
      token,
      'mutation($csv: String!) { importSites(csv: $csv) { imported } }',
      {
        csv: `name,latitude,longitude,direction_one,direction_two,site_type,class_scheme,time_zone\n${SITE_NAME},51.4672,-0.9716,N,S,realtime,arx,Europe/London\n`,
      },
    );
    const { sites } = await apiGraphql<{ sites: { sites: { id: string; name: string }[] } }>(
      appUrl,
      token,
      'query($search: String) { sites(search: $search) { sites { id name } } }',
      { search: SITE_NAME },
    );
    siteId = sites.sites.find((site) => site.name === SITE_NAME)?.id ?? '';
    const { setSiteLanes } = await apiGraphql<{ setSiteLanes: { id: string }[] }>(
      appUrl,
      token,
      'mutation($siteId: ID!, $lanes: [LaneInput!]!) { setSiteLanes(siteId: $siteId, lanes: $lanes) { id } }',
      {
        siteId,
        lanes: [
          { direction: 'N', lane_type: 'ROAD_LANE', name: 'northbound' },
          { direction: 'S', lane_type: 'ROAD_LANE', name: 'southbound' },
        ],
      },
    );
    laneIds = setSiteLanes.map((lane) => lane.id);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, 1440));
    await page.goto(`${appUrl}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/analysis/map');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('counts the simulator’s vehicles on the map and the site detail as they come', async () => {
    // The gateway and its studs, registered on the Gateways and Roadstuds screens.
    await page.goto(`${appUrl}/ui/gateways`);
    await page.getByRole('button', { name: 'Register gateway' }).click();
    await page.getByLabel('Serial number').fill('CB-GW-1');
    await page.getByRole('button', { name: 'Save' }).click();
    const gateways = page.getByRole('table', { name: 'Gateways' });
    await gateways.getByText('CB-GW-1').waitFor();
    await page.goto(`${appUrl}/ui/roadstuds`);
    for (const serial of STUDS) {
      await page.getByRole('button', { name: 'Register roadstud' }).click();
      await page.getByLabel('Serial number').fill(serial);
      await page.getByLabel('Gateway').click();
      await page.getByRole('option', { name: 'CB-GW-1' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('table', { name: 'Roadstuds' }).getByText(serial).waitFor();
    }
    // Its ingest key, made on the Gateways screen and shown once.
    await page.goto(`${appUrl}/ui/gateways`);
    await gateways.getByRole('button', { name: 'Key' }).click();
    await page.getByRole('button', { name: 'Make key' }).click();
    const key = await page.getByTestId('gateway-key').inputValue();
    expect(key).toMatch(/^rcgw_/);
    await page.getByRole('button', { name: 'Close' }).click();

    // An array per lane, two studs 2 m apart, mapped to the lane from an hour ago.
    const { devices } = {
      devices: (await (
        await fetch(`${appUrl}/core/api/config/road_studs_devices/`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { id: string; serial: string }[],
    };
    const idOf = (serial: string) => devices.find((device) => device.serial === serial)?.id;
    for (const [index, laneId] of laneIds.entries()) {
      const array = (await apiPost(appUrl, token, '/core/api/config/device_arrays/', {
        name: `Caversham ${index + 1}`,
        spacing_m: 2,
        device_ids: [idOf(STUDS[index * 2] ?? ''), idOf(STUDS[index * 2 + 1] ?? '')],
      })) as { id: string };
      await apiPost(appUrl, token, '/core/api/config/device_mappings/', {
        device_array_id: array.id,
        site_id: siteId,
        lane_id: laneId,
        valid_from: new Date(Date.now() - 3_600_000).toISOString(),
      });
    }

    // The site detail and the map, open side by side while the gateway sends.
    await page.goto(`${appUrl}/ui/analysis/site-detail/${siteId}`);
    const { page: mapPage } = await newPage(browser, 1440);
    await mapPage.goto(`${appUrl}/auth/login`);
    await mapPage.getByLabel('Email/username').fill('admin');
    await mapPage.getByLabel('Password').fill(ADMIN_PASSWORD);
    await mapPage.getByRole('button', { name: 'Sign in' }).click();
    await mapPage.waitForURL('**/ui/analysis/map');
    await mapPage.getByRole('list', { name: 'Sites on the map' }).getByText(SITE_NAME).click();
    const summary = mapPage.getByRole('region', { name: 'Site summary' });
    const today = summary.locator('[data-figure="todayVehicles"]');
    expect(await today.textContent()).toBe('0');
    // Marks this page: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));

    const sent = await runSimulator({
      url: appUrl,
      key,
      lanes: [
        { studs: [STUDS[0] ?? '', STUDS[1] ?? ''], peak: 'morning' },
        { studs: [STUDS[2] ?? '', STUDS[3] ?? ''], peak: 'evening' },
      ],
      spacingM: 2,
      gatewaySerial: 'CB-GW-1',
      rate: 120,
      durationS: 6,
      speedLimitKmh: 48,
    });
    expect(sent.stored).toBe(sent.sent);
    expect(sent.sent).toBeGreaterThan(0);
    // Each vehicle crosses both studs of its lane: one vehicle per two events.
    const vehicles = sent.sent / 2;
    await expect
      .poll(async () => countIn(await page.getByTestId('vehicle-count').textContent()), {
        timeout: 20_000,
      })
      .toBe(vehicles);
    await expect
      .poll(async () => countIn(await today.textContent()), { timeout: 20_000 })
      .toBe(vehicles);
    expect(
      await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded),
    ).toBe(true);
  }, 120_000);
});
