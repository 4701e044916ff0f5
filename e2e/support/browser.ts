import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { apiGraphql, apiSignIn } from './api.ts';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A 1x1 transparent PNG. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

/** A fresh page (own storage) at the given width, failing the test on any page error. */
export async function newPage(
  browser: Browser,
  width = 1280,
  /** The app's service worker runs only for tests about it: elsewhere it would keep requests from the routes below. */
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'en-GB',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // No internet here: the map's base tiles come back blank instead of failing to load.
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** Whether a sign-in leaves the guided tour to start by itself (tests of the tour) or not. */
export interface SignInOptions {
  tour?: 'starts' | 'seen';
}

/**
 * The guided tour starts by itself on a user's first sign-in: tests about other screens sign in
 * as a user who has seen it, as through the API its first sign-in and a closed tour would leave it.
 */
export async function markTourSeen(appUrl: string, username: string, password: string) {
  const token = await apiSignIn(appUrl, username, password);
  const { me } = await apiGraphql<{
    me: { id: string; group: string; preferences: Record<string, unknown> };
  }>(appUrl, token, '{ me { id group preferences } }');
  if (me.preferences.showTour !== true || me.preferences.tourShown === true) return;
  await apiGraphql(
    appUrl,
    token,
    'mutation($id: ID!, $preference: JSON!) { update_user_preference(userId: $id, preference: $preference) { id } }',
    { id: me.id, preference: { tourShown: true, showTour: false, tourRole: me.group } },
  );
}

/** A fresh page signed in through the login form, as a person would, and on the map. */
export async function signedInPage(
  browser: Browser,
  appUrl: string,
  username: string,
  password: string,
  width = 1280,
  options: SignInOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage(browser, width);
  await signIn(opened.page, appUrl, username, password, options);
  return opened;
}

/** Signs a page in through the login form and waits for the map it lands on. */
export async function signIn(
  page: Page,
  appUrl: string,
  username: string,
  password: string,
  options: SignInOptions = {},
) {
  if (options.tour !== 'starts') await markTourSeen(appUrl, username, password);
  await page.goto(`${appUrl}/auth/login`);
  await page.getByLabel('Email/username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/ui/analysis/map');
}

/**
 * Types a day into a date field as a person does: a click on its first part (the day, in en-GB)
 * and the digits of the day, month and year; given as YYYY-MM-DD.
 */
export async function fillDate(scope: Page | Locator, label: string, isoDay: string) {
  const [year, month, day] = isoDay.split('-');
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${day}${month}${year}`);
}
