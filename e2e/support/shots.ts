// Shared by the screenshot scripts (npx tsx e2e/xShots.ts DIR): the app with the demo surveys
// processed, a browser, and pages signed in as a demo account.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startApp } from './appServer.ts';
import { launchBrowser, markTourSeen, newPage } from './browser.ts';

export async function startShots() {
  const outputDir = process.argv[2] ?? 'e2e/screenshots';
  mkdirSync(outputDir, { recursive: true });
  // The demo as a new user meets it: its surveys processed and its realtime site fed.
  const app = await startApp({ SEED_DEMO_SURVEYS: 'true', DEMO_REALTIME: 'true' });
  const browser = await launchBrowser();
  // The demo surveys are processed in the background after start.
  for (
    let waited = 0;
    waited < 60_000 && !/Thames Path.*daily rollups/.test(app.output());
    waited += 500
  )
    await new Promise((resolve) => setTimeout(resolve, 500));
  return { outputDir, app, browser };
}

/** A page of the given width, signed in as `admin` or `demo`, on the map. */
export async function signedInPage(
  browser: Browser,
  appUrl: string,
  width: number,
  username: 'admin' | 'demo',
) {
  // The screens, not the tour a first sign-in starts.
  if (username === 'admin') await markTourSeen(appUrl, 'admin', ADMIN_PASSWORD);
  const opened = await newPage(browser, width);
  const { page } = opened;
  await page.goto(`${appUrl}/auth/login`);
  await page.getByLabel('Email/username').fill(username);
  await page.getByLabel('Password').fill(username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/ui/analysis/map');
  return opened;
}
