import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot, startApp, type RunningApp } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { copyAsNextBuild } from '../support/nextBuild.ts';

const NEW_BUILD = 'e2e-new-version';
/** These servers only serve the app: no analysis threads to start. */
const LIGHT = { ANALYSIS_PRESTART: 'false', ANALYSIS_WARM_UP: 'false' };

describe('the installable app', () => {
  let browser: Browser;
  let newDist: string;
  const running: RunningApp[] = [];

  beforeAll(async () => {
    newDist = join(mkdtempSync(join(tmpdir(), 'roadcount-next-web-')), 'dist');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    for (const app of running) await app.stop();
    rmSync(dirname(newDist), { recursive: true, force: true });
  });

  it('offers the new version once it is deployed, and Reload loads it', async () => {
    const current = await startApp(LIGHT);
    running.push(current);
    const { page, errors } = await newPage(browser, 1280, { serviceWorkers: 'allow' });
    await page.goto(`${current.url}/auth/login`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // From its first visit the app is served by its service worker.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const before = await page.evaluate(() => document.documentElement.dataset.build);
    expect(before).not.toBe(NEW_BUILD);
    // The next version: the same app under another build id.
    copyAsNextBuild(resolve(repositoryRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist'), newDist, {
      current: before ?? '',
      next: NEW_BUILD,
    });

    // The new build is deployed on the same address while the page stays open.
    const port = new URL(current.url).port;
    await current.stop();
    running.pop();
    const next = await startApp({ ...LIGHT, PORT: port, WEB_DIST_DIR: newDist });
    running.push(next);
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
    );
    const dialog = page.getByRole('dialog', { name: 'A new version of Roadcount is out' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(before);
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(
      (build) => document.documentElement.dataset.build === build,
      NEW_BUILD,
      { timeout: 30_000 },
    );
    await page.getByLabel('Email/username').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('opens the app shell offline, and still says the connection is lost', async () => {
    const app = running[0] as RunningApp;
    const { page } = await newPage(browser, 1280, { serviceWorkers: 'allow' });
    await page.goto(`${app.url}/auth/login`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.context().setOffline(true);
    await page.reload();
    await page.getByLabel('Email/username').waitFor();
    await page.getByText("You've lost connection").waitFor();
    await page.context().setOffline(false);
  }, 60_000);

  it('unregisters the service worker on /admin paths', async () => {
    const app = running[0] as RunningApp;
    const { page } = await newPage(browser, 1280, { serviceWorkers: 'allow' });
    await page.goto(`${app.url}/auth/login`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
    ).toBe(1);
    await page.goto(`${app.url}/admin/`);
    await page.waitForFunction(() =>
      navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => registrations.length === 0),
    );
  }, 60_000);
});
