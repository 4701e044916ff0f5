import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGraphql, apiPost, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';
import { latestLinkTo } from '../support/outbox.ts';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const SUPPORT = 'support@roadcount.local';
const VIEWER = { username: 'tour.viewer', password: 'tour-viewer-pass-1' };
const ORG_ADMIN = { username: 'tour.admin', password: 'tour-admin-pass-1' };

const signIn = (browser: Browser, username: string, password: string) =>
  signedInPage(browser, appUrl, username, password, 1440);

const title = (page: Page) => page.locator('.driver-popover-title').innerText();

/** Presses a key and answers the next step's title, once the step has moved and settled. */
async function press(page: Page, key: string) {
  const before = await title(page);
  await page.keyboard.press(key);
  await page.waitForFunction(
    (previous) => document.querySelector('.driver-popover-title')?.textContent !== previous,
    before,
  );
  // The tour takes no key while it moves from one element to the next.
  await page.waitForTimeout(450);
  return title(page);
}

/** Presses → until the popover offers to continue or finish; answers the titles seen. */
async function walkPage(page: Page) {
  await page.waitForTimeout(450);
  const titles = [await title(page)];
  for (;;) {
    const next = await page.locator('.driver-popover-next-btn').innerText();
    if (/Continue|Finish/.test(next)) return { titles, next };
    titles.push(await press(page, 'ArrowRight'));
  }
}

describe('Help and the guided tour', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    await apiPost(appUrl, adminToken, '/core/api/config/create_user/', {
      username: VIEWER.username,
      email: 'tour.viewer@example.test',
      role: 'org_user',
    });
    const invitation = new URL(latestLinkTo(dataDir, 'tour.viewer@example.test'));
    await apiPost(appUrl, '', '/core/api/config/password/reset/confirm/', {
      token: invitation.searchParams.get('token'),
      password: VIEWER.password,
    });
  });
  afterAll(() => browser.close());

  it('sends feedback with two attachments to the outbox, refusing 5 characters', async () => {
    const { page, errors } = await signIn(browser, VIEWER.username, VIEWER.password);
    await page.getByRole('button', { name: 'Send feedback' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    const send = dialog.getByRole('button', { name: 'Send' });
    await dialog.getByLabel('Your feedback').fill('Hello');
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Your feedback').fill('The legend hides the last site on the map.');
    await dialog.getByLabel('Attach files').setInputFiles([
      { name: 'legend-problem-screenshot.png', mimeType: 'image/png', buffer: Buffer.from('PNG1') },
      { name: 'unwanted.txt', mimeType: 'text/plain', buffer: Buffer.from('no') },
      { name: 'counts.csv', mimeType: 'text/csv', buffer: Buffer.from('site,vehicles\n') },
    ]);
    // 'legend-problem-screenshot' is cut to its first 10 characters, 'legend-pro'.
    await dialog.getByText('legend-pro.png', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Remove unwanted.txt' }).click();
    await dialog.getByText('unwanted.txt').waitFor({ state: 'detached' });
    await send.click();
    await page.getByText('Thank you: your feedback has been sent.').waitFor();

    const outbox = join(dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .filter((name) => name.endsWith(`${SUPPORT}.eml`))
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .find((text) => text.includes('The legend hides the last site on the map.'));
    expect(mail).toContain('Subject: Roadcount Feedback from tour.viewer');
    expect(mail).toContain('filename=legend-problem-screenshot.png');
    expect(mail).toContain('filename=counts.csv');
    expect(mail).not.toContain('unwanted.txt');
    expect(errors).toEqual([]);
  });

  it('shows the demo account neither dialog', async () => {
    const { page } = await signIn(browser, 'demo', DEMO_PASSWORD);
    await page.goto(`${appUrl}/ui/help`);
    await page.getByText('The demo account cannot send feedback').waitFor();
    expect(await page.getByRole('button', { name: 'Send feedback' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ask for a subscription' }).count()).toBe(0);
  });

  it("tours map, sites, files and uploads on an organisation admin's first sign-in, once", async () => {
    // A new colleague, invited by the platform admin: nobody sets a flag for the tour.
    const adminToken = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    await apiPost(appUrl, adminToken, '/core/api/config/create_user/', {
      username: ORG_ADMIN.username,
      email: 'tour.admin@example.test',
      role: 'org_admin',
    });
    const invitation = new URL(latestLinkTo(dataDir, 'tour.admin@example.test'));
    await apiPost(appUrl, '', '/core/api/config/password/reset/confirm/', {
      token: invitation.searchParams.get('token'),
      password: ORG_ADMIN.password,
    });
    const { page, errors } = await signedInPage(
      browser,
      appUrl,
      ORG_ADMIN.username,
      ORG_ADMIN.password,
      1440,
      { tour: 'starts' },
    );
    await page.locator('.driver-popover').waitFor();
    const map = await walkPage(page);
    expect(map.titles).toEqual([
      'Feedback',
      'The menu',
      'Analysis',
      'Guides',
      'Sites',
      'Management',
      'Upload',
      'Speed layer',
      'Class layer',
      'Volume layer',
      'Multi-site comparison',
      'Map notes',
      'Your sites',
      'Calendar',
      'Summary CSV',
    ]);
    // ← goes back one step.
    expect(await press(page, 'ArrowLeft')).toBe('Calendar');
    expect(await press(page, 'ArrowRight')).toBe('Summary CSV');
    expect(map.next).toBe('Continue to Sites');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/ui/site-list');
    await page.locator('.driver-popover').waitFor();
    const sites = await walkPage(page);
    expect(sites.titles).toEqual([
      'Sites table',
      'Edit a site',
      'Merge sites',
      'Generate a site list',
    ]);
    await page.locator('.driver-popover-next-btn').click();
    await page.waitForURL('**/ui/file-management');
    await page.locator('.driver-popover').waitFor();
    expect((await walkPage(page)).titles).toEqual(['Files table', 'Data quality', 'Download']);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/ui/file-upload');
    await page.locator('.driver-popover').waitFor();
    const uploads = await walkPage(page);
    expect(uploads).toEqual({ titles: ['Upload box', 'Queue'], next: 'Finish' });
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });

    // Seen: a reload of the map shows no tour, nor does the next sign-in.
    await page.goto(`${appUrl}/ui/analysis/map`);
    await page.waitForTimeout(2500);
    expect(await page.locator('.driver-popover').count()).toBe(0);
    const token = await apiSignIn(appUrl, ORG_ADMIN.username, ORG_ADMIN.password);
    const after = await apiGraphql<{ me: { preferences: Record<string, unknown> } }>(
      appUrl,
      token,
      '{ me { preferences } }',
    );
    expect(after.me.preferences).toMatchObject({
      tourShown: true,
      showTour: false,
      tourRole: 'org_admin',
    });
    // The profile takes it again, from its first step.
    await page.goto(`${appUrl}/ui/profile`);
    await page.getByRole('button', { name: 'Take the tour again' }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.locator('.driver-popover').waitFor();
    expect(await title(page)).toBe('Feedback');
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('tours as a viewer without the admin steps nor uploads; Escape closes it', async () => {
    const { page, errors } = await signIn(browser, VIEWER.username, VIEWER.password);
    await page.goto(`${appUrl}/ui/help`);
    await page.getByRole('button', { name: 'Take the tour' }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.locator('.driver-popover').waitFor();
    const map = await walkPage(page);
    expect(map.titles).toEqual([
      'Feedback',
      'The menu',
      'Analysis',
      'Guides',
      'Speed layer',
      'Class layer',
      'Volume layer',
      'Multi-site comparison',
      'Your sites',
      'Calendar',
      'Summary CSV',
    ]);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/ui/site-list');
    await page.locator('.driver-popover').waitFor();
    await page.locator('.driver-popover-next-btn').click();
    await page.locator('.driver-popover-next-btn').click();
    await page.locator('.driver-popover-next-btn').click();
    await page.locator('.driver-popover-next-btn').click();
    await page.waitForURL('**/ui/file-management');
    await page.locator('.driver-popover').waitFor();
    const files = await walkPage(page);
    // Files is the viewer's last page: the tour finishes there.
    expect(files).toEqual({ titles: ['Files table', 'Data quality', 'Download'], next: 'Finish' });
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForTimeout(2000);
    expect(await page.locator('.driver-popover').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
