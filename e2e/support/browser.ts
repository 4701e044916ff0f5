import { chromium, type Browser, type Page } from 'playwright-core';

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
