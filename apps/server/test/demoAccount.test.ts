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
} from './testServer.ts';

const DEMO_REFUSAL =
  'The demo account cannot do this: every visitor shares it, so it changes nothing shared or that signs it in.';
const FILE_ID = '00000000-0000-4000-8000-000000000002';

describe('the shared demo account', () => {
  let server: TestServer;
  let demo: { id: string; username: string; email: string };
  let demoToken: string;
  let userToken: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const org = await createOrg(server);
    demo = await createUser(server, { organisationId: org.id, role: 'org_user', isDemo: true });
    demoToken = (await signIn(server, demo.username)).access;
    const user = await createUser(server, { organisationId: org.id, role: 'org_user' });
    userId = user.id;
    userToken = (await signIn(server, user.username)).access;
  });
  afterAll(() => server.close());

  it('cannot change its password, which keeps signing everyone in', async () => {
    const { status, body } = await postJson(
      server,
      '/core/api/config/password/change/',
      { old_password: TEST_PASSWORD, new_password: 'a-new-password-nobody-knows-42' },
      demoToken,
    );
    expect(status).toBe(403);
    expect(body.message).toBe(DEMO_REFUSAL);
    await expect(signIn(server, demo.username)).resolves.toHaveProperty('access');
  });

  it('cannot change its email', async () => {
    const response = await fetch(`${server.url}/core/api/config/users/me/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demoToken}` },
      body: JSON.stringify({ email: 'attacker@example.test', password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(DEMO_REFUSAL);
    await expect(signIn(server, demo.email)).resolves.toHaveProperty('access');
  });

  it('cannot write task records or notify the admins', async () => {
    const refused = [
      await graphql(
        server,
        'mutation { insert_task_tracking(function_name: "clean_lanes", message: "hello") { id } }',
        { token: demoToken },
      ),
      await graphql(
        server,
        `mutation { create_user_notification(function_id: "x", message: { trafficdatafile_id: "${FILE_ID}" }) }`,
        { token: demoToken },
      ),
      await graphql(server, `mutation { requestQualityApproval(fileId: "${FILE_ID}") }`, {
        token: demoToken,
      }),
    ];
    for (const { status, body } of refused) {
      expect(status).toBe(403);
      expect(body.errors?.[0]?.message).toBe(DEMO_REFUSAL);
    }
    // Another user of the organisation may still insert a task record.
    const allowed = await graphql(
      server,
      'mutation { insert_task_tracking(function_name: "custom_report", message: "hello") { state } }',
      { token: userToken },
    );
    expect(allowed.body.errors).toBeUndefined();
  });

  it('cannot change its name, preferences or stored filterset, which every visitor sees', async () => {
    const before = await graphql(
      server,
      '{ me { first_name preferences } filterset { headway_min } }',
      {
        token: demoToken,
      },
    );
    const rename = await fetch(`${server.url}/core/api/config/users/me/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demoToken}` },
      body: JSON.stringify({ first_name: 'Mallory' }),
    });
    expect(rename.status).toBe(403);
    expect(((await rename.json()) as { message: string }).message).toBe(DEMO_REFUSAL);
    const refused = [
      await graphql(
        server,
        'mutation($id: ID!) { update_user_preference(userId: $id, preference: { tourShown: true, note: "hi" }) { id } }',
        { token: demoToken, variables: { id: demo.id } },
      ),
      await graphql(
        server,
        'mutation($id: ID!) { update_filterset(id: $id, headway_min: 9) { headway_min } }',
        { token: demoToken, variables: { id: demo.id } },
      ),
    ];
    for (const { status, body } of refused) {
      expect(status).toBe(403);
      expect(body.errors?.[0]?.message).toBe(DEMO_REFUSAL);
    }
    const after = await graphql(
      server,
      '{ me { first_name preferences } filterset { headway_min } }',
      {
        token: demoToken,
      },
    );
    expect(after.body.data).toEqual(before.body.data);
  });

  it('limits anyone’s preferences to 64 KB, keeping what was stored', async () => {
    const save = (preference: Record<string, unknown>) =>
      graphql(
        server,
        'mutation($id: ID!, $p: JSON!) { update_user_preference(userId: $id, preference: $p) { preferences } }',
        { token: userToken, variables: { id: userId, p: preference } },
      );
    expect((await save({ note: 'kept' })).body.errors).toBeUndefined();
    // 70,000 characters of one value alone pass 65,536 bytes: 69 KB with the JSON around them.
    const tooLarge = await save({ note: 'x'.repeat(70_000) });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors?.[0]?.message).toBe(
      'Preferences are limited to 64 KB; these would be 69 KB. Remove some saved filters or profiles first.',
    );
    const me = await graphql(server, '{ me { preferences } }', { token: userToken });
    expect((me.body.data?.me as { preferences: { note: string } }).preferences.note).toBe('kept');
  });
});
