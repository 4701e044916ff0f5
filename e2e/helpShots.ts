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
        await page
          .getByTestId('api-reference')
          .getByText('Roadcount API')
          .first()
          .waitFor({ timeout: 30_000 });
        await shot(page, `definitions-api-${suffix}`, false);
        await page.evaluate(() =>
          document.querySelector('[data-testid="api-reference"]')?.scrollIntoView(),
        );
        await shot(page, `definitions-api-reference-${suffix}`, false);
        await page.goto(`${app.url}/ui/definitions/graphql`);
        await page.getByTestId('graphql-explorer').locator('.graphiql-container').waitFor();
        await page.waitForTimeout(1500);
        await page.evaluate(() =>
          document.querySelector('[data-testid="graphql-explorer"]')?.scrollIntoView(),
        );
        await shot(page, `definitions-graphql-${suffix}`, false);
      }
      if (wanted('help')) {
        await page.goto(`${app.url}/ui/help`);
        await page.locator('main h1').waitFor();
        await shot(page, `help-${suffix}`);
        await page.locator('main').getByRole('button').first().click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByRole('textbox')
          .fill(
            locale === 'fr'
              ? 'La légende de la carte cache le dernier site.'
              : 'The map legend hides the last site.',
          );
        await dialog.locator('input[type=file]').setInputFiles([
          {
            name: 'legend-problem-screenshot.png',
            mimeType: 'image/png',
            buffer: Buffer.from('png'),
          },
          { name: 'counts.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') },
        ]);
        await shot(page, `help-feedback-${suffix}`, false);
        await page.keyboard.press('Escape');
        await page.locator('main').getByRole('button').nth(1).click();
        await page.getByRole('dialog').getByRole('textbox').fill('We would like 25 users.');
        await shot(page, `help-subscription-${suffix}`, false);
        await page.keyboard.press('Escape');
      }
      if (wanted('tour')) {
        await page.goto(`${app.url}/ui/help`);
        await page.locator('main h1').waitFor();
        await page.getByTestId('start-tour').click();
        await page.locator('.driver-popover').waitFor();
        await shot(page, `tour-map-first-${suffix}`, false);
        const forward = async (steps: number) => {
          for (let step = 0; step < steps; step += 1) {
            await page.keyboard.press('ArrowRight');
            await page.waitForTimeout(450);
          }
        };
        await forward(8);
        await page.waitForTimeout(500);
        await shot(page, `tour-map-layers-${suffix}`, false);
        await forward(6);
        await page.waitForTimeout(500);
        await shot(page, `tour-map-last-${suffix}`, false);
        await page.keyboard.press('ArrowRight');
        await page.waitForURL('**/ui/site-list');
        await page.locator('.driver-popover').waitFor();
        await shot(page, `tour-sites-${suffix}`, false);
        await page.keyboard.press('Escape');
      }
      if (wanted('guides')) {
        await page.goto(`${app.url}/ui/guides`);
        await page.locator('main h1').waitFor();
        await shot(page, `guides-${suffix}`);
        await page.goto(`${app.url}/ui/guides/read-site-speeds`);
        await page.locator('main article img').waitFor();
        await shot(page, `guide-speeds-${suffix}`);
      }
      if (wanted('siteDetail')) {
        await page.goto(`${app.url}/ui/site-list`);
        await page
          .getByRole('table', { name: /Sites|Sites/ })
          .getByRole('link')
          .first()
          .click();
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
