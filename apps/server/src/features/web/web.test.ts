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
});
