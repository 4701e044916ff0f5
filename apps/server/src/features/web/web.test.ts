import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

describe('serving the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers client routes with index.html and a content security policy', async () => {
    for (const path of ['/', '/auth/login', '/ui/analysis/map', '/ui/analysis/site-detail/42']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps API paths and missing assets out of the fallback', async () => {
    for (const path of ['/core/api/unknown/', '/gql/v1/unknown', '/assets/missing-123.js']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('serves files a build added to the web app after the server started', async () => {
    const assets = join(server.config.webDistDir, 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, 'index-rebuilt42.js'), 'console.log("rebuilt");');
    writeFileSync(
      join(server.config.webDistDir, 'index.html'),
      '<!doctype html><title>Roadcount</title><div id="root"></div><script src="/assets/index-rebuilt42.js"></script>',
    );

    const asset = await fetch(`${server.url}/assets/index-rebuilt42.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("rebuilt");');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(`${server.url}/ui/analysis/map`);
    expect(await page.text()).toContain('/assets/index-rebuilt42.js');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the source maps a build adds unpublished', async () => {
    writeFileSync(join(server.config.webDistDir, 'assets', 'index-rebuilt42.js.map'), '{}');
    const response = await fetch(`${server.url}/assets/index-rebuilt42.js.map`);
    expect(response.status).toBe(404);
  });
});
