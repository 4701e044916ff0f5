import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

describe('what the server shows without a session', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // A web build with a script and its source map, as `vite build` leaves them.
    const dist = mkdtempSync(join(tmpdir(), 'roadcount-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Roadcount</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    writeFileSync(
      join(dist, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sources":["secret.ts"]}',
    );
    server = await startTestServer({ WEB_DIST_DIR: dist });
    const org = await createOrg(server);
    const user = await createUser(server, { organisationId: org.id, role: 'org_user' });
    token = (await signIn(server, user.username)).access;
  });
  afterAll(() => server.close());

  it('describes the schema to signed-in users only, even a document already asked', async () => {
    const signedIn = await graphql(server, getIntrospectionQuery(), { token });
    expect(signedIn.body.data).toHaveProperty('__schema');
    // Signing in is REST's: without a token, no GraphQL operation at all, the schema's neither.
    for (const query of [getIntrospectionQuery(), '{ __type(name: "Query") { name } }']) {
      const { status, body } = await graphql(server, query);
      expect(status).toBe(401);
      expect(body.errors?.[0]?.message).toBe('401 Unauthorized');
    }
  });

  it('takes ten error reports a minute from one address, each at most 16 KB', async () => {
    const report = (body: unknown) =>
      fetch(`${server.url}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // 20,000 characters of stack alone pass 16 × 1024 = 16,384 bytes.
    expect((await report({ message: 'big', stack: 'x'.repeat(20_000) })).status).toBe(413);
    const statuses = [];
    for (let index = 1; index <= 11; index += 1)
      statuses.push((await report({ message: `error ${index}` })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(204), 429]);
  });

  it('does not publish the web build’s source maps', async () => {
    expect((await fetch(`${server.url}/assets/index-abc123.js`)).status).toBe(200);
    const map = await fetch(`${server.url}/assets/index-abc123.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });

  it('lets pages open websockets to this host only', async () => {
    const policy = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    const connectSrc = policy.split(';').find((part) => part.trim().startsWith('connect-src'));
    // PUBLIC_URL defaults to http://localhost:3000: its websocket origin is ws://localhost:3000.
    expect(connectSrc?.trim().split(/\s+/)).toEqual([
      'connect-src',
      "'self'",
      'ws://localhost:3000',
      'https://tile.openstreetmap.org',
      'https://server.arcgisonline.com',
    ]);
  });
});
