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
    (_, index) =>
      `d${index}: siteDetail(siteId: "${SITE_ID}") { site_id bins summary { vehicles } }`,
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

  it('refuses 100 aliased siteDetail fields before running any, saying why', async () => {
    const { body } = await graphql(server, aliasedSiteDetails(100), { token });
    expect(body.data ?? null).toBeNull();
    const messages = (body.errors ?? []).map((error) => error.message);
    expect(messages).toContain(
      'The query was refused: Aliases limit of 10 exceeded, found 100. Ask for less in each request.',
    );
    // Each field costs 100 + 4 selections (site_id, bins, summary and its vehicles) = 104;
    // 100 × 104 = 10,400.
    expect(messages).toContain(
      'The query was refused: it costs 10400, more than the 1000 allowed (a site-detail or map field costs 100). Ask for less in each request.',
    );
    // 200 of them, as the attack sent (488 MB answered), have 16 tokens each: unread past 2,000.
    const twoHundred = await graphql(server, aliasedSiteDetails(200), { token });
    expect(twoHundred.body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: it has more than the 2000 tokens allowed. Ask for less in each request.',
    ]);
  });

  it('refuses ten site scans within the alias limit by their cost', async () => {
    // 10 × (100 + 4) = 1040 > 1000; nine would cost 936 and run.
    const { status, body } = await graphql(server, aliasedSiteDetails(10), { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: it costs 1040, more than the 1000 allowed (a site-detail or map field costs 100). Ask for less in each request.',
    ]);
    const nine = await graphql(server, aliasedSiteDetails(9), { token });
    // Nine run: the site does not exist, so each answers the catalogue's not-found.
    expect(nine.body.errors?.[0]?.message).not.toMatch(/refused/);
  });

  it('refuses an unsigned caller before reading the document, cached or not', async () => {
    // 48,000 aliased __typename (about 900 KB), as the attack sent them: 3.3 s answered.
    const typenames = `{ ${Array.from({ length: 48_000 }, (_, index) => `t${index}: __typename`).join(' ')} }`;
    const unsigned = await graphql(server, typenames);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.errors?.map((error) => error.message)).toEqual(['401 Unauthorized']);
    expect(unsigned.body.data ?? null).toBeNull();
    // Not parsed: a document that is not GraphQL at all is answered the same, not as a syntax error.
    const garbage = await graphql(server, '{ this is not graphql');
    expect([garbage.status, garbage.body.errors?.[0]?.message]).toEqual([401, '401 Unauthorized']);
    // A document a signed-in user made the server cache and compile is refused all the same.
    for (let time = 0; time < 3; time += 1)
      expect((await graphql(server, '{ me { id } }', { token })).body.errors).toBeUndefined();
    const cached = await graphql(server, '{ me { id } }');
    expect([cached.status, cached.body.errors?.[0]?.message]).toEqual([401, '401 Unauthorized']);
  });

  it('counts aliases of __typename as any other', async () => {
    const eleven = `{ ${Array.from({ length: 11 }, (_, index) => `t${index}: __typename`).join(' ')} }`;
    const { status, body } = await graphql(server, eleven, { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: Aliases limit of 10 exceeded, found 11. Ask for less in each request.',
    ]);
  });

  it('counts __typename in the cost of an operation', async () => {
    // Nine site scans of 100 + 1 each (909), and 92 __typename of 1 each: 1001 in all.
    const scans = Array.from(
      { length: 9 },
      (_, index) => `d${index}: siteDetail(siteId: "${SITE_ID}") { site_id }`,
    );
    const document = `{ ${scans.join(' ')} me { ${'__typename '.repeat(92)}} }`;
    // `me` (1) brings it to 1002.
    const { body } = await graphql(server, document, { token });
    expect(body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: it costs 1002, more than the 1000 allowed (a site-detail or map field costs 100). Ask for less in each request.',
    ]);
  });

  it('refuses a document longer than 32 KB before parsing it', async () => {
    // 32,768 characters are allowed; a comment makes this one 40,000 long.
    const document = `{ me { id } }\n#${'x'.repeat(40_000 - 15)}`;
    expect(document.length).toBe(40_000);
    const { status, body } = await graphql(server, document, { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: it is 40000 characters long, more than the 32768 allowed. Ask for less in each request.',
    ]);
  });

  it('stops parsing a document at 2,000 tokens', async () => {
    // `{`, 2,000 names and `}`: 2,002 tokens in 12 KB, within the length allowed.
    const document = `{ ${'id '.repeat(2000)}}`;
    expect(document.length).toBeLessThan(32 * 1024);
    const { status, body } = await graphql(server, document, { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'The query was refused: it has more than the 2000 tokens allowed. Ask for less in each request.',
    ]);
  });

  it('refuses a selection deeper than ten levels', async () => {
    // __type (1) › fields (2) › type (3) › ofType ×7 (4–10) › name (11): eleven levels.
    const nested = `query { __type(name: "Query") { fields { type { ${'ofType { '.repeat(7)}name ${'} '.repeat(7)}} } } }`;
    const { status, body } = await graphql(server, nested, { token });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toContain(
      'The query was refused: Query depth limit of 10 exceeded, found 11. Ask for less in each request.',
    );
  });
});
