import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  subscribeCollecting,
  type TestServer,
} from './testServer.ts';

const VIEW = `mutation($id: ID!) {
  recordOrganisationView(organisationId: $id) {
    organisation_id organisation_name token audit { action organisation_name username }
  }
}`;
const SITES = `{ sites(page: 0, page_size: 100) { total sites { id name } } }`;
const AUDIT = `{ staffAuditLog { username action organisation_name } }`;
const DELETE = `mutation($id: ID!) { deleteSite(id: $id) { id } }`;
const HEADER = 'x-roadcount-organisation-view';

/** The French wording of a server message, as the web app shows it. */
const french = (key: string) =>
  (
    JSON.parse(
      readFileSync(new URL('../../web/src/i18n/locales/fr.json', import.meta.url), 'utf8'),
    ) as { serverMessages: Record<string, string> }
  ).serverMessages[key];

describe("staff viewing an organisation's data read-only", () => {
  let server: TestServer;
  let staff: { token: string; username: string };
  let adminA: string;
  let orgB: { id: string; name: string };
  let siteA: string;
  let siteB: string;

  async function call(
    query: string,
    options: { token: string; view?: string; variables?: Record<string, unknown> },
  ) {
    const response = await fetch(`${server.url}/gql/v1/graphql/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${options.token}`,
        ...(options.view ? { [HEADER]: options.view } : {}),
      },
      body: JSON.stringify({ query, variables: options.variables }),
    });
    return (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
  }

  async function viewToken(organisationId: string): Promise<string> {
    const body = await call(VIEW, { token: staff.token, variables: { id: organisationId } });
    expect(body.errors).toBeUndefined();
    return (body.data?.recordOrganisationView as { token: string }).token;
  }

  const siteNames = async (token: string, view?: string) =>
    ((await call(SITES, { token, view })).data?.sites as { sites: { name: string }[] }).sites.map(
      (site) => site.name,
    );

  beforeAll(async () => {
    server = await startTestServer();
    const orgA = await createOrg(server, 'Alder Council');
    orgB = await createOrg(server, 'Birch Highways');
    const { db } = server.database;
    const [a] = await db
      .insert(sites)
      .values({ ownerOrganisationId: orgA.id, name: 'Alder Street' })
      .returning();
    const [b] = await db
      .insert(sites)
      .values({ ownerOrganisationId: orgB.id, name: 'Birch Road' })
      .returning();
    siteA = a?.id ?? '';
    siteB = b?.id ?? '';
    const staffUser = await createUser(server, { organisationId: null, role: 'admin' });
    staff = {
      token: (await signIn(server, staffUser.username)).access,
      username: staffUser.username,
    };
    const admin = await createUser(server, { organisationId: orgA.id, role: 'org_admin' });
    adminA = (await signIn(server, admin.username)).access;
  });
  afterAll(() => server.close());

  it("shows staff organisation B's sites alone while viewing B, and every site otherwise", async () => {
    // Staff see both organisations' sites; viewing B, only B's, as B's admins see them.
    expect((await siteNames(staff.token)).sort()).toEqual(['Alder Street', 'Birch Road']);
    const view = await viewToken(orgB.id);
    expect(await siteNames(staff.token, view)).toEqual(['Birch Road']);
    // A's site is another organisation's while viewing B.
    const other = await call(`query($id: ID!) { site(id: $id) { name } }`, {
      token: staff.token,
      view,
      variables: { id: siteA },
    });
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses every write while viewing, over GraphQL and REST, with a translated message', async () => {
    const view = await viewToken(orgB.id);
    const refused = await call(DELETE, { token: staff.token, view, variables: { id: siteB } });
    const message =
      "You are viewing another organisation's data read-only; return to your own view to make changes";
    expect(refused.errors?.[0]?.message).toBe(message);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(french('viewingReadOnly')).toMatch(/lecture seule/);
    const [stored] = await server.database.db
      .select({ deletedAt: sites.deletedAt })
      .from(sites)
      .where(eq(sites.id, siteB));
    expect(stored?.deletedAt).toBeNull();

    const form = new FormData();
    form.append('file-0', new Blob(['timestamp\n']), 'count.csv');
    const upload = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}`, [HEADER]: view },
      body: form,
    });
    expect(upload.status).toBe(403);
    expect(((await upload.json()) as { message: string }).message).toBe(message);
  });

  it('lets no one but platform staff use the view, nor a view token of someone else', async () => {
    const view = await viewToken(orgB.id);
    // An organisation's admin who sends staff's view token reads nothing of B.
    const borrowed = await call(SITES, { token: adminA, view });
    expect(borrowed.data?.sites ?? null).toBeNull();
    expect(borrowed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Nor may they switch into a view themselves.
    const own = await call(VIEW, { token: adminA, variables: { id: orgB.id } });
    expect(own.data?.recordOrganisationView ?? null).toBeNull();
    expect(own.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // A forged token is refused to staff too.
    const forged = await call(SITES, { token: staff.token, view: `${view}x` });
    expect(forged.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('records each switch in the staff audit log', async () => {
    const log = (await call(AUDIT, { token: staff.token })).data?.staffAuditLog as {
      username: string;
      action: string;
      organisation_name: string;
    }[];
    // One switch in each of the three tests above, each into Birch Highways; newest first.
    const switches = log.filter((entry) => entry.action === 'view_organisation');
    expect(switches).toEqual(
      Array.from({ length: 3 }, () => ({
        username: staff.username,
        action: 'view_organisation',
        organisation_name: 'Birch Highways',
      })),
    );
  });

  it("lets staff hear, while viewing B, B's task events alone over the socket", async () => {
    const adminB = await createUser(server, { organisationId: orgB.id, role: 'org_admin' });
    const tokenB = (await signIn(server, adminB.username)).access;
    const insert = (token: string, message: string) =>
      graphql(
        server,
        `
          mutation ($message: String) {
            insert_task_tracking(function_name: "refresh_site_rollups", message: $message) {
              id
            }
          }
        `,
        { token, variables: { message } },
      );
    const listen = async (params: Record<string, string>) => {
      const { items, close } = await subscribeCollecting<{ message: string }>(
        server,
        staff.token,
        'subscription { task_tracking_updated { message } }',
        'task_tracking_updated',
        params,
      );
      return { heard: items, dispose: close };
    };
    const viewing = await listen({ [HEADER]: await viewToken(orgB.id) });
    // Without the view, staff hear only the tasks they start themselves (the control).
    const own = await listen({});
    try {
      const heard = await pollUntil(
        async () => {
          await insert(adminA, 'in Alder');
          await insert(tokenB, 'in Birch');
          return viewing.heard.map((event) => event.message);
        },
        (messages) => messages.includes('in Birch'),
      );
      expect(heard).toContain('in Birch');
      expect(heard).not.toContain('in Alder');
      expect(own.heard).toEqual([]);
    } finally {
      await viewing.dispose();
      await own.dispose();
    }
  });
});
