import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const base = 'http://localhost:3300';
const tokens = await (await fetch(`${base}/core/api/auth/token/obtain/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo-password-1' }) })).json();
for (const width of [375, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 }, locale: 'en-GB' });
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (r) => r.abort());
  const page = await context.newPage();
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(JSON.stringify(tokens))})`);
  for (const [name, path] of process.argv.slice(2).map((a) => a.split('='))) {
    await page.goto(base + path);
    await page.waitForTimeout(6000);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png` });
  }
  await context.close();
}
await browser.close();
