import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

const appUrl = inject('appUrl');

describe('the public area and the app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends / and unknown paths to the sign-in page', async () => {
    const { page, errors } = await newPage(browser);
    for (const path of ['/', '/no/such/page', '/ui/analysis/map']) {
      await page.goto(`${appUrl}${path}`);
      await page.waitForURL('**/auth/login');
      await page.getByLabel('Email/username').waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('shows the not-found page for an unknown /auth path, with a way back', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${appUrl}/auth/anything`);
    await page.getByText("Sorry... you hit a link that doesn't exist").waitFor();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL('**/auth/login');
  });

  it('renders the privacy policy and the terms, whose Return goes back', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${appUrl}/privacy/`);
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    await page.getByText('Last modified: October 2018').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await page.getByText('Data is kept 12 months after suspension or cancellation.').waitFor();
    await page.getByRole('button', { name: 'Return' }).click();
    await page.waitForURL('**/privacy/');
    expect(errors).toEqual([]);
  });

  it('switches the shell to French', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${appUrl}/auth/login`);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Se connecter à Roadcount' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.reload();
    await page.getByRole('heading', { name: 'Se connecter à Roadcount' }).waitFor();
  });

  it('refuses a wrong password with the error text', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${appUrl}/auth/login`);
    const submit = page.getByRole('button', { name: 'Sign in' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email/username').fill('demo');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password').fill('not-the-password');
    await submit.click();
    await page.getByText('No active account found with the given credentials').waitFor();
  });

  it('signs the demo account in, keeps the page it came from, and signs out', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${appUrl}/ui/site-list`);
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Email/username').fill('demo');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/site-list');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    for (const entry of ['Analysis', 'Sites', 'Insights', 'Definitions', 'Help']) {
      await navigation.getByRole('link', { name: entry }).waitFor();
    }
    await navigation.getByRole('link', { name: 'Analysis' }).click();
    await page.waitForURL('**/ui/analysis/map');
    await page.getByRole('region', { name: 'Legend' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${appUrl}/ui/analysis/map`);
    await page.waitForURL('**/auth/login');
    expect(errors).toEqual([]);
  });

  it("says 'You've lost connection' at the bottom left when offline", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${appUrl}/auth/login`);
    await page.context().setOffline(true);
    const notice = page.getByText("You've lost connection");
    await notice.waitFor();
    const box = await notice.boundingBox();
    expect(box?.x ?? 9999).toBeLessThan(200);
    expect(box?.y ?? 0).toBeGreaterThan(700);
    await page.context().setOffline(false);
    await notice.waitFor({ state: 'hidden' });
  });
});
