import { afterEach, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  startTestServer,
  type TestServer,
} from '../../../test/testServer.ts';

/** One wrong-password sign-in, from the address the header claims; answers the status. */
async function wrongSignIn(server: TestServer, login: string, forwardedFor?: string) {
  const response = await fetch(`${server.url}/core/api/auth/token/obtain/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ username: login, password: 'not-the-password' }),
  });
  return response.status;
}

describe('sign-in limits', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('are not reset by X-Forwarded-For unless TRUST_PROXY is set', async () => {
    server = await startTestServer({ SIGN_IN_LIMIT_PER_IP: '3', SIGN_IN_LIMIT_PER_ACCOUNT: '100' });
    // Three attempts, each claiming another address, use up the connection's 3.
    const statuses = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      statuses.push(await wrongSignIn(server, `nobody-${address}`, address));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('believe X-Forwarded-For when TRUST_PROXY is set', async () => {
    server = await startTestServer({
      SIGN_IN_LIMIT_PER_IP: '3',
      SIGN_IN_LIMIT_PER_ACCOUNT: '100',
      TRUST_PROXY: 'true',
    });
    // Each address is one client of the proxy, with 3 attempts of its own.
    const statuses = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      statuses.push(await wrongSignIn(server, `nobody-${address}`, address));
    expect(statuses).toEqual([401, 401, 401, 401]);
  });

  it('count the username and the email of one account together', async () => {
    server = await startTestServer({ SIGN_IN_LIMIT_PER_IP: '100', SIGN_IN_LIMIT_PER_ACCOUNT: '3' });
    const org = await createOrg(server);
    const user = await createUser(server, { organisationId: org.id, role: 'org_user' });
    // 2 by username + 1 by email = the account's 3; the 4th, by email in capitals, is refused.
    const statuses = [
      await wrongSignIn(server, user.username),
      await wrongSignIn(server, user.username.toUpperCase()),
      await wrongSignIn(server, user.email),
      await wrongSignIn(server, user.email.toUpperCase()),
    ];
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('are counted once for every API node on the database', async () => {
    server = await startTestServer({ SIGN_IN_LIMIT_PER_IP: '100', SIGN_IN_LIMIT_PER_ACCOUNT: '3' });
    const second = await startTestServer(
      { SIGN_IN_LIMIT_PER_IP: '100', SIGN_IN_LIMIT_PER_ACCOUNT: '3' },
      { nodeOf: server },
    );
    try {
      const org = await createOrg(server);
      const user = await createUser(server, { organisationId: org.id, role: 'org_user' });
      // Behind a proxy the attempts alternate between the nodes: 3 in all, then refused.
      const statuses = [
        await wrongSignIn(server, user.username),
        await wrongSignIn(second, user.username),
        await wrongSignIn(server, user.username),
        await wrongSignIn(second, user.username),
        await wrongSignIn(server, user.username),
      ];
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await second.close();
    }
  });
});
