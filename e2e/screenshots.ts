// Takes screenshots of the main pages at phone and desktop widths, for review and the README.
// Usage: npx tsx e2e/screenshots.ts [outputDir]  (starts the built app itself)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startApp } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const app = await startApp();
const browser = await launchBrowser();
try {
  for (const width of [375, 1280]) {
    const { page } = await newPage(browser, width);
    for (const [name, path] of [
      ['login', '/auth/login'],
      ['password', '/auth/password'],
      ['not-found', '/auth/anything'],
      ['privacy', '/privacy'],
      ['terms', '/terms'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: join(outputDir, `${name}-${width}.png`),
        fullPage: name !== 'privacy' && name !== 'terms',
      });
    }
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('demo');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(outputDir, `app-map-${width}.png`) });

    const admin = await newPage(browser, width);
    await admin.page.goto(`${app.url}/auth/login`);
    await admin.page.getByLabel('Email/username').fill('admin');
    await admin.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await admin.page.getByRole('button', { name: /sign in/i }).click();
    await admin.page.waitForURL('**/ui/analysis/map');
    for (const [name, path] of [
      ['users', '/ui/admin-tools/users'],
      ['organisation', '/ui/admin-tools/organisation'],
      ['profile', '/ui/profile'],
    ] as const) {
      await admin.page.goto(`${app.url}${path}`);
      await admin.page.waitForLoadState('networkidle');
      await admin.page.screenshot({
        path: join(outputDir, `${name}-${width}.png`),
        fullPage: true,
      });
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log(`screenshots written to ${outputDir}`);
