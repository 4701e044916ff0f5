// npm run bench:map — the map with 5,000 sites (with daily rollups) in one organisation, in
// Chromium: time to the first frame that shows the sites, and frames per second while panning.
// Prints figures, asserts nothing; the last line is the RESULT line of the map issue.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DailyRollup } from '@roadcount/analytics';
import { eq } from 'drizzle-orm';
import {
  DEMO_ORGANISATION_NAME,
  openDatabase,
  organisations,
  siteDailyRollups,
  sites,
} from '../apps/server/src/bench.ts';
import { launchBrowser, newPage } from '../e2e/support/browser.ts';
import {
  baseDatabaseUrl,
  dropDatabases,
  packSeededRollups,
  repositoryRoot,
  startServer,
} from './support.ts';

const SITES = Number(process.env.BENCH_SITES ?? 5000);
const DAYS = 7;
const PAN_SECONDS = 5;
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-map-'));
const webDist = process.env.WEB_DIST_DIR ?? join(repositoryRoot, 'apps/web/dist');

/** A deterministic pseudo-random sequence, so every run draws the same sites. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const localDate = (date: Date) => date.toISOString().slice(0, 10);

/** 5,000 sites over southern England with a week of rollups each, straight into the database. */
async function seedSites(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.name, DEMO_ORGANISATION_NAME));
  const organisationId =
    organisation?.id ?? (await db.select().from(organisations).limit(1))[0]?.id;
  if (!organisationId) throw new Error('no organisation to add the sites to');
  const next = random(5);
  const today = new Date();
  const days = Array.from({ length: DAYS }, (_, index) =>
    localDate(new Date(today.getTime() - index * 86_400_000)),
  );
  const started = performance.now();
  const rowsBySite = new Map<string, DailyRollup[]>();
  for (let first = 0; first < SITES; first += 250) {
    const batch = Array.from({ length: Math.min(250, SITES - first) }, (_, offset) => ({
      ownerOrganisationId: organisationId,
      name: `Bench site ${String(first + offset + 1).padStart(5, '0')}`,
      latitude: 50.8 + next() * 2.2,
      longitude: -3.2 + next() * 3.6,
      siteType: next() < 0.1 ? 'continuous' : 'temporary',
      coreSiteMeta: { site_context: ['VEH'], time_span: next() < 0.1 ? 'TS_P' : 'TS_T' },
    }));
    const inserted = await db.insert(sites).values(batch).returning({ id: sites.id });
    const rollups = inserted.flatMap(({ id }) => {
      const meanKmh = 25 + Math.round(next() * 60);
      return days.map((day) => {
        const vehicles = 200 + Math.round(next() * 4000);
        const histogram = new Array<number>(meanKmh + 16).fill(0);
        for (let bin = meanKmh - 15; bin <= meanKmh + 15; bin += 1)
          histogram[bin] = Math.round(vehicles / 31);
        return {
          siteId: id,
          day,
          direction: 1,
          vehicles,
          speedSumMps: (vehicles * meanKmh) / 3.6,
          speedCount: vehicles,
          speedHistogram: histogram,
          classCounts: { 1: Math.round(vehicles * 0.9), 5: Math.round(vehicles * 0.1) },
        };
      });
    });
    await db.insert(siteDailyRollups).values(rollups);
    for (const rollup of rollups)
      rowsBySite.set(rollup.siteId, [...(rowsBySite.get(rollup.siteId) ?? []), rollup]);
  }
  await packSeededRollups(database, dataDir, rowsBySite);
  await database.close();
  console.log(
    `seeded ${SITES} sites with ${SITES * DAYS} daily rollups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

console.log(`database: ${baseDatabaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
if (!existsSync(join(webDist, 'index.html'))) {
  console.log('building the web app (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
}
const environment = { WEB_DIST_DIR: webDist, RUN_WORKER: 'false' };
try {
  // The first start migrates and seeds the demo organisation; the sites go in while it is down.
  const first = await startServer(workDir, environment);
  await first.close();
  await seedSites(first.dataDir, first.databaseUrl);
  const server = await startServer(workDir, environment, first);
  const browser = await launchBrowser();
  try {
    const tokens = await fetch(`${server.url}/core/api/auth/token/obtain/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
    }).then((response) => response.json() as Promise<{ access: string; refresh: string }>);
    const { page, errors } = await newPage(browser, 1440);
    // Signed in as the app keeps a session, so that the measurement starts at the map's URL.
    await page.addInitScript(
      `localStorage.setItem('token', ${JSON.stringify(JSON.stringify(tokens))})`,
    );
    // Scripts for the page are strings: tsx would wrap named functions in a helper the page lacks.
    // The mark's own time is the measurement; polling for it only has to notice it.
    const visit = async (label: string) => {
      await page.goto(`${server.url}/ui/analysis/map`);
      const drawn = "performance.getEntriesByName('roadcount:sites-drawn').length > 0";
      for (let waited = 0; !(await page.evaluate<boolean>(drawn)); waited += 50) {
        if (waited > 300_000) throw new Error('the map did not draw the sites in 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const drawMs = await page.evaluate<number>(
        "performance.getEntriesByName('roadcount:sites-drawn')[0].startTime",
      );
      const shown = await page
        .getByRole('list', { name: 'Sites on the map' })
        .locator('xpath=preceding-sibling::p[1]')
        .textContent();
      console.log(
        `${label}: map drew the sites ${drawMs.toFixed(0)} ms after navigation (${shown})`,
      );
      // Where the time to first draw went: the page's scripts, then the API's answers.
      const timings = await page.evaluate<{ name: string; start: number; end: number }[]>(
        `performance.getEntriesByType('resource')
          .filter((entry) => /\\.(m?js)$|\\/gql|\\/api\\//.test(entry.name))
          .map((entry) => ({ name: entry.name.replace(location.origin, ''), start: entry.startTime, end: entry.responseEnd }))`,
      );
      for (const { name, start, end } of timings.filter(({ end: at }) => at <= drawMs))
        console.log(
          `  ${name.slice(0, 60).padEnd(60)} ${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)} ms (${(end - start).toFixed(0)} ms)`,
        );
      return drawMs;
    };
    // Just after the server started (its map cache may still be filling), then as a later visit.
    const firstDrawMs = await visit('first visit after the server started');
    const laterDrawMs = await visit('a later visit');

    // Pan by dragging, as a user would, while the page counts the frames it manages to draw.
    const box = await page.locator('[data-testid="site-map"] canvas').boundingBox();
    if (!box) throw new Error('the map has no canvas');
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const pan = async () => {
      await page.evaluate(`(() => {
        const counter = { frames: 0, running: true };
        window.benchFrames = counter;
        const tick = () => {
          counter.frames += 1;
          if (counter.running) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      const panStarted = performance.now();
      let step = 0;
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      while (performance.now() - panStarted < PAN_SECONDS * 1000) {
        step += 1;
        const angle = step / 10;
        await page.mouse.move(centre.x + Math.cos(angle) * 200, centre.y + Math.sin(angle) * 150, {
          steps: 2,
        });
      }
      await page.mouse.up();
      const frames = await page.evaluate<number>(
        '(() => { window.benchFrames.running = false; return window.benchFrames.frames; })()',
      );
      const panSeconds = (performance.now() - panStarted) / 1000;
      return { frames, panSeconds, step, fps: frames / panSeconds };
    };
    const withSites = await pan();
    console.log(
      `panning over ${SITES} sites for ${withSites.panSeconds.toFixed(1)} s: ${withSites.frames} frames, ${withSites.fps.toFixed(1)} frames/s (${withSites.step} drag moves)`,
    );
    // The same pan with the name search hiding every site: what this browser manages anyway.
    await page.getByLabel('Search sites by name').fill('no site has this name');
    await page.getByText('Sites shown: 0').waitFor();
    const empty = await pan();
    console.log(
      `panning over no sites for ${empty.panSeconds.toFixed(1)} s: ${empty.frames} frames, ${empty.fps.toFixed(1)} frames/s (${empty.step} drag moves)`,
    );
    const fps = withSites.fps;
    const pageErrors = errors.filter((error) => !/tile|ERR_NAME_NOT_RESOLVED/.test(error));
    if (pageErrors.length > 0) console.log('page errors:', pageErrors);
    console.log(
      `RESULT map_first_draw_ms=${Math.round(firstDrawMs)} map_later_draw_ms=${Math.round(laterDrawMs)} map_pan_fps=${Math.round(fps)} map_pan_fps_no_sites=${Math.round(empty.fps)}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  await dropDatabases();
  rmSync(workDir, { recursive: true, force: true });
}
