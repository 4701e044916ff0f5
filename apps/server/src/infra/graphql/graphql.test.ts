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
  type TestServer,
} from '../../../test/testServer.ts';

const SUBSCRIPTION =
  'subscription { task_tracking_updated { function_name state message user_id } }';
const INSERT = `mutation($name: String!, $message: String) {
  insert_task_tracking(function_name: $name, message: $message) { id state function_name }
}`;

function wsClient(
  server: TestServer,
  connectionParams: Record<string, unknown> | undefined,
  path = '/gql/v1/graphql',
): Client {
  return createClient({
    url: `${server.url.replace('http', 'ws')}${path}`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes and resolves with the first event, or rejects with the close or error. */
function firstEvent(client: Client, onSubscribed: () => Promise<void>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const unsubscribeConnected = client.on('connected', () => {
      // Give the server a moment to register the subscription before publishing.
      setTimeout(() => {
        onSubscribed().catch(reject);
      }, 100);
    });
    const dispose = client.subscribe(
      { query: SUBSCRIPTION },
      {
        next: (value) => {
          unsubscribeConnected();
          dispose();
          resolve(value);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => reject(new Error('subscription completed without an event')),
      },
    );
  });
}

describe('GraphQL', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenAOther: string;
  let tokenB: string;
  let userA: string;

  beforeAll(async () => {
    server = await startTestServer();
    const orgA = await createOrg(server);
    const orgB = await createOrg(server);
    const a = await createUser(server, { organisationId: orgA.id, role: 'org_admin' });
    const aOther = await createUser(server, { organisationId: orgA.id, role: 'org_user' });
    const b = await createUser(server, { organisationId: orgB.id, role: 'org_admin' });
    userA = a.id;
    tokenA = (await signIn(server, a.username)).access;
    tokenAOther = (await signIn(server, aOther.username)).access;
    tokenB = (await signIn(server, b.username)).access;
  });
  afterAll(() => server.close());

  it('answers `me` with a bearer token, with or without the final slash', async () => {
    for (const path of ['/gql/v1/graphql/', '/gql/v1/graphql']) {
      const { status, body } = await graphql(
        server,
        '{ me { id group is_org_admin organisation { id } } }',
        {
          token: tokenA,
          path,
        },
      );
      expect(status).toBe(200);
      expect(body.data?.me).toMatchObject({ id: userA, group: 'org_admin', is_org_admin: true });
    }
  });

  it('refuses `me` without a token, with a tampered one and with alg none', async () => {
    const [header, payload] = tokenA.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    forged.group = 'admin';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${tokenA.split('.')[2]}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const wrongKey = await new SignJWT({ user_id: userA, group: 'org_admin', type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('roadcount')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough!!'));
    for (const token of [undefined, tampered, unsigned, wrongKey]) {
      const { status, body } = await graphql(server, '{ me { id } }', token ? { token } : {});
      expect(status).toBe(401);
      expect(body.data).toBeNull();
    }
  });

  it('delivers a task event to a subscriber of the same organisation', async () => {
    const client = wsClient(server, { headers: { Authorization: `Bearer ${tokenAOther}` } });
    try {
      const event = await firstEvent(client, async () => {
        const inserted = await graphql(server, INSERT, {
          token: tokenA,
          variables: { name: 'refresh_site_rollups', message: 'nightly' },
        });
        expect(inserted.body.data?.insert_task_tracking).toMatchObject({ state: 'QD' });
      });
      expect(event).toEqual({
        data: {
          task_tracking_updated: {
            function_name: 'refresh_site_rollups',
            state: 'QD',
            message: 'nightly',
            user_id: userA,
          },
        },
      });
    } finally {
      await client.dispose();
    }
  });

  it('keeps another organisation’s events from a subscriber', async () => {
    const received: { message: string }[] = [];
    const client = wsClient(server, { authorization: `Bearer ${tokenB}` }, '/gql/v1/graphql/');
    const insert = (token: string, message: string) =>
      graphql(server, INSERT, { token, variables: { name: 'refresh_site_rollups', message } });
    const heard = (message: string) => received.some((event) => event.message === message);
    try {
      client.subscribe(
        { query: SUBSCRIPTION },
        {
          next: (value) =>
            received.push(
              (value.data as { task_tracking_updated: { message: string } }).task_tracking_updated,
            ),
          error: () => undefined,
          complete: () => undefined,
        },
      );
      // B's own records until one is heard: the subscription is live.
      await pollUntil(
        async () => (await insert(tokenB, 'B listening'), heard('B listening')),
        Boolean,
      );
      await insert(tokenA, 'A secret');
      await insert(tokenB, 'B after');
      // Events reach a subscriber in order: had A's been sent, it would be here before B's.
      await pollUntil(() => Promise.resolve(heard('B after')), Boolean);
      expect(heard('B after')).toBe(true);
      expect(heard('A secret')).toBe(false);
    } finally {
      await client.dispose();
    }
  });

  it('refuses a subscription without a token', async () => {
    const client = wsClient(server, undefined);
    try {
      await expect(firstEvent(client, () => Promise.resolve())).rejects.toBeDefined();
    } finally {
      await client.dispose();
    }
  });

  it('refuses an unknown task function with a message naming it', async () => {
    const { body } = await graphql(server, INSERT, {
      token: tokenA,
      variables: { name: 'make_coffee' },
    });
    expect(body.errors?.[0]?.message).toBe(
      "Refused, nothing saved: function_name: 'make_coffee' is not a kind of task",
    );
  });

  it('stores your own preferences and refuses another user’s', async () => {
    const mutation = `mutation($userId: ID!, $preference: JSON!) {
      update_user_preference(userId: $userId, preference: $preference) { preferences }
    }`;
    const own = await graphql(server, mutation, {
      token: tokenA,
      variables: { userId: userA, preference: { tourShown: true, locale: 'fr' } },
    });
    // The first sign-in stored showTour (issue 37: the tour starts on a first sign-in).
    expect(own.body.data?.update_user_preference).toEqual({
      preferences: { showTour: true, tourShown: true, locale: 'fr' },
    });
    const again = await graphql(server, mutation, {
      token: tokenA,
      variables: { userId: userA, preference: { hidden: { mapNotes: true } } },
    });
    expect(again.body.data?.update_user_preference).toEqual({
      preferences: { showTour: true, tourShown: true, locale: 'fr', hidden: { mapNotes: true } },
    });
    const foreign = await graphql(server, mutation, {
      token: tokenB,
      variables: { userId: userA, preference: { tourShown: false } },
    });
    expect(foreign.status).toBe(403);
  });

  it('stores the filterset on the profile, by its id, with its rules', async () => {
    const { body } = await graphql(
      server,
      '{ filterset { id velocity_min velocity_max headway_min } }',
      { token: tokenA },
    );
    const filterset = body.data?.filterset as {
      id: string;
      velocity_min: number;
      velocity_max: number;
      headway_min: number;
    };
    expect(filterset).toEqual({
      id: userA,
      velocity_min: 1 / 3.6,
      velocity_max: 50,
      headway_min: 0,
    });
    const update = `mutation($id: ID!, $min: Float, $max: Float, $headway: Float) {
      update_filterset(id: $id, velocity_min: $min, velocity_max: $max, headway_min: $headway) { velocity_min velocity_max headway_min }
    }`;
    const saved = await graphql(server, update, {
      token: tokenA,
      variables: { id: userA, min: 5, max: 30, headway: 2 },
    });
    expect(saved.body.data?.update_filterset).toEqual({
      velocity_min: 5,
      velocity_max: 30,
      headway_min: 2,
    });
    const again = await graphql(server, '{ filterset { velocity_max } }', { token: tokenA });
    expect(again.body.data?.filterset).toEqual({ velocity_max: 30 });
    const inverted = await graphql(server, update, {
      token: tokenA,
      variables: { id: userA, min: 40 },
    });
    expect(inverted.status).toBe(400);
    const foreign = await graphql(server, update, {
      token: tokenB,
      variables: { id: userA, max: 20 },
    });
    expect(foreign.status).toBe(403);
  });
});
