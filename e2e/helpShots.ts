// Screenshots of Definitions, Help, Guides, the tour and usage, at 375 and 1440 px in en-GB and
// fr, for review: npx tsx e2e/helpShots.ts DIR [screen ...]
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage, startShots } from './support/shots.ts';

const only = process.argv.slice(3);
const wanted = (screen: string) => only.length === 0 || only.includes(screen);

const { outputDir, app, browser } = await startShots();

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(outputDir, `${name}.png`), fullPage });
}

try {
  for (const locale of ['en-GB', 'fr']) {
    for (const width of [1440, 375]) {
      const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      // The tour would cover every screen here: it is seen already.
      await page.evaluate(() => localStorage.setItem('roadcount:tour-seen', 'true'));
      const suffix = `${locale}-${width}`;
      if (wanted('definitions')) {
        await page.goto(`${app.url}/ui/definitions`);
        await page.locator('#term-adt').waitFor();
        await shot(page, `definitions-glossary-${suffix}`, width > 400);
        await page.goto(`${app.url}/ui/definitions#term-matrix`);
        await shot(page, `definitions-anchor-${suffix}`, false);
        await page.goto(`${app.url}/ui/definitions/terms`);
        await shot(page, `definitions-terms-${suffix}`);
        await page.goto(`${app.url}/ui/definitions/changelog`);
        await shot(page, `definitions-changelog-${suffix}`);
        await page.goto(`${app.url}/ui/definitions/api`);
        await page.getByTestId('api-reference').getByText('Roadcount API').first().waitFor({ timeout: 30_000 });
        await shot(page, `definitions-api-${suffix}`, false);
        await page.goto(`${app.url}/ui/definitions/graphql`);
        await page.getByTestId('graphql-explorer').locator('.graphiql-container').waitFor();
        await page.waitForTimeout(1500);
        await shot(page, `definitions-graphql-${suffix}`, false);
      }
      if (wanted('siteDetail')) {
        await page.goto(`${app.url}/ui/site-list`);
        await page.getByRole('table', { name: /Sites|Sites/ }).getByRole('link').first().click();
        await page.waitForURL('**/site-detail/**');
        await page.locator('[data-definition="adt"]').waitFor({ timeout: 30_000 });
        await shot(page, `site-detail-icons-${suffix}`, false);
      }
      console.log(`${suffix}: ${errors.length} console errors ${errors.join(' | ')}`);
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
