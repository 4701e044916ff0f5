// Screenshots of the demo account's profile at 1440 and 375 px, for review:
// npx tsx e2e/demoProfileShots.ts DIR (with WEB_DIST_DIR set to the build to show).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, startApp } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const app = await startApp({ SEED_DEMO_SURVEYS: 'false' });
const browser = await launchBrowser();
try {
  for (const width of [1440, 375]) {
    const { page } = await newPage(browser, width);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('demo');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.goto(`${app.url}/ui/profile`);
    await page.getByText('The demo account is shared by every visitor').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(outputDir, `demo-profile-${width}.png`), fullPage: true });
  }
} finally {
  await browser.close();
  await app.stop();
}
