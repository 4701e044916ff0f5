// The pictures of the product the guides show (apps/web/public/guides), taken from the built app
// with the demo surveys: npx tsx e2e/guideShots.ts [DIR]
import { join } from 'node:path';
import { repositoryRoot } from './support/appServer.ts';
import { signedInPage, startShots } from './support/shots.ts';

const target = process.argv[2] ?? join(repositoryRoot, 'apps/web/public/guides');
process.argv[2] = target;
const { app, browser } = await startShots();
try {
  const { page, errors } = await signedInPage(browser, app.url, 1100, 'admin');
  await page.setViewportSize({ width: 1100, height: 640 });
  const shot = async (name: string) => {
    await page.waitForTimeout(1200);
    await page.screenshot({ path: join(target, `${name}.png`) });
  };
  await page.goto(`${app.url}/ui/file-upload`);
  await page.locator('[data-tour="upload-queue"]').waitFor();
  await shot('upload');
  await page.goto(`${app.url}/ui/file-management`);
  await page.locator('[data-tour="files-quality"]').first().waitFor();
  await shot('files');
  await page.goto(`${app.url}/ui/site-list`);
  await page.getByRole('table', { name: 'Sites' }).getByRole('row').nth(2).waitFor();
  await shot('sites');
  await page.getByRole('table', { name: 'Sites' }).getByRole('link').first().click();
  await page.waitForURL('**/site-detail/**');
  await page.locator('[data-card="averageSpeed"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-card="averageSpeed"]').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 420);
  await shot('site-detail');
  console.log(`${errors.length} console errors ${errors.join(' | ')}`);
} finally {
  await browser.close();
  await app.stop();
}
