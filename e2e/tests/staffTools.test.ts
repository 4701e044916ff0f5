import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage, signIn } from '../support/browser.ts';
import { sharedApp, STAFF_PASSWORD } from '../support/sharedApps.ts';

// The app's organisations are all new: the month they exist in is the one they can be billed for.
const MONTH = new Date().toISOString().slice(0, 7);
const MONTH_NAME = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${MONTH}-01T00:00:00Z`));
let appUrl = '';
let dataDir = '';
/** Where to keep screenshots of these screens, when asked (SHOTS_DIR). */
const shotsDir = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** The outbox's messages whose text holds `needle` (quoted-printable soft breaks undone). */
function mailsContaining(needle: string): string[] {
  const outbox = join(dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) =>
      readFileSync(join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(needle));
}

describe('Staff tools: bills, the changelog email and translations', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  // Platform staff exist only through `npm run create-admin`: an app with one, shared with the
  // other staff files (fileNotes, staffMoveSite), whose organisations are all new this month.
  beforeAll(async () => {
    ({ url: appUrl, dataDir } = await sharedApp('staff'));
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser, 1440));
    await signIn(page, appUrl, 'staff', STAFF_PASSWORD);
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('generates a month of bills, once, and lists them with their files', async () => {
    await page.goto(`${appUrl}/ui/staff/billing`);
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Month' }).fill(MONTH);
    // One bill for each organisation: the demo's, and any that another staff file made before.
    const organisations = (await apiGet(
      appUrl,
      await apiSignIn(appUrl, 'staff', STAFF_PASSWORD),
      '/core/api/config/organisations/',
    )) as unknown[];
    await page.getByRole('button', { name: 'Generate bills' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Done:' });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toMatch(
      new RegExp(`${organisations.length} bill\\(s\\) made for ${MONTH}`),
    );
    const rows = page.getByRole('table', { name: 'Bills' }).getByRole('row');
    await rows.filter({ hasText: MONTH_NAME }).first().waitFor();
    const demoBill = rows.filter({ hasText: MONTH_NAME }).filter({ hasText: 'Demo' });
    expect(await demoBill.count()).toBe(1);
    await shot(page, 'staff-billing-1440');

    // A second run for the month makes no second bill.
    const before = await rows.filter({ hasText: MONTH_NAME }).count();
    await page.getByRole('button', { name: 'Generate bills' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `0 bill(s) made for ${MONTH}` })
      .waitFor({ timeout: 30_000 });
    expect(await rows.filter({ hasText: MONTH_NAME }).count()).toBe(before);

    const download = page.waitForEvent('download');
    await demoBill.getByRole('button', { name: /^PDF of/ }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^roadcount-bill-${MONTH}-.*\\.pdf$`),
    );
  });

  it('sends the changelog to users with progress, and the mail arrives', async () => {
    await page.goto(`${appUrl}/ui/staff/changelog`);
    const heading = page.getByRole('heading', { level: 2 }).first();
    await heading.waitFor();
    const title = (await heading.textContent()) ?? '';
    expect(title).toMatch(/^\[/);
    await shot(page, 'staff-changelog-1440');
    await page.getByRole('button', { name: 'Send the changelog' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Done:' });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toMatch(/The changelog was sent to \d+ user\(s\)/);
    expect(mailsContaining(`what changed in Roadcount (${title})`).length).toBeGreaterThan(0);
  });

  it('edits a French text, which the app shows after a reload', async () => {
    await page.goto(`${appUrl}/ui/translate`);
    await page.getByRole('heading', { name: 'Translate', level: 1 }).waitFor();
    await page.getByLabel('Search keys and texts').fill('nav.help');
    const row = page.getByTestId('translation-nav.help');
    await row.waitFor();
    await row.getByLabel('Text of nav.help').fill('Assistance routière');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Edited').waitFor();
    await shot(page, 'translate-1440');

    await page.evaluate(() => localStorage.setItem('locale', 'fr'));
    await page.reload();
    await page.getByRole('link', { name: 'Assistance routière' }).first().waitFor();
    await page.evaluate(() => localStorage.setItem('locale', 'en-GB'));
    expect(errors).toEqual([]);
  });

  it("shows an organisation's admin their own bills and keeps the staff screens from them", async () => {
    const orgAdmin = await newPage(browser, 1440);
    await signIn(orgAdmin.page, appUrl, 'admin', ADMIN_PASSWORD);
    await orgAdmin.page.goto(`${appUrl}/ui/admin-tools/billing`);
    await orgAdmin.page.getByText('Subscription of Demo Roads Authority').waitFor();
    const rows = orgAdmin.page.getByRole('table', { name: 'Bills' }).getByRole('row');
    await rows.filter({ hasText: MONTH_NAME }).first().waitFor();
    // A header and the one bill of its own organisation; no organisation column.
    expect(await rows.count()).toBe(2);
    await shot(orgAdmin.page, 'org-billing-1440');
    await orgAdmin.page.goto(`${appUrl}/ui/staff/billing`);
    await orgAdmin.page.waitForURL('**/ui/analysis/map');
    await orgAdmin.page.goto(`${appUrl}/ui/translate`);
    await orgAdmin.page.waitForURL('**/ui/analysis/map');
    await orgAdmin.page.context().close();
  });
});
