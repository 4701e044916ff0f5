// Screenshots of what a new user meets (issue 37) at 1440 and 375 px: the demo's surveys, its
// realtime site, the map's left column, and the first page of a site summary PDF:
// npx tsx e2e/newUserShots.ts DIR (WEB_DIST_DIR: the build to show). With PDFJS_DIR set to an
// installed pdfjs-dist, the PDF's first page is drawn to a PNG in Chromium.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiGraphql, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/appServer.ts';
import { newPage } from './support/browser.ts';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();

type Sites = { sites: { sites: { id: string; name: string }[] } };
const SITES = `query($search: String) { sites(search: $search, page: 0, page_size: 20, sort: "name", direction: "asc") { sites { id name } } }`;

try {
  const demoToken = await apiSignIn(app.url, 'demo', DEMO_PASSWORD);
  const found = await apiGraphql<Sites>(app.url, demoToken, SITES, { search: 'Kings Road' });
  const kings = found.sites.sites.find((site) => site.name.startsWith('Kings Road'));
  if (!kings) throw new Error('no Kings Road live site in the demo');
  const london = (await apiGraphql<Sites>(app.url, demoToken, SITES, { search: 'London Road' }))
    .sites.sites[0];

  // ONLY_PDF=1 draws the PDF alone.
  for (const width of process.env.ONLY_PDF ? [] : [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'demo');
    // The map's left column: at 375 px it is the drawer of layers and filters.
    if (width < 900) await page.getByRole('button', { name: 'Layers and filters' }).click();
    await page.getByLabel('From').first().waitFor();
    await page.getByLabel('From').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `map-left-column-${width}.png`) });

    await page.goto(`${app.url}/ui/surveys`);
    await page.getByRole('heading', { name: 'Surveys', exact: true }).waitFor();
    await page.getByText('Loading surveys…').waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `surveys-${width}.png`), fullPage: true });

    await page.goto(`${app.url}/ui/analysis/site-detail/${kings.id}`);
    await page.getByRole('heading', { name: kings.name }).waitFor();
    await page.getByTestId('vehicle-count').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outputDir, `realtime-site-${width}.png`) });
    await page.screenshot({
      path: join(outputDir, `realtime-site-full-${width}.png`),
      fullPage: true,
    });
    // The speed and profile charts, drawn at rest (a full-page capture may catch them mid-way).
    await page.getByText('85th percentile speed', { exact: true }).last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outputDir, `realtime-site-charts-${width}.png`) });
    await page.getByText('Virtual week', { exact: true }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outputDir, `realtime-site-profiles-${width}.png`) });
    if (errors.length > 0) console.error(width, errors);
    await page.context().close();
  }

  // A site summary PDF of the realtime site and London Road, as the admin requests it.
  const adminToken = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const today = new Date();
  // The last four weeks, today included (a report covers at most 367 days).
  const start = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 27),
  ).toISOString();
  const end = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1),
  ).toISOString();
  const { requestReport } = await apiGraphql<{ requestReport: { id: string } }>(
    app.url,
    adminToken,
    'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }',
    {
      input: {
        type: 'site_summary_pdf',
        site_ids: [kings.id, ...(london ? [london.id] : [])],
        start,
        end,
        units: 'metric',
        aggregation_minutes: 1440,
      },
    },
  );
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const { report } = await apiGraphql<{ report: { state: string } }>(
      app.url,
      adminToken,
      'query($id: ID!) { report(id: $id) { state } }',
      { id: requestReport.id },
    );
    if (report.state === 'CM') break;
    if (report.state === 'ER') throw new Error('the PDF report failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { reportDownload } = await apiGraphql<{ reportDownload: { url: string } }>(
    app.url,
    adminToken,
    'query($id: ID!) { reportDownload(id: $id) { url } }',
    { id: requestReport.id },
  );
  const pdf = Buffer.from(await (await fetch(`${app.url}${reportDownload.url}`)).arrayBuffer());
  writeFileSync(join(outputDir, 'site-summary.pdf'), pdf);

  const pdfjs = process.env.PDFJS_DIR;
  if (pdfjs) {
    for (const width of [1440, 375]) {
      const { page } = await newPage(browser, width);
      const files: Record<string, [string, Buffer]> = {
        '/pdf.mjs': ['text/javascript', readFileSync(join(pdfjs, 'build/pdf.mjs'))],
        '/pdf.worker.mjs': ['text/javascript', readFileSync(join(pdfjs, 'build/pdf.worker.mjs'))],
        '/report.pdf': ['application/pdf', pdf],
        '/': [
          'text/html',
          Buffer.from(`<!doctype html><body style="margin:0;background:#888">
<canvas id="page" style="display:block;margin:0 auto;max-width:100%"></canvas>
<script type="module">
import * as pdfjsLib from '/pdf.mjs';
pdfjsLib.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
const doc = await pdfjsLib.getDocument('/report.pdf').promise;
const first = await doc.getPage(1);
const scale = Math.min(${width}, 900) / first.getViewport({ scale: 1 }).width * 2;
const viewport = first.getViewport({ scale });
const canvas = document.getElementById('page');
canvas.width = viewport.width; canvas.height = viewport.height;
canvas.style.width = (viewport.width / 2) + 'px';
await first.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
document.body.dataset.done = 'yes';
</script></body>`),
        ],
      };
      await page.context().route('http://pdf.local/**', (route) => {
        const file = files[new URL(route.request().url()).pathname];
        return file
          ? route.fulfill({ status: 200, contentType: file[0], body: file[1] })
          : route.fulfill({ status: 404 });
      });
      await page.goto('http://pdf.local/');
      await page.waitForSelector('body[data-done="yes"]', { timeout: 30_000 });
      await page.screenshot({
        path: join(outputDir, `report-pdf-page-1-${width}.png`),
        fullPage: true,
      });
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
