import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startApp, type RunningApp } from '../support/appServer.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

interface StoredTokens {
  access: string;
  refresh: string;
}

describe('the session', () => {
  let browser: Browser;
  let app: RunningApp;
  beforeAll(async () => {
    // Short-lived access tokens make the refresh happen within the test.
    [browser, app] = await Promise.all([
      launchBrowser(),
      startApp({ ACCESS_TOKEN_TTL_SECONDS: '4' }),
    ]);
  });
  afterAll(async () => {
    await browser.close();
    await app.stop();
  });

  it('refreshes the access token before it expires, and signs out once the session is revoked', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Email/username').fill('demo');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/ui/analysis/map');
    const readTokens = () =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('token') ?? 'null') as StoredTokens | null,
      );
    const first = await readTokens();
    expect(first?.access).toBeTruthy();

    await page.waitForFunction(
      (initial) =>
        (JSON.parse(localStorage.getItem('token') ?? '{}') as StoredTokens).access !== initial,
      first?.access,
      { timeout: 8000 },
    );
    const second = await readTokens();
    expect(second?.refresh).not.toBe(first?.refresh);
    expect(new URL(page.url()).pathname).toBe('/ui/analysis/map');

    // Revoke the session from elsewhere (as a password change would): the next refresh fails.
    const logout = await fetch(`${app.url}/core/api/auth/logout/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: second?.refresh }),
    });
    expect(logout.status).toBe(204);
    await page.waitForURL('**/auth/login', { timeout: 10_000 });
    expect(await readTokens()).toBeNull();
  });
});
