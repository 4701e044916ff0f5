// Screenshots of the AADT panel and traffic-engineering cards on the site detail (a week at
// London Road adjusted by its factor group; the continuous A33) and of Insights > Factor groups,
// at 1440 and 375 px, for review: npx tsx e2e/factorShots.ts APP_URL DIR (a running demo app).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, newPage } from './support/browser.ts';

const [appUrl = 'http://localhost:4301', outputDir = '/work/shots/25a'] = process.argv.slice(2);
mkdirSync(outputDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const width of [1440, 375]) {
    const { page, errors } = await newPage(browser, width);
    await page.goto(`${appUrl}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(process.env.ADMIN_PASSWORD ?? 'admin-pass-1');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.goto(`${appUrl}/ui/insights/factor-groups`);
    await page.getByTestId('factor-group').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('pattern-clusters').getByRole('table').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(outputDir, `factor-groups-${width}.png`), fullPage: true });
    const london = page.getByTestId('factor-group').getByRole('link', { name: 'London Road' });
    await london.click();
    await page.getByTestId('aadt-working').waitFor({ timeout: 120_000 });
    await page.getByTestId('design-figures').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({
      path: join(outputDir, `site-detail-london-${width}.png`),
      fullPage: true,
    });
    await page.goto(`${appUrl}/ui/analysis/site-detail/${process.env.A33_ID ?? ''}`);
    await page.getByTestId('site-aadt').waitFor({ timeout: 120_000 });
    await page.getByTestId('design-figures').waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({
      path: join(outputDir, `site-detail-a33-${width}.png`),
      fullPage: true,
    });
    await page.goto(`${appUrl}/ui/definitions#term-kFactor`);
    await page.getByText('K factor').first().waitFor();
    await page.screenshot({ path: join(outputDir, `definitions-${width}.png`) });
    if (errors.length > 0) console.error(width, errors);
    await page.context().close();
  }
} finally {
  await browser.close();
}
