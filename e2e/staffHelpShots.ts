// Screenshots of Help as platform staff (messages sent to support and the usage table), at 375 and
// 1440 px in en-GB and fr: npx tsx e2e/staffHelpShots.ts DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPost, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD, repositoryRoot, startApp } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const STAFF_PASSWORD = 'staff-shots-password';
const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-shots-staff-'));
const printed = execFileSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/cli/createAdmin.ts', 'staff', 'staff@roadcount.test'],
  { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
).toString();
const token = /token=([\w-]+)/.exec(printed)?.[1];
if (!token) throw new Error(`no invitation link in:\n${printed}`);
const app = await startApp({}, dataDir);
const browser = await launchBrowser();
try {
  await apiPost(app.url, '', '/core/api/config/password/reset/confirm/', {
    token,
    password: STAFF_PASSWORD,
  });
  const orgAdmin = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const form = new FormData();
  form.append('feedback', 'The legend hides the last site on the map when the panel is open.');
  form.append('file-0', new Blob(['PNG']), 'legend-problem-screenshot.png');
  form.append('file-1', new Blob(['site,vehicles\n']), 'counts.csv');
  await fetch(`${app.url}/bill/feedback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${orgAdmin}` },
    body: form,
  });
  await apiPost(app.url, orgAdmin, '/bill/subscription/', {
    feedback: 'We would like 25 users and 400 survey sites from January.',
  });
  for (const path of ['/ui/analysis/map', '/ui/analysis/map', '/ui/site-list', '/ui/help'])
    await apiPost(app.url, orgAdmin, '/api/page-views', { path });
  for (const locale of ['en-GB', 'fr'])
    for (const width of [1440, 375]) {
      const { page, errors } = await newPage(browser, width);
      await page.goto(`${app.url}/auth/login`);
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await page.getByLabel(/Email/).fill('staff');
      await page.locator('input[type=password]').fill(STAFF_PASSWORD);
      await page.locator('button[type=submit]').click();
      await page.waitForURL('**/ui/**');
      await page.goto(`${app.url}/ui/help`);
      await page.locator('#staff-support').waitFor();
      await page.locator('#staff-support').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      await page.screenshot({
        path: join(outputDir, `help-staff-messages-${locale}-${width}.png`),
      });
      await page.getByRole('tab').nth(1).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(outputDir, `help-staff-usage-${locale}-${width}.png`) });
      console.log(`${locale}-${width}: ${errors.length} console errors ${errors.join(' | ')}`);
      await page.context().close();
    }
} finally {
  await browser.close();
  await app.stop();
}
