import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGraphql, apiReport, apiSignIn } from '../support/api.ts';
import { DEMO_PASSWORD, startApp, type RunningApp } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';
import { pdfText } from '../../apps/server/test/pdfText.ts';

/*
 * Issue 36, acceptance 3: for every demo site (vehicle surveys, the cycle counter, the realtime
 * site), the AADT, the ADT and the total are the same on the site's cards, in the API, on the
 * map, in the standard spreadsheet, the universal CSV, the site summary PDF and the GIS export.
 * The realtime site is given its gateway's last day first, on a server that is then started
 * again without the feed, so that its figures stay put while the surfaces are read.
 */
const FILES = `query { trafficDataFiles { files { review_status } } }`;
const MAP = `query($filter: MapFilter!) {
  mapSites(filter: $filter) { id name realtime vehicles adt }
  mapDesignFigures { id aadt }
}`;
const API = `query($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 1440) { summary { vehicles adt aadt } }
  timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: 1440) {
    totals { pedestrian bike vehicle } dailyAverage { pedestrian bike vehicle }
  }
  siteAadt(site_id: $siteId) { aadt }
  siteTimeRange(siteId: $siteId) { data_kinds available_end }
}`;
const TIME_RANGE = `query($siteId: ID!) { siteTimeRange(siteId: $siteId) { available_end } }`;

interface Figures {
  total: number;
  adt: number | null;
  aadt: number | null;
}
interface Site {
  id: string;
  name: string;
  /** A count site (bike or pedestrian counter): its counts of one mode stand for vehicles. */
  counts: boolean;
  api: Figures;
}

const ZONE = 'Europe/London';
const DAY_MS = 86_400_000;
/** A local date of the demo's zone, `days` after today's. */
const londonDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * DAY_MS));
/** The UTC instant of a London date's 00:00 (GMT or BST). */
function londonMidnight(date: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(
      utcMidnight,
    ),
  );
  return utcMidnight - hour * 3_600_000;
}

/** A figure as the cards and the PDF print it: rounded, with thousands separators. */
const printed = (value: number | null, digits = 0) =>
  value === null
    ? '–'
    : value.toLocaleString('en-GB', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('one ADT, AADT and total per demo site on every surface', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let sites: Site[];
  let map: {
    mapSites: { id: string; name: string; vehicles: number; adt: number | null }[];
    mapDesignFigures: { id: string; aadt: number | null }[];
  };
  const reports = new Map<string, Buffer>();
  // One period for every surface: the last 366 local days, today included (a report covers at
  // most 367), as the page's dates from `firstDay` to `lastDay` give it. The AADT is over the
  // whole record whatever the period.
  const firstDay = londonDate(-365);
  const lastDay = londonDate(0);
  const periodStart = new Date(londonMidnight(firstDay)).toISOString();
  const periodEnd = new Date(londonMidnight(londonDate(1))).toISOString();
  // The page's filter for those dates: up to the last millisecond before the next midnight.
  const filter = {
    start_time: periodStart,
    end_time: new Date(Date.parse(periodEnd) - 1).toISOString(),
  };

  const report = (type: string, siteIds: string[]) =>
    apiReport(app.url, token, {
      type,
      site_ids: siteIds,
      start: periodStart,
      end: periodEnd,
      units: 'metric',
      aggregation_minutes: 1440,
    });

  beforeAll(async () => {
    // First start: the demo surveys, and the realtime site's last day from its gateway.
    const seeding = await startApp({ SEED_DEMO_SURVEYS: 'true', DEMO_REALTIME: 'true' });
    try {
      const seedToken = await apiSignIn(seeding.url, 'demo', DEMO_PASSWORD);
      let caughtUp = false;
      for (let waited = 0; waited < 240_000 && !caughtUp; waited += 1000) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const { trafficDataFiles } = await apiGraphql<{
          trafficDataFiles: { files: { review_status: string | null }[] };
        }>(seeding.url, seedToken, FILES);
        const surveys = trafficDataFiles.files.filter(
          (file) => file.review_status !== null && file.review_status !== 'LOAD',
        );
        const rollups = seeding.output().match(/daily rollups from/g)?.length ?? 0;
        if (surveys.length < 5 || rollups < 5) continue;
        const { mapSites } = await apiGraphql<{ mapSites: { id: string; realtime: boolean }[] }>(
          seeding.url,
          seedToken,
          `query($filter: MapFilter!) { mapSites(filter: $filter) { id realtime } }`,
          { filter: { start_date: firstDay, end_date: lastDay } },
        );
        const live = mapSites.find((site) => site.realtime);
        if (!live) continue;
        const { siteTimeRange } = await apiGraphql<{
          siteTimeRange: { available_end: string | null };
        }>(seeding.url, seedToken, TIME_RANGE, { siteId: live.id });
        // The history reaches the last minute: the gateway now sends live.
        caughtUp =
          siteTimeRange.available_end !== null &&
          Date.parse(siteTimeRange.available_end) > Date.now() - 120_000;
      }
      if (!caughtUp) throw new Error(`the demo was not ready:\n${seeding.output().slice(-3000)}`);
    } finally {
      // A closing server rolls up the realtime days it holds.
      await seeding.stop({ keepData: true });
    }
    // The same data, without the feed: every surface reads the same vehicles.
    app = await startApp({ SEED_DEMO_SURVEYS: 'true' }, seeding.dataDir);
    token = await apiSignIn(app.url, 'demo', DEMO_PASSWORD);
    map = await apiGraphql(app.url, token, MAP, {
      filter: { start_date: firstDay, end_date: lastDay },
    });
    sites = await Promise.all(
      map.mapSites.map(async (site): Promise<Site> => {
        const answer = await apiGraphql<{
          siteDetail: { summary: { vehicles: number; adt: number | null; aadt: number | null } };
          timeSeriesCountSummary: {
            totals: Record<string, number | null>;
            dailyAverage: Record<string, number | null>;
          };
          siteAadt: { aadt: number | null };
          siteTimeRange: { data_kinds: string[] };
        }>(app.url, token, API, { siteId: site.id, filter });
        const counts = answer.siteTimeRange.data_kinds.join() === 'intervals';
        // The mode the site counts: the one with a total (the others are null).
        const [mode] = Object.entries(answer.timeSeriesCountSummary.totals)
          .filter(([, total]) => total !== null)
          .map(([name]) => name);
        return {
          id: site.id,
          name: site.name,
          counts,
          api: counts
            ? {
                total: answer.timeSeriesCountSummary.totals[mode ?? ''] ?? 0,
                adt: answer.timeSeriesCountSummary.dailyAverage[mode ?? ''] ?? null,
                aadt: answer.siteAadt.aadt,
              }
            : {
                total: answer.siteDetail.summary.vehicles,
                adt: answer.siteDetail.summary.adt,
                aadt: answer.siteDetail.summary.aadt,
              },
        };
      }),
    );
    // The reports, asked for together: one of each kind for every site, a PDF a site.
    const ids = sites.map((site) => site.id);
    const kinds: [string, string[]][] = [
      ['standard_spreadsheet', ids],
      ['universal_csv', ids],
      ['gis_geojson', ids],
      ...ids.map((id): [string, string[]] => [`site_summary_pdf:${id}`, [id]]),
    ];
    const made = await Promise.all(
      kinds.map(([kind, of]) => report(kind.split(':')[0] ?? kind, of)),
    );
    kinds.forEach(([kind], index) => reports.set(kind, made[index] as Buffer));
    browser = await launchBrowser();
    ({ page } = await signedInPage(browser, app.url, 'demo', DEMO_PASSWORD, 1440));
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('has every kind of demo site, each with data', () => {
    expect(sites.filter((site) => !site.counts).length).toBeGreaterThanOrEqual(4);
    expect(sites.some((site) => site.counts)).toBe(true);
    expect(map.mapSites.some((site) => site.name === 'Kings Road live')).toBe(true);
    for (const site of sites) expect(site.api.total, site.name).toBeGreaterThan(0);
  });

  it('shows the API’s figures on the map', () => {
    for (const site of sites) {
      const onMap = map.mapSites.find((entry) => entry.id === site.id);
      expect(onMap?.vehicles, site.name).toBe(site.api.total);
      if (site.api.adt === null) expect(onMap?.adt, site.name).toBeNull();
      else expect(onMap?.adt, site.name).toBeCloseTo(site.api.adt, 6);
      const design = map.mapDesignFigures.find((entry) => entry.id === site.id);
      if (site.api.aadt === null) expect(design?.aadt ?? null, site.name).toBeNull();
      else expect(design?.aadt, site.name).toBeCloseTo(site.api.aadt, 6);
    }
  });

  it('writes them into the standard spreadsheet', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reports.get('standard_spreadsheet') as unknown as ArrayBuffer);
    for (const site of sites) {
      const sheet = workbook.worksheets.find((entry) => entry.getCell(1, 1).value === site.name);
      expect(sheet, site.name).toBeDefined();
      const rows: unknown[][] = [];
      sheet?.eachRow((row) =>
        rows.push(Array.from(row.values as unknown[], (cell) => cell ?? null).slice(1)),
      );
      const aadtRow = rows.find(
        (cells) => typeof cells[2] === 'string' && cells[2].startsWith('vehicles per day;'),
      );
      expect(aadtRow?.[1] === '' ? null : aadtRow?.[1], site.name).toBe(site.api.aadt);
      if (site.counts) {
        const all = rows.find((cells) => cells[1] === 'All directions');
        expect(all?.[2], site.name).toBe(site.api.total);
        expect(all?.[4] === '' ? null : all?.[4], site.name).toBe(site.api.adt);
      } else {
        expect(rows.find((cells) => cells[0] === 'Vehicles')?.[1], site.name).toBe(site.api.total);
        const adt = rows.find((cells) => cells[0] === 'ADT')?.[1];
        expect(adt === '' ? null : adt, site.name).toBe(site.api.adt);
      }
    }
  });

  it('writes them into the universal CSV', () => {
    const lines = (reports.get('universal_csv') as Buffer)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const value = (site: Site, measure: string) => {
      const found = lines.find(
        (fields) => fields[0] === site.id && fields[4] === 'all' && fields[5] === measure,
      );
      expect(found, `${site.name}: ${measure}`).toBeDefined();
      const text = found?.at(-1) ?? '';
      return text === '' ? null : Number(text);
    };
    // The CSV keeps six decimals.
    const six = (figure: number | null) =>
      figure === null ? null : Math.round(figure * 1e6) / 1e6;
    for (const site of sites) {
      expect(value(site, 'aadt'), site.name).toBe(six(site.api.aadt));
      expect(value(site, site.counts ? 'count_total' : 'vehicles'), site.name).toBe(site.api.total);
      expect(value(site, site.counts ? 'count_daily_average' : 'adt'), site.name).toBe(
        six(site.api.adt),
      );
    }
  });

  it('prints them in the site summary PDF', () => {
    for (const site of sites) {
      const text = pdfText(reports.get(`site_summary_pdf:${site.id}`) as Buffer);
      expect(text, site.name).toContain(site.name);
      // The AADT card's label (AADT, an estimate or unadjusted) is followed by its value.
      expect(text, site.name).toMatch(
        new RegExp(`^(AADT|ADT)[^\\n]*\\n${escape(printed(site.api.aadt))}$`, 'm'),
      );
      if (site.counts) {
        expect(text, site.name).toMatch(
          new RegExp(`^\\w+\\n${escape(printed(site.api.total))}$`, 'm'),
        );
        expect(text, site.name).toMatch(
          new RegExp(`^\\w+ per day \\(average\\)\\n${escape(printed(site.api.adt, 1))}$`, 'm'),
        );
      } else {
        expect(text, site.name).toMatch(
          new RegExp(`^Vehicles\\n${escape(printed(site.api.total))}$`, 'm'),
        );
        expect(text, site.name).toMatch(
          new RegExp(`^ADT\\n${escape(printed(site.api.adt))}$`, 'm'),
        );
      }
    }
  });

  it('gives them to the GIS export', () => {
    const geojson = JSON.parse((reports.get('gis_geojson') as Buffer).toString('utf8')) as {
      features: { properties: Record<string, number | string | null> }[];
    };
    for (const site of sites) {
      const properties = geojson.features.find(
        (feature) => feature.properties.site_id === site.id,
      )?.properties;
      expect(properties, site.name).toBeDefined();
      expect(properties?.vehicles, site.name).toBe(site.api.total);
      expect(properties?.adt, site.name).toBe(site.api.adt);
      expect(properties?.aadt, site.name).toBe(site.api.aadt);
    }
  });

  it('shows them on the site’s cards', async () => {
    for (const site of sites) {
      await page.goto(
        `${app.url}/ui/analysis/site-detail/${site.id}?from=${firstDay}&to=${lastDay}`,
      );
      if (site.counts) {
        const mode = await page.locator('[data-mode]').first().getAttribute('data-mode', {
          timeout: 20_000,
        });
        await expect
          .poll(() => page.locator(`[data-card="${mode}-total"] [data-value]`).textContent(), {
            timeout: 20_000,
          })
          .toBe(printed(site.api.total));
        expect(
          await page.locator(`[data-card="${mode}-adt"] [data-value]`).textContent(),
          site.name,
        ).toBe(printed(site.api.adt));
        continue;
      }
      await expect
        .poll(() => page.getByTestId('vehicle-count').textContent(), { timeout: 20_000 })
        .toContain(printed(site.api.total));
      await expect
        .poll(() => page.locator('[data-card="aadt"] [data-value]').textContent(), {
          timeout: 20_000,
        })
        .toBe(printed(site.api.aadt));
      expect(await page.locator('[data-card="adt"] [data-value]').textContent(), site.name).toBe(
        printed(site.api.adt),
      );
    }
  }, 180_000);
});
