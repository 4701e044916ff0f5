import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, sites } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  signIn,
  startTestServer,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  type TestServer,
} from './testServer.ts';

type Caller =
  | 'no token'
  | 'expired token'
  | 'tampered token'
  | 'alg none token'
  | "other organisation's org_admin"
  | 'org_user'
  | 'org_admin'
  | 'admin';

const CALLERS: Caller[] = [
  'no token',
  'expired token',
  'tampered token',
  'alg none token',
  "other organisation's org_admin",
  'org_user',
  'org_admin',
  'admin',
];

interface Fixture {
  orgA: string;
  orgAUser: string;
  /** A gateway of organisation A (issue 27). */
  orgAGateway: string;
  /** A site of organisation A, to link road sections to. */
  orgASite: string;
}

interface MatrixRoute {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: (fixture: Fixture) => string;
  /** A fresh body for each call, so that calls do not interfere. */
  body?: (fixture: Fixture, caller: Caller) => unknown;
  /** Expected status for the signed-in callers; every other caller gets 401. */
  expected: Record<"other organisation's org_admin" | 'org_user' | 'org_admin' | 'admin', number>;
}

let counter = 0;

describe('security matrix: every accounts route against every kind of caller', () => {
  let server: TestServer;
  let fixture: Fixture;
  const tokens = new Map<Caller, string | undefined>();

  async function victim(): Promise<string> {
    return (await createUser(server, { organisationId: fixture.orgA, role: 'org_user' })).id;
  }

  const routes: MatrixRoute[] = [
    {
      name: 'GET users/{id} of a colleague in organisation A',
      method: 'GET',
      path: (f) => `/core/api/config/users/${f.orgAUser}`,
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'GET users/ of organisation A',
      method: 'GET',
      path: (f) => `/core/api/config/users/?organisation_id=${f.orgA}`,
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'POST create_user/ in organisation A',
      method: 'POST',
      path: () => '/core/api/config/create_user/',
      body: (f) => {
        counter += 1;
        return {
          username: `matrix-new-${counter}`,
          email: `matrix-new-${counter}@example.test`,
          role: 'org_user',
          organisation_id: f.orgA,
        };
      },
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 201,
        admin: 201,
      },
    },
    {
      name: 'POST delete_user/ of organisation A',
      method: 'POST',
      path: () => '/core/api/config/delete_user/',
      body: async () => ({ user_id: await victim() }),
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 204,
        admin: 204,
      },
    },
    {
      name: 'POST reset_and_resend_password/ of organisation A',
      method: 'POST',
      path: () => '/core/api/config/reset_and_resend_password/',
      body: async () => ({ user_id: await victim() }),
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 204,
        admin: 204,
      },
    },
    {
      name: 'GET groups/',
      method: 'GET',
      path: () => '/core/api/config/groups/',
      expected: {
        "other organisation's org_admin": 200,
        org_user: 403,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'GET organisations/',
      method: 'GET',
      path: () => '/core/api/config/organisations/',
      expected: {
        "other organisation's org_admin": 200,
        org_user: 200,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'POST organisations/',
      method: 'POST',
      path: () => '/core/api/config/organisations/',
      body: () => {
        counter += 1;
        return { name: `Matrix County ${counter}`, max_active_users: 5, max_sites: 50 };
      },
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 403,
        admin: 201,
      },
    },
    {
      name: 'GET organisations/{A}',
      method: 'GET',
      path: (f) => `/core/api/config/organisations/${f.orgA}`,
      expected: {
        "other organisation's org_admin": 403,
        org_user: 200,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'PATCH organisations/{A}',
      method: 'PATCH',
      path: (f) => `/core/api/config/organisations/${f.orgA}`,
      body: () => ({ length_outlier_factor: 20 }),
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'PATCH users/me/',
      method: 'PATCH',
      path: () => '/core/api/config/users/me/',
      body: () => ({ first_name: 'Matrix' }),
      expected: {
        "other organisation's org_admin": 200,
        org_user: 200,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'POST password/change/',
      method: 'POST',
      path: () => '/core/api/config/password/change/',
      body: () => ({ old_password: TEST_PASSWORD, new_password: 'a-fresh-long-passphrase' }),
      expected: {
        "other organisation's org_admin": 200,
        org_user: 200,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'POST rtg_devices/{id}/api_key of a gateway of organisation A',
      method: 'POST',
      path: (f) => `/core/api/config/rtg_devices/${f.orgAGateway}/api_key`,
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 201,
        admin: 201,
      },
    },
    {
      name: 'GET road_sections/ of a site of organisation A',
      method: 'GET',
      path: (f) => `/core/api/config/road_sections/?site_id=${f.orgASite}`,
      expected: {
        "other organisation's org_admin": 403,
        org_user: 200,
        org_admin: 200,
        admin: 200,
      },
    },
    {
      name: 'POST road_sections/ linked to a site of organisation A',
      method: 'POST',
      path: () => '/core/api/config/road_sections/',
      body: (f) => ({
        name: 'Matrix bridge approach',
        site_id: f.orgASite,
        coordinates: [
          [-1.5, 52.5],
          [-1.5, 52.51],
        ],
      }),
      // Platform staff belong to no organisation to keep the section in.
      expected: {
        "other organisation's org_admin": 403,
        org_user: 403,
        org_admin: 201,
        admin: 400,
      },
    },
    {
      name: 'POST /api/page-views',
      method: 'POST',
      path: () => '/api/page-views',
      body: () => ({ path: '/ui/analysis/map' }),
      expected: {
        "other organisation's org_admin": 204,
        org_user: 204,
        org_admin: 204,
        admin: 204,
      },
    },
  ];

  beforeAll(async () => {
    server = await startTestServer();
    const orgA = await createOrg(server);
    const orgB = await createOrg(server);
    const viewerA = await createUser(server, { organisationId: orgA.id, role: 'org_user' });
    const adminA = await createUser(server, { organisationId: orgA.id, role: 'org_admin' });
    const adminB = await createUser(server, { organisationId: orgB.id, role: 'org_admin' });
    const staff = await createUser(server, { organisationId: null, role: 'admin' });
    const colleagueA = await createUser(server, { organisationId: orgA.id, role: 'org_user' });
    const [gateway] = await server.database.db
      .insert(devices)
      .values({ organisationId: orgA.id, kind: 'gateway', serial: 'MATRIX-GW' })
      .returning({ id: devices.id });
    const [site] = await server.database.db
      .insert(sites)
      .values({ ownerOrganisationId: orgA.id, name: 'Matrix Road' })
      .returning({ id: sites.id });
    fixture = {
      orgA: orgA.id,
      orgAUser: colleagueA.id,
      orgAGateway: gateway?.id ?? '',
      orgASite: site?.id ?? '',
    };

    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({ user_id: adminA.id, group: 'org_admin', type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('roadcount')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const viewerToken = (await signIn(server, viewerA.username)).access;
    const [header, payload, signature] = viewerToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const promoted = Buffer.from(JSON.stringify({ ...claims, group: 'admin' })).toString(
      'base64url',
    );
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');

    tokens.set('no token', undefined);
    tokens.set('expired token', expired);
    tokens.set('tampered token', `${header}.${promoted}.${signature}`);
    tokens.set('alg none token', `${none}.${promoted}.`);
    tokens.set("other organisation's org_admin", (await signIn(server, adminB.username)).access);
    tokens.set('org_user', viewerToken);
    tokens.set('org_admin', (await signIn(server, adminA.username)).access);
    tokens.set('admin', (await signIn(server, staff.username)).access);
  });
  afterAll(() => server.close());

  for (const route of routes) {
    it(`${route.name} answers each caller with the exact status`, async () => {
      const answers: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const caller of CALLERS) {
        const token = tokens.get(caller);
        const body = route.body ? await route.body(fixture, caller) : undefined;
        const response = await fetch(`${server.url}${route.path(fixture)}`, {
          method: route.method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        answers[caller] = response.status;
        expected[caller] =
          caller in route.expected ? route.expected[caller as keyof MatrixRoute['expected']] : 401;
      }
      expect(answers).toEqual(expected);
    });
  }

  it("shows another organisation's admin only their own organisation", async () => {
    const response = await fetch(`${server.url}/core/api/config/organisations/`, {
      headers: { authorization: `Bearer ${tokens.get("other organisation's org_admin")}` },
    });
    const organisations = (await response.json()) as { id: string }[];
    expect(organisations).toHaveLength(1);
    expect(organisations.map((organisation) => organisation.id)).not.toContain(fixture.orgA);
  });
});
