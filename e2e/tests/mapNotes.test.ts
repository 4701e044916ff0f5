import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, signedInPage } from '../support/browser.ts';

const appUrl = inject('appUrl');
const NOTE = 'Resurfacing from 3 March: expect lower speeds';

async function signInToMap(browser: Browser, username: string, password: string) {
  const { page, errors } = await signedInPage(browser, appUrl, username, password, 1440);
  await page.locator('[data-testid="site-map"] canvas').waitFor();
  return { page, errors };
}

/** A point on the map canvas, away from the controls drawn over it. */
async function mapPoint(page: Page) {
  const box = await page.locator('[data-testid="site-map"] canvas').boundingBox();
  if (!box) throw new Error('the map has no canvas');
  return { x: box.x + box.width * 0.35, y: box.y + box.height * 0.6 };
}

describe('map notes', () => {
  let browser: Browser;
  beforeAll(async () => {
    // The app under test is running: make sure both demo accounts can sign in.
    await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets an org admin add a note at a point on the map and see it there', async () => {
    const { page, errors } = await signInToMap(browser, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Click on the map where the note belongs.').waitFor();
    const point = await mapPoint(page);
    await page.mouse.click(point.x, point.y);

    const dialog = page.getByRole('dialog', { name: 'New map note' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Note text must not be empty').waitFor();
    await dialog.getByLabel('Note').fill(NOTE);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The saved note opens for viewing: its author shows, not the edit form.
    const saved = page.getByRole('dialog', { name: 'Map note', exact: true });
    await saved.getByText('Added by admin', { exact: false }).waitFor();
    expect(await saved.textContent()).toContain(NOTE);
    await saved.getByRole('button', { name: 'Close' }).click();
    await saved.waitFor({ state: 'hidden' });

    const list = page.getByRole('list', { name: 'Map notes by group' });
    await list.getByText(NOTE).waitFor();
    // The notes layer draws it where it was placed: a click there opens it.
    await page.waitForTimeout(500);
    await page.mouse.click(point.x, point.y);
    await page.getByRole('dialog', { name: 'Map note' }).getByText(NOTE).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the note to an org user, who gets no add-note control', async () => {
    const { page, errors } = await signInToMap(browser, 'demo', DEMO_PASSWORD);
    const list = page.getByRole('list', { name: 'Map notes by group' });
    await list.getByText(NOTE).waitFor();
    expect(await page.getByRole('button', { name: 'Add note' }).count()).toBe(0);
    await list.getByText(NOTE).click();
    const dialog = page.getByRole('dialog', { name: 'Map note' });
    await dialog.getByText(NOTE).waitFor();
    expect(await dialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
