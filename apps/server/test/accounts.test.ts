import { PERMISSIONS } from '@roadcount/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, pageViews } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  postJson,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from './testServer.ts';

/** The link of the newest .eml in the outbox addressed to `email`. */
function outboxLink(server: TestServer, email: string): string {
  const outbox = join(server.config.dataDir, 'outbox');
  const files = readdirSync(outbox)
    .filter((name) => name.endsWith(`${email}.eml`))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`no mail to ${email} in ${outbox}`);
  const text = readFileSync(join(outbox, newest), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /http:\/\/\S+\/auth\/password\?token=[\w-]+/.exec(text);
  if (!match) throw new Error(`no reset link in ${newest}`);
  return match[0];
}

async function authed(
  server: TestServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
  };
}

describe('password reset through the emailed link', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'http://roadcount.test' });
  });
  afterAll(() => server.close());

  it('sets a new password once; the old one stops working and sessions end', async () => {
    const organisation = await createOrg(server);
    const user = await createUser(server, { organisationId: organisation.id, role: 'org_user' });
    const session = await signIn(server, user.username);

    const requested = await postJson(server, '/core/api/config/password/reset/email/', {
      email: user.email,
    });
    const unknown = await postJson(server, '/core/api/config/password/reset/email/', {
      email: 'nobody@example.test',
    });
    expect(requested).toEqual(unknown);
    expect(requested.status).toBe(200);

    const link = outboxLink(server, user.email);
    expect(link.startsWith('http://roadcount.test/auth/password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token');

    const common = await postJson(server, '/core/api/config/password/reset/confirm/', {
      token,
      password: 'password1',
    });
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/most common/);

    const short = await postJson(server, '/core/api/config/password/reset/confirm/', {
      token,
      password: 'k7#q',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).not.toBe(
      'This link is invalid or has expired. Please ask for a new one.',
    );

    // The refused passwords left the link usable: the next, acceptable one is taken.
    const confirmed = await postJson(server, '/core/api/config/password/reset/confirm/', {
      token,
      password: 'granite-ridge-47',
    });
    expect(confirmed).toEqual({ status: 200, body: { detail: 'Your password is reset' } });

    const oldPassword = await postJson(server, '/core/api/auth/token/obtain/', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(oldPassword.status).toBe(401);
    await expect(signIn(server, user.username, 'granite-ridge-47')).resolves.toHaveProperty(
      'access',
    );

    const reused = await postJson(server, '/core/api/config/password/reset/confirm/', {
      token,
      password: 'another-granite-48',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(
      'This link is invalid or has expired. Please ask for a new one.',
    );

    const oldSession = await postJson(server, '/core/api/auth/token/refresh/', {
      refresh: session.refresh,
    });
    expect(oldSession.status).toBe(401);
  });

  it('ends the session at logout', async () => {
    const organisation = await createOrg(server);
    const user = await createUser(server, { organisationId: organisation.id, role: 'org_user' });
    const session = await signIn(server, user.username);
    const logout = await fetch(`${server.url}/core/api/auth/logout/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: session.refresh }),
    });
    expect(logout.status).toBe(204);
    const refreshed = await postJson(server, '/core/api/auth/token/refresh/', {
      refresh: session.refresh,
    });
    expect(refreshed.status).toBe(401);
  });
});

describe('rate limits on sign-in', () => {
  let server: TestServer;
  /** The app's clock runs with the machine's, moved on when the test says time has passed. */
  let skippedMs = 0;
  beforeAll(async () => {
    server = await startTestServer(
      {
        SIGN_IN_LIMIT_PER_ACCOUNT: '5',
        SIGN_IN_LIMIT_PER_IP: '8',
        RATE_LIMIT_WINDOW_SECONDS: '60',
      },
      { clock: () => new Date(Date.now() + skippedMs) },
    );
  });
  afterAll(() => server.close());

  it('stays limited under a burst of wrong passwords, then recovers', async () => {
    const organisation = await createOrg(server);
    const user = await createUser(server, { organisationId: organisation.id, role: 'org_user' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { status } = await postJson(server, '/core/api/auth/token/obtain/', {
        username: user.username,
        password: `wrong-${attempt}`,
      });
      statuses.push(status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429, 429, 429]);

    const blocked = await postJson(server, '/core/api/auth/token/obtain/', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
    );

    // The minute's window passes.
    skippedMs += 60_001;
    const recovered = await postJson(server, '/core/api/auth/token/obtain/', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(recovered.status).toBe(200);
  });
});

describe('user management', () => {
  let server: TestServer;
  let organisationId: string;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer();
    const organisation = await createOrg(server);
    organisationId = organisation.id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    adminToken = (await signIn(server, admin.username)).access;
  });
  afterAll(() => server.close());

  it('creates a user who sets a password through the invitation email', async () => {
    const created = await authed(server, adminToken, 'POST', '/core/api/config/create_user/', {
      username: 'new.engineer',
      email: 'New.Engineer@Example.test',
      first_name: 'Nia',
      role: 'org_user',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'new.engineer',
      email: 'new.engineer@example.test',
      role: 'org_user',
    });
    expect(created.body).not.toHaveProperty('passwordHash');

    const token = new URL(outboxLink(server, 'new.engineer@example.test')).searchParams.get(
      'token',
    );
    const tooCommon = await postJson(server, '/core/api/config/password/reset/confirm/', {
      token,
      password: 'password1',
    });
    expect(tooCommon.status).toBe(400);
    expect(tooCommon.body.message).toMatch(/most common/);
    const chosen = await postJson(server, '/core/api/config/password/reset/confirm/', {
      token,
      password: 'quiet-harbour-52',
    });
    expect(chosen.status).toBe(200);
    await expect(signIn(server, 'new.engineer', 'quiet-harbour-52')).resolves.toHaveProperty(
      'access',
    );
  });

  it('refuses a malformed or taken email with the SPEC message', async () => {
    for (const email of ['not-an-email', 'NEW.ENGINEER@example.test']) {
      const response = await authed(server, adminToken, 'POST', '/core/api/config/create_user/', {
        username: `someone-${email.length}`,
        email,
        role: 'org_user',
      });
      expect(response.status).toBe(400);
      const messages = JSON.stringify(response.body);
      expect(messages).toContain('Wrong email format, or the email is already taken');
    }
  });

  it('refuses a user beyond the subscription limit with a message that says so', async () => {
    const small = await createOrg(server);
    await server.database.db
      .update(organisations)
      .set({ maxActiveUsers: 2 })
      .where(eq(organisations.id, small.id));
    const admin = await createUser(server, { organisationId: small.id, role: 'org_admin' });
    const token = (await signIn(server, admin.username)).access;
    const second = await authed(server, token, 'POST', '/core/api/config/create_user/', {
      username: 'second-user',
      email: 'second@example.test',
      role: 'org_user',
    });
    expect(second.status).toBe(201);
    // The admin and 'second-user', and an inactive user who does not count: 2, on both screens.
    await createUser(server, { organisationId: small.id, role: 'org_user', isActive: false });
    const staff = await createUser(server, { organisationId: null, role: 'admin' });
    const staffToken = (await signIn(server, staff.username)).access;
    const listed = await authed(server, staffToken, 'GET', '/core/api/config/organisations/');
    expect(
      (listed.body as unknown as { id: string; active_users: number }[]).find(
        (organisation) => organisation.id === small.id,
      )?.active_users,
    ).toBe(2);
    const team = await authed(server, token, 'GET', '/core/api/config/users/');
    expect(team.body.active_users).toBe(2);
    const third = await authed(server, token, 'POST', '/core/api/config/create_user/', {
      username: 'third-user',
      email: 'third@example.test',
      role: 'org_user',
    });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(
      'Your subscription allows 2 active users and all are in use. Delete a user or ask for a larger subscription.',
    );
  });

  it('ends the sessions of a deleted user', async () => {
    const doomed = await createUser(server, { organisationId, role: 'org_user' });
    const session = await signIn(server, doomed.username);
    const deleted = await authed(server, adminToken, 'POST', '/core/api/config/delete_user/', {
      user_id: doomed.id,
    });
    expect(deleted.status).toBe(204);
    const refreshed = await postJson(server, '/core/api/auth/token/refresh/', {
      refresh: session.refresh,
    });
    expect(refreshed.status).toBe(401);
    const me = await authed(server, session.access, 'GET', `/core/api/config/users/${doomed.id}`);
    expect(me.status).toBe(401);
  });

  it('keeps the demo account from changing anything shared', async () => {
    await createUser(server, {
      organisationId,
      role: 'org_admin',
      username: 'demo-viewer',
      isDemo: true,
    });
    const token = (await signIn(server, 'demo-viewer')).access;
    const response = await authed(server, token, 'POST', '/core/api/config/create_user/', {
      username: 'by-demo',
      email: 'by-demo@example.test',
      role: 'org_user',
    });
    expect(response.status).toBe(403);
  });

  it('stores the locale preference and reports it in the profile', async () => {
    const user = await createUser(server, { organisationId, role: 'org_user' });
    const token = (await signIn(server, user.username)).access;
    const updated = await authed(server, token, 'PATCH', '/core/api/config/users/me/', {
      locale: 'nl-NL',
    });
    expect(updated.status).toBe(200);
    const profile = await authed(server, token, 'GET', `/core/api/config/users/${user.id}`);
    expect(profile.body).toMatchObject({
      username: user.username,
      is_org_admin: false,
      profile: { preferences: { locale: 'nl-NL' } },
      organisation: { id: organisationId, preferences: { length_outlier_factor: 15 } },
    });
  });

  it('records page views under the organisation of the token', async () => {
    const user = await createUser(server, { organisationId, role: 'org_user' });
    const token = (await signIn(server, user.username)).access;
    await authed(server, token, 'POST', '/api/page-views', { path: '/ui/site-list' });
    const rows = await server.database.db
      .select()
      .from(pageViews)
      .where(eq(pageViews.userId, user.id));
    expect(rows.map((row) => [row.path, row.organisationId])).toEqual([
      ['/ui/site-list', organisationId],
    ]);
  });
});

describe('the OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('documents every route with the permission it needs', async () => {
    const document = (await (await fetch(`${server.url}/core/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const permissions = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        permission: operation['x-permission']?.replace(/ \(link token\)$/, ''),
      })),
    );
    expect(
      permissions.filter(
        ({ permission }) =>
          permission !== 'public' &&
          permission !== 'signed-in' &&
          !Object.hasOwn(PERMISSIONS, permission ?? ''),
      ),
    ).toEqual([]);
    // Routes declared apart from the accounts: uploads, downloads, images, exports, health.
    expect(permissions).toEqual(
      expect.arrayContaining([
        { route: 'POST /api/uploads', permission: 'files.upload' },
        { route: 'GET /api/files/{id}/download', permission: 'files.read' },
        { route: 'GET /api/images/{id}', permission: 'files.read' },
        { route: 'GET /api/sites/{id}/vehicles.csv', permission: 'sites.read' },
        { route: 'GET /healthz', permission: 'public' },
      ]),
    );
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /core/api/auth/token/obtain/',
        'POST /core/api/auth/token/refresh/',
        'POST /core/api/config/password/reset/email/',
        'POST /core/api/config/password/reset/confirm/',
        'GET /core/api/config/users/{id}',
        'GET /core/api/config/users/',
        'POST /core/api/config/create_user/',
        'POST /core/api/config/delete_user/',
        'POST /core/api/config/reset_and_resend_password/',
        'POST /core/api/config/password/change/',
        'GET /core/api/config/groups/',
        'GET /core/api/config/organisations/',
        'POST /core/api/config/organisations/',
      ]),
    );
  });
});
