import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  postJson,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../../test/testServer.ts';

describe('token obtain and refresh', () => {
  let server: TestServer;
  let username: string;
  beforeAll(async () => {
    server = await startTestServer();
    const organisation = await createOrg(server);
    username = (await createUser(server, { organisationId: organisation.id, role: 'org_user' }))
      .username;
  });
  afterAll(() => server.close());

  it('signs in by username or email, in any letter case', async () => {
    const byName = await postJson(server, '/core/api/auth/token/obtain/', {
      username: username.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(byName.status).toBe(200);
    expect(typeof byName.body.access).toBe('string');
    expect(typeof byName.body.refresh).toBe('string');
    const byEmail = await postJson(server, '/core/api/auth/token/obtain/', {
      username: `${username}@example.test`,
      password: TEST_PASSWORD,
    });
    expect(byEmail.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await postJson(server, '/core/api/auth/token/obtain/', {
      username,
      password: 'not-the-password',
    });
    const unknown = await postJson(server, '/core/api/auth/token/obtain/', {
      username: 'nobody-here',
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown).toEqual(wrong);
  });

  it('carries user_id, group and exp in the access token', async () => {
    const { access } = await signIn(server, username);
    const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()) as {
      user_id: string;
      group: string;
      exp: number;
    };
    expect(payload.group).toBe('org_user');
    expect(payload.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('rotates the refresh token, and reuse of a rotated one revokes the family', async () => {
    const first = await signIn(server, username);
    const rotated = await postJson(server, '/core/api/auth/token/refresh/', {
      refresh: first.refresh,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).not.toBe(first.refresh);

    const me = await graphql(server, '{ me { username } }', {
      token: rotated.body.access as string,
    });
    expect(me.body.data?.me).toEqual({ username });

    const reused = await postJson(server, '/core/api/auth/token/refresh/', {
      refresh: first.refresh,
    });
    expect(reused.status).toBe(401);
    const descendant = await postJson(server, '/core/api/auth/token/refresh/', {
      refresh: rotated.body.refresh,
    });
    expect(descendant.status).toBe(401);
  });

  it('refuses an inactive user', async () => {
    const organisation = await createOrg(server);
    const inactive = await createUser(server, {
      organisationId: organisation.id,
      role: 'org_user',
      isActive: false,
    });
    const response = await postJson(server, '/core/api/auth/token/obtain/', {
      username: inactive.username,
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(401);
  });
});
