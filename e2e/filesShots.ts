// Screenshots of the uploads and files screens at 1440 and 375 px, for review:
// npx tsx e2e/filesShots.ts DIR (with WEB_DIST_DIR set to the build to show).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD, startApp } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';

const outputDir = process.argv[2] ?? 'e2e/screenshots';
mkdirSync(outputDir, { recursive: true });
const app = await startApp({ SEED_DEMO_SURVEYS: 'true' });
const browser = await launchBrowser();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function counterFile(seed: number, days: number, vehiclesPerDay: number, name: string) {
  return Buffer.from(
    [
      ...roadcountCsvText(
        generateTraffic({
          seed,
          startDay: '2025-10-06',
          days,
          vehiclesPerDay,
          directions: [1, 5],
          meanSpeedKmh: 40,
        }),
        { name, latitude: 51.5 + seed / 1000, longitude: -0.1 },
      ),
    ].join(''),
  );
}

try {
  for (
    let waited = 0;
    waited < 60_000 && !/Thames Path.*daily rollups/.test(app.output());
    waited += 500
  )
    await new Promise((resolve) => setTimeout(resolve, 500));
  // Users approve quality here, so that the files-for-review panel shows.
  const token = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const me = (await (
    await fetch(`${app.url}/gql/v1/graphql/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { organisation { id } } }' }),
    })
  ).json()) as { data: { me: { organisation: { id: string } } } };
  await fetch(`${app.url}/core/api/config/organisations/${me.data.me.organisation.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ request_user_approve_quality: true }),
  });

  for (const width of [1440, 375]) {
    const { page, errors } = await newPage(browser, width);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.goto(`${app.url}/ui/file-upload`);
    await page.locator('input[data-kind="vehicle"]').setInputFiles([
      {
        name: `harbour-${width}.csv`,
        mimeType: 'text/csv',
        buffer: counterFile(width, 3, 300, `Harbour Road ${width}`),
      },
      {
        name: `quiet-lane-${width}.csv`,
        mimeType: 'text/csv',
        buffer: counterFile(width + 1, 1, 15, `Quiet Lane ${width}`),
      },
    ]);
    await page.getByText('Processed', { exact: true }).nth(1).waitFor({ timeout: 30_000 });
    await page
      .locator('input[type="file"][accept=".jpeg,.jpg,.png"]')
      .setInputFiles([{ name: `kerb-${width}.png`, mimeType: 'image/png', buffer: PNG }]);
    await page.getByRole('img', { name: `kerb-${width}.png` }).waitFor();
    await page
      .locator('input[type="file"][accept=".jpeg,.jpg,.png"]')
      .setInputFiles([{ name: `notes-${width}.gif`, mimeType: 'image/gif', buffer: PNG }]);
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(outputDir, `uploads-${width}.png`), fullPage: true });

    await page.goto(`${app.url}/ui/file-management`);
    const all = page.getByRole('table', { name: 'Files', exact: true });
    await all.waitFor();
    for (const checkbox of (await all.getByRole('checkbox', { name: /^Select / }).all()).slice(
      0,
      2,
    ))
      await checkbox.check();
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(outputDir, `files-${width}.png`), fullPage: true });
    console.log(
      width,
      'errors:',
      errors.filter((error) => !/tile|ERR_NAME_NOT_RESOLVED/.test(error)),
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
