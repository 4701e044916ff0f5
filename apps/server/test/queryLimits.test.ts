import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

const SITE_ID = '00000000-0000-4000-8000-000000000001';

/** `count` aliased siteDetail fields, as the attack sent (200 made a 488 MB answer). */
function aliasedSiteDetails(count: number): string {
  const fields = Array.from(
    { length: count },
    (_, index) => `d${index}: siteDetail(siteId: "${SITE_ID}") { site_id bins summary }`,
  );
  return `query { ${fields.join('\n')} }`;
}

describe('GraphQL cost limits', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    const org = await createOrg(server);
    const user = await createUser(server, { organisationId: org.id, role: 'org_user' });
    token = (await signIn(server, user.username)).access;
  });
  afterAll(() => server.close());

  it('refuses 200 aliased siteDetail fields before running any, saying why', async () => {
    const { body } = await graphql(server, aliasedSiteDetails(200), { token });
    expect(body.data ?? null).toBeNull();
    const messages = (body.errors ?? []).map((error) => error.message);
    // 199 aliases (the first field's name counts too) against the limit of 10.
    expect(messages).toContain(
      'The query was refused: Aliases limit of 10 exceeded, found 200. Ask for less in each request.',
    );
    // Each field costs 100 + 3 selections = 103; 200 × 103 = 20,600.
    expect(messages).toContain(
      'The query was refused: it costs 20600, more than the 1000 allowed (a site-detail or map field costs 100). Ask for less in each request.',
    );
  });

  it('refuses ten site scans within the alias limit by their cost', async () => {
    // 10 × (100 + 3) = 1030 > 1000; nine would cost 927 and run.
    const { status, body } = await graphql(server, aliasedSiteDetails(10), { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: it costs 1030, more than the 1000 allowed (a site-detail or map field costs 100). Ask for less in each request.',
    ]);
    const nine = await graphql(server, aliasedSiteDetails(9), { token });
    // Nine run: the site does not exist, so each answers the catalogue's not-found.
    expect(nine.body.errors?.[0]?.message).not.toMatch(/refused/);
  });

  it('refuses a selection deeper than eight levels', async () => {
    // __type (1) › fields (2) › type (3) › ofType ×7 (4–10) › name (11): eleven levels.
    const nested = `query { __type(name: "Query") { fields { type { ${'ofType { '.repeat(7)}name ${'} '.repeat(7)}} } } }`;
    const { status, body } = await graphql(server, nested, { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toContain(
      'The query was refused: Query depth limit of 8 exceeded, found 11. Ask for less in each request.',
    );
  });
});
