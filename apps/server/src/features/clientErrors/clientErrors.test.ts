import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from '../../../test/testServer.ts';

describe('POST /api/client-errors', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('accepts a report from the web app', async () => {
    const response = await fetch(`${server.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x is undefined', path: '/ui/site-list' }),
    });
    expect(response.status).toBe(204);
  });

  it('refuses a report without a message', async () => {
    const { status, body } = await postJson(server, '/api/client-errors', { path: '/ui' });
    expect(status).toBe(400);
    expect(body.details).toEqual(['message: Invalid input: expected string, received undefined']);
  });
});
