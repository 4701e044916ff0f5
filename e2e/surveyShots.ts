// Screenshots of the surveys screen's tabs and each wizard step with the demo surveys, for review: npx tsx e2e/surveyShots.ts DIR
import { join } from 'node:path';
import { fillDate } from './support/browser.ts';
import { signedInPage, startShots } from './support/shots.ts';

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const { outputDir, app, browser } = await startShots();
try {
  for (const width of [1440, 375]) {
    const { page, errors } = await signedInPage(browser, app.url, width, 'admin');
    const shot = (name: string, fullPage = false) =>
      page.screenshot({ path: join(outputDir, `${name}-${width}.png`), fullPage });
    await page.goto(`${app.url}/ui/surveys`);
    await page.getByRole('heading', { name: 'Surveys', level: 1 }).waitFor();
    await page.waitForTimeout(500);
    await shot('tab-active-empty');

    // A survey of the continuous site over last week: its data is in, so it completes at once.
    for (const [name, start, end, sites] of [
      [`Last week on the A33 ${width}`, day(-8), day(-2), ['A33 Relief Road']],
      [`Spring count ${width}`, day(7), day(13), ['London Road', 'Thames Path']],
    ] as const) {
      await page.getByRole('button', { name: 'New survey' }).click();
      const wizard = page.getByRole('dialog', { name: 'New survey' });
      if (name.startsWith('Spring')) {
        await wizard.getByRole('button', { name: 'On the map' }).click();
        await wizard.getByTestId('survey-sites-map').locator('canvas').waitFor();
        await page.waitForTimeout(2500);
        await shot('wizard-1-map');
        await wizard.getByRole('button', { name: 'From the table' }).click();
      }
      for (const site of sites) {
        await wizard.getByLabel('Search sites').fill(site);
        await wizard
          .getByRole('checkbox', { name: new RegExp(`^Choose ${site}`) })
          .first()
          .check();
      }
      await wizard.getByLabel('Search sites').fill('');
      await page.waitForTimeout(400);
      if (name.startsWith('Spring')) await shot('wizard-1-sites');
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      await wizard.getByLabel('Survey name').fill(name);
      await fillDate(wizard, 'Start date', end);
      await fillDate(wizard, 'End date', start);
      if (name.startsWith('Spring')) {
        await wizard.getByLabel('Counter type or model').fill('MetroCount 5600 tubes');
        await wizard.getByLabel('Sensor spacing (m)').fill('1');
        await wizard.getByRole('radio', { name: 'A contractor' }).check();
        await wizard.getByLabel('Contractor name').fill('Counts Ltd');
        await wizard.getByLabel('Contractor email').fill('counts at example');
        await wizard.getByRole('button', { name: 'Next', exact: true }).click();
        await page.waitForTimeout(300);
        await shot('wizard-2-info-errors');
        await wizard.getByLabel('Contractor email').fill('ops@counts.example');
      }
      await fillDate(wizard, 'Start date', start);
      await fillDate(wizard, 'End date', end);
      if (name.startsWith('Spring')) await shot('wizard-2-info');
      await wizard.getByRole('button', { name: 'Next', exact: true }).click();
      if (name.startsWith('Spring')) {
        await wizard.getByLabel('Attribute', { exact: true }).click();
        await page.getByRole('option', { name: 'SID and survey name' }).click();
        await wizard.getByLabel('Counter name for London Road').fill('LR north');
        await page.waitForTimeout(300);
        await shot('wizard-3-site-list');
      }
      await wizard.getByRole('button', { name: 'Create survey' }).click();
      await wizard.getByText(`${name} is planned`).waitFor();
      if (name.startsWith('Spring')) await shot('wizard-created');
      await wizard.getByRole('button', { name: 'Close' }).click();
    }
    await page.waitForTimeout(800);
    await shot('tab-active', true);
    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.getByRole('article', { name: `Last week on the A33 ${width}` }).waitFor();
    await page.waitForTimeout(300);
    await shot('tab-completed', true);
    await page.getByRole('tab', { name: 'Active' }).click();
    const spring = page.getByRole('article', { name: `Spring count ${width}` });
    await spring.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tab', { name: 'Deleted' }).click();
    await page.getByRole('article', { name: `Spring count ${width}` }).waitFor();
    await page.waitForTimeout(300);
    await shot('tab-deleted', true);
    console.log(`${width}px: ${errors.length} console errors ${errors.join(' | ')}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.stop();
}
