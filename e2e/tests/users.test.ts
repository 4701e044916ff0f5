import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage, signIn } from '../support/browser.ts';
import { latestLinkTo } from '../support/outbox.ts';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');

describe('users screen and the route guard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('keeps a viewer out of the users and organisation settings screens, in the app and on the server', async () => {
    const { page } = await newPage(browser);
    await signIn(page, appUrl, 'demo', DEMO_PASSWORD);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Analysis' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Admin Tools' }).count()).toBe(0);
    for (const path of ['/ui/admin-tools/users', '/ui/admin-tools/organisation']) {
      await page.goto(`${appUrl}${path}`);
      await page.waitForURL('**/ui/analysis/map');
    }
    const status = await page.evaluate(async () => {
      const access = (JSON.parse(localStorage.getItem('token') ?? '{}') as { access?: string })
        .access;
      const response = await fetch('/core/api/config/users/', {
        headers: { authorization: `Bearer ${access}` },
      });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('lets the admin create a user, who signs in after choosing a password', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, appUrl, 'admin', ADMIN_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Admin Tools' })
      .click();
    await page.waitForURL('**/ui/admin-tools/users');
    await page.getByRole('cell', { name: 'demo', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('survey.lead');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Wrong email format, or the email is already taken').waitFor();
    await dialog.getByLabel('Email').fill('survey.lead@example.test');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: 'survey.lead', exact: true }).waitFor();

    const invitation = new URL(latestLinkTo(dataDir, 'survey.lead@example.test'));
    const newcomer = await newPage(browser);
    await newcomer.page.goto(`${appUrl}${invitation.pathname}${invitation.search}`);
    await newcomer.page.getByLabel('New password').fill('lighthouse-cove-19');
    await newcomer.page.getByRole('button', { name: 'Set new password' }).click();
    await newcomer.page.getByText('Your password is reset').waitFor();
    await signIn(newcomer.page, appUrl, 'survey.lead', 'lighthouse-cove-19');
    expect(errors).toEqual([]);
  });
});
