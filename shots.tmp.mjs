import { chromium } from 'playwright-core';
const url = 'http://127.0.0.1:4270';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const width of [1440, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email/username').fill('admin');
  await page.getByLabel('Password').fill('shots-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/ui/analysis/map');
  await page.goto(`${url}/ui/hardware`);
  await page.getByRole('heading', { name: 'Road sections' }).waitFor();
  if (width === 1440) {
    await page.getByRole('button', { name: 'New road section' }).click();
    const dialog = page.getByRole('dialog', { name: 'New road section' });
    await dialog.getByLabel(/^Name/).fill('A38 Bedminster Parade');
    await dialog.getByLabel('Description').fill('Northbound, bridge to roundabout');
    await dialog.getByLabel(/^Points/).fill('51.4421, -2.5971\n51.4436, -2.5952\n51.4452 -2.5931');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  await page.getByRole('table', { name: 'Road sections' }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/work/shots/fix-27/road-sections-list-${width}.png`, fullPage: false });
  await page.getByRole('button', { name: 'Edit A38 Bedminster Parade' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit A38 Bedminster Parade' });
  await edit.waitFor();
  await edit.getByLabel(/^Points/).fill('51.4421, -2.5971\nbridge');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.getByText(/Line 2 is not a point/).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/work/shots/fix-27/road-section-dialog-error-${width}.png` });
  await edit.getByRole('button', { name: 'Delete' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/work/shots/fix-27/road-section-dialog-delete-${width}.png` });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
}
await browser.close();
