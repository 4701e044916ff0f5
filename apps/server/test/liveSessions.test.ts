import { createClient, type Client } from 'graphql-ws';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  TEST_JWT_SECRET,
  type TestServer,
} from './testServer.ts';

const SUBSCRIPTION = 'subscription { task_tracking_updated { message } }';
const INSERT = `mutation($message: String) {
  insert_task_tracking(function_name: "refresh_site_rollups", message: $message) { id }
}`;

/** A subscriber that records the messages it hears and the code its socket closed with. */
function subscriber(server: TestServer, token: string) {
  const heard: string[] = [];
  const state: { closeCode?: number; connected: boolean } = { connected: false };
  const client: Client = createClient({
    url: `${server.url.replace('http', 'ws')}/gql/v1/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { headers: { Authorization: `Bearer ${token}` } },
    retryAttempts: 0,
    lazy: true,
  });
  client.on('connected', () => (state.connected = true));
  client.on('closed', (event) => (state.closeCode = (event as { code: number }).code));
  client.subscribe(
    { query: SUBSCRIPTION },
    {
      next: (value) =>
        heard.push((value.data?.task_tracking_updated as { message: string }).message),
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return { heard, state, dispose: () => client.dispose() };
}

describe('subscriptions end with their user’s right to them', () => {
  let server: TestServer;
  let adminToken: string;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer();
    orgId = (await createOrg(server)).id;
    const admin = await createUser(server, { organisationId: orgId, role: 'org_admin' });
    adminToken = (await signIn(server, admin.username)).access;
  });
  afterAll(() => server.close());

  const insert = (message: string) =>
    graphql(server, INSERT, { token: adminToken, variables: { message } });

  it("closes a deleted user's socket, which hears nothing more", async () => {
    const user = await createUser(server, { organisationId: orgId, role: 'org_user' });
    const live = subscriber(server, (await signIn(server, user.username)).access);
    try {
      await pollUntil(
        async () => (await insert('before'), live.heard.length),
        (count) => count > 0,
      );
      const deletion = await fetch(`${server.url}/core/api/config/delete_user/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ user_id: user.id }),
      });
      expect(deletion.status).toBe(204);
      // graphql-ws's Forbidden: the client must not reconnect with the token it has.
      expect(
        await pollUntil(
          () => Promise.resolve(live.state.closeCode),
          (code) => code !== undefined,
        ),
      ).toBe(4403);
      // The admin, still subscribed, hears "after"; by then the deleted user would have too.
      const witness = subscriber(server, adminToken);
      try {
        await pollUntil(
          async () => (await insert('after'), witness.heard.length),
          (count) => count > 0,
        );
        expect(witness.heard).toContain('after');
        expect(live.heard).not.toContain('after');
      } finally {
        await witness.dispose();
      }
    } finally {
      await live.dispose();
    }
  });

  it('closes a socket when its token expires, with the code on which the web reconnects', async () => {
    const user = await createUser(server, { organisationId: orgId, role: 'org_user' });
    const shortLived = await new SignJWT({ user_id: user.id, group: 'org_user', type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('roadcount')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const live = subscriber(server, shortLived);
    try {
      await pollUntil(
        async () => (await insert('live'), live.heard.length),
        (count) => count > 0,
      );
      expect(
        await pollUntil(
          () => Promise.resolve(live.state.closeCode),
          (code) => code !== undefined,
        ),
      ).toBe(4205);
    } finally {
      await live.dispose();
    }
  });

  /** A raw graphql-ws socket: what it was sent, and the code and reason it closed with. */
  async function rawSocket(frames: object[]) {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/gql/v1/graphql`, [
      'graphql-transport-ws',
    ]);
    const received: string[] = [];
    socket.on('message', (data: Buffer) => received.push(data.toString()));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    for (const frame of frames) socket.send(JSON.stringify(frame));
    return { received, closed: await closed };
  }

  it('closes a refused socket as graphql-ws says: 4403 Forbidden, and nothing else', async () => {
    const refused = await rawSocket([
      { type: 'connection_init', payload: { headers: { Authorization: 'Bearer not-a-token' } } },
    ]);
    expect(refused).toEqual({ received: [], closed: { code: 4403, reason: 'Forbidden' } });
    const early = await rawSocket([
      { id: '1', type: 'subscribe', payload: { query: SUBSCRIPTION } },
    ]);
    expect(early).toEqual({ received: [], closed: { code: 4401, reason: 'Unauthorized' } });
  });
});
