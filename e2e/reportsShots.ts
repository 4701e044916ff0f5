// Screenshots of the Insights screen, the Downloads list and the year in review at 1440 and 375 px, for review:
// npx tsx e2e/reportsShots.ts DIR (with WEB_DIST_DIR set to the build to show).
import { join } from 'node:path';
import { signedInPage, startShots } from './support/shots.ts';

const { outputDir, app, browser } = await startShots();

try {
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
    await page.goto(`${app.url}/ui/insights`);
    await page.getByRole('heading', { name: 'Insights' }).waitFor();
    const sites = page.getByRole('combobox', { name: 'Sites' });
    for (const name of ['A33 Relief Road', 'London Road']) {
      await sites.fill(name.slice(0, 6));
      await page
        .getByRole('option', { name })
        .click({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: join(outputDir, `failed-${width}.png`), fullPage: true });
          console.error(errors);
          throw error;
        });
    }
    await page.screenshot({ path: join(outputDir, `insights-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Request the report' }).click();
    await page.getByTestId('recent-report').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(outputDir, `insights-progress-${width}.png`),
      fullPage: true,
    });
    await page.getByText('Ready', { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.goto(`${app.url}/ui/downloads`);
    await page.getByTestId('download-row').first().waitFor();
    await page.screenshot({ path: join(outputDir, `downloads-${width}.png`), fullPage: true });
    await page.goto(`${app.url}/ui/insights/year-in-review`);
    await page.getByTestId('top-busiest').getByRole('link').first().waitFor({ timeout: 60_000 });
    await page.screenshot({
      path: join(outputDir, `year-in-review-${width}.png`),
      fullPage: true,
    });
    // A selection handed over in the address is chosen on arrival.
    const link = page.getByTestId('top-busiest').getByRole('link').first();
    const siteName = (await link.textContent()) ?? '';
    const siteId = ((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '';
    await page.goto(`${app.url}/ui/insights?sites=${siteId}`);
    await page.getByRole('button', { name: siteName }).waitFor();
    if (errors.length > 0) console.error(`page errors at ${width}px:`, errors);
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
