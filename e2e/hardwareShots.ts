// Screenshots of the Roadstuds, Gateways and Hardware screens and of mapping an array to a lane
// in the site's edit dialog, as an organisation admin of the demo organisation:
// npx tsx e2e/hardwareShots.ts DIR
import { join } from 'node:path';
import { apiPost, apiSignIn } from './support/api.ts';
import { ADMIN_PASSWORD as E2E_ADMIN_PASSWORD } from './support/appServer.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { latestLinkTo } from './support/outbox.ts';
import { startShots } from './support/shots.ts';

// An app already running (APP_URL, its APP_DATA_DIR and ADMIN_PASSWORD), or one started here.
const running = process.env.APP_URL
  ? {
      outputDir: process.argv[2] ?? 'e2e/screenshots',
      app: {
        url: process.env.APP_URL,
        dataDir: process.env.APP_DATA_DIR ?? '',
        stop: () => Promise.resolve(),
      },
      browser: await launchBrowser(),
    }
  : await startShots();
const { outputDir, app, browser } = running;
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? E2E_ADMIN_PASSWORD;
try {
  // An admin of the demo organisation, invited by platform staff; the invitation sets the password.
  const staff = await apiSignIn(app.url, 'admin', ADMIN_PASSWORD);
  const organisations = (await (
    await fetch(`${app.url}/core/api/config/organisations/`, {
      headers: { authorization: `Bearer ${staff}` },
    })
  ).json()) as { id: string; name: string }[];
  const demoOrganisation = organisations.find((organisation) => /demo/i.test(organisation.name));
  // A second run against the same app finds the admin already invited.
  try {
    await apiPost(app.url, staff, '/core/api/config/create_user/', {
      username: 'hardware.admin',
      email: 'hardware.admin@example.test',
      first_name: 'Hana',
      role: 'org_admin',
      organisation_id: demoOrganisation?.id,
    });
    const invitation = new URL(latestLinkTo(app.dataDir, 'hardware.admin@example.test'));
    await fetch(`${app.url}/core/api/config/password/reset/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: invitation.searchParams.get('token'),
        password: 'hardware-pass-1',
      }),
    });
  } catch {
    // Invited before.
  }

  for (const width of [1440, 375]) {
    const { page, errors } = await newPage(browser, width);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('hardware.admin');
    await page.getByLabel('Password').fill('hardware-pass-1');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/ui/analysis/map');

    await page.goto(`${app.url}/ui/gateways`);
    await page.getByRole('heading', { name: 'Gateways' }).waitFor();
    await page
      .getByRole('table', { name: 'Gateways' })
      .or(page.getByText('No gateways are registered yet.'))
      .waitFor();
    const registered = (await page.getByText('GW-1001').count()) > 0;
    if (width === 1440 && !registered) {
      await page.getByRole('button', { name: 'Register gateway' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Serial number').fill('GW-1001');
      await dialog.getByLabel('Model').fill('RTG-4');
      await dialog.getByLabel('Latitude').fill('51.4545');
      await dialog.getByLabel('Longitude').fill('-2.5879');
      await page.screenshot({ path: join(outputDir, `gateway-dialog-${width}.png`) });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.goto(`${app.url}/ui/roadstuds`);
      for (const [index, serial] of ['RS-2001', 'RS-2002', 'RS-2003'].entries()) {
        await page.getByRole('button', { name: 'Register roadstud' }).click();
        const stud = page.getByRole('dialog');
        await stud.getByLabel('Serial number').fill(serial);
        await stud.getByLabel('Model').fill('MAG-2');
        await stud.getByRole('combobox', { name: 'Gateway' }).click();
        await page.getByRole('option', { name: 'GW-1001' }).click();
        await stud.getByLabel('Latitude').fill(String(51.4546 + index * 0.00004));
        await stud.getByLabel('Longitude').fill(String(-2.5878));
        if (index === 2)
          await page.screenshot({ path: join(outputDir, `roadstud-dialog-${width}.png`) });
        await stud.getByRole('button', { name: 'Save' }).click();
        await stud.waitFor({ state: 'detached' });
      }
    }
    if (width === 1440) {
      await page.goto(`${app.url}/ui/hardware`);
      await page.getByRole('button', { name: 'New array' }).click();
      const array = page.getByRole('dialog');
      await array.getByLabel(/^Name/).fill('Northbound lane 1');
      await array.getByLabel('RS-2001').check();
      await array.getByLabel('RS-2002').check();
      await page.screenshot({ path: join(outputDir, `array-dialog-${width}.png`) });
      await array.getByRole('button', { name: 'Save' }).click();
      await array.waitFor({ state: 'detached' });
    }
    await page.goto(`${app.url}/ui/roadstuds`);
    await page.getByRole('table', { name: 'Roadstuds' }).getByText('RS-2003').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `roadstuds-${width}.png`), fullPage: true });
    await page.goto(`${app.url}/ui/gateways`);
    await page.getByRole('table', { name: 'Gateways' }).getByText('GW-1001').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `gateways-${width}.png`), fullPage: true });

    // Map the array to the first lane of a site, from the site's edit dialog.
    await page.goto(`${app.url}/ui/site-list`);
    const table = page.getByRole('table', { name: 'Sites' });
    await table.getByRole('row').nth(1).waitFor();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const arrays = dialog.getByTestId('site-lane-arrays');
    await arrays.waitFor();
    await page.waitForTimeout(1000);
    if (width === 1440 && (await arrays.getByRole('combobox').count()) > 0) {
      await arrays.getByRole('combobox').first().click();
      await page.getByRole('option', { name: 'Northbound lane 1' }).click();
      await page.waitForTimeout(800);
    }
    await arrays.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(outputDir, `site-edit-arrays-${width}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${app.url}/ui/hardware`);
    await page.getByRole('table', { name: 'Device arrays' }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outputDir, `hardware-${width}.png`), fullPage: true });
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
