import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiPost, apiSignIn } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { latestLinkTo } from '../support/outbox.ts';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');

describe('password reset', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await apiSignIn(appUrl, 'admin', ADMIN_PASSWORD);
    await apiPost(appUrl, adminToken, '/core/api/config/create_user/', {
      username: 'field.engineer',
      email: 'field.engineer@example.test',
      first_name: 'Fran',
      role: 'org_user',
    });
    // The invitation sets the first password.
    const invitation = new URL(latestLinkTo(dataDir, 'field.engineer@example.test'));
    const response = await fetch(`${appUrl}/core/api/config/password/reset/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: invitation.searchParams.get('token'),
        password: 'first-pass-for-fran',
      }),
    });
    expect(response.status).toBe(200);
  });
  afterAll(() => browser.close());

  it('works end to end through the emailed link, and the old password stops working', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${appUrl}/auth/login`);
    const [resetTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Lost your password?' }).click(),
    ]);
    await resetTab.waitForURL('**/auth/password/');
    await resetTab.getByLabel('Email').fill('field.engineer@example.test');
    await resetTab.getByRole('button', { name: 'Send reset link' }).click();
    await resetTab.getByText('An email has been sent with reset instructions').waitFor();

    const link = new URL(latestLinkTo(dataDir, 'field.engineer@example.test'));
    await page.goto(`${appUrl}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const submit = page.getByRole('button', { name: 'Set new password' });
    await page.getByLabel('New password').fill('seven77');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('New password').fill('eight888');
    expect(await submit.isDisabled()).toBe(false);
    await page.getByLabel('New password').fill('password');
    await submit.click();
    await page.getByText('This password is one of the most common').waitFor();

    // That attempt used the link up; the next one comes from a new email.
    await page.goto(`${appUrl}/auth/password/`);
    await page.getByLabel('Email').fill('field.engineer@example.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('An email has been sent with reset instructions').waitFor();
    const freshLink = new URL(latestLinkTo(dataDir, 'field.engineer@example.test'));
    expect(freshLink.search).not.toBe(link.search);
    await page.goto(`${appUrl}${freshLink.pathname}${freshLink.search}`);
    await page.getByLabel('New password').fill('tidal-bridge-2031');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is reset').waitFor();
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/auth/login');

    await page.getByLabel('Email/username').fill('field.engineer');
    await page.getByLabel('Password').fill('first-pass-for-fran');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No active account found with the given credentials').waitFor();

    await page.getByLabel('Password').fill('tidal-bridge-2031');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/analysis/map');
    expect(errors.filter((error) => !/status of 40[01]/.test(error))).toEqual([]);
  });
});
