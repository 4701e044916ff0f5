import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

/** The preferences the profile gives a client after sign-in. */
async function preferencesOf(server: TestServer, userId: string, token: string) {
  const response = await fetch(`${server.url}/core/api/config/users/${userId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { profile: { preferences: Record<string, unknown> } };
  return body.profile.preferences;
}

describe('the guided tour on a first sign-in (issue 37)', () => {
  let server: TestServer;
  let organisationId: string;
  beforeAll(async () => {
    server = await startTestServer();
    organisationId = (await createOrg(server)).id;
  });
  afterAll(() => server.close());

  it('starts on the first sign-in, not after it is seen, and again in a new role', async () => {
    const user = await createUser(server, { organisationId, role: 'org_user' });
    const first = await signIn(server, user.username);
    expect(await preferencesOf(server, user.id, first.access)).toMatchObject({
      showTour: true,
      tourShown: false,
    });

    // The web stores this when the tour closes.
    const stored = await graphql(
      server,
      'mutation($id: ID!) { update_user_preference(userId: $id, preference: { tourShown: true, showTour: false, tourRole: "org_user" }) { id } }',
      { token: first.access, variables: { id: user.id } },
    );
    expect(stored.body.errors).toBeUndefined();
    const second = await signIn(server, user.username);
    expect(await preferencesOf(server, user.id, second.access)).toMatchObject({
      showTour: false,
      tourShown: true,
    });

    // Made an organisation admin: the admin's steps (sites, files, uploads) are new to them.
    await server.database.db.update(users).set({ role: 'org_admin' }).where(eq(users.id, user.id));
    const asAdmin = await signIn(server, user.username);
    expect(await preferencesOf(server, user.id, asAdmin.access)).toMatchObject({
      showTour: true,
      tourShown: false,
    });
  });

  it('leaves the shared demo account as it is', async () => {
    const demo = await createUser(server, { organisationId, role: 'org_user', isDemo: true });
    const session = await signIn(server, demo.username);
    const preferences = await preferencesOf(server, demo.id, session.access);
    expect(preferences.showTour).toBeUndefined();
  });
});
