import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, tasks, vehicleExclusionFilters } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

const REQUEST = `mutation($input: ReportRequestInput!) {
  requestReport(input: $input) { id task_id }
}`;
const FORBIDDEN = "You aren't currently authorised for this resource";

/*
 * Issue 38: a report is its requester's, and its organisation's admins'. No worker runs here:
 * the reports stay queued, which is all these checks need.
 */
describe('a report belongs to whoever asked for it', () => {
  let server: TestServer;
  let admin: string;
  let alice: string;
  let bob: string;
  let siteId: string;
  let otherOrganisationFilterId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.db;
    const organisation = await createOrg(server);
    const token = async (role: 'org_admin' | 'org_user') =>
      (
        await signIn(
          server,
          (await createUser(server, { organisationId: organisation.id, role })).username,
        )
      ).access;
    admin = await token('org_admin');
    alice = await token('org_user');
    bob = await token('org_user');
    const [site] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisation.id, name: 'Mill Lane' })
      .returning();
    siteId = site?.id ?? '';
    const elsewhere = await createOrg(server);
    const [filter] = await db
      .insert(vehicleExclusionFilters)
      .values({ organisationId: elsewhere.id, name: 'Their buses' })
      .returning();
    otherOrganisationFilterId = filter?.id ?? '';
  });
  afterAll(() => server.close());

  const request = async (token: string, filter: Record<string, unknown> = {}) =>
    graphql(server, REQUEST, {
      token,
      variables: {
        input: {
          type: 'universal_csv',
          site_ids: [siteId],
          start: '2025-06-01T00:00:00Z',
          end: '2025-06-08T00:00:00Z',
          units: 'metric',
          aggregation_minutes: 60,
          filter,
        },
      },
    });
  const requested = async (token: string) => {
    const { body } = await request(token);
    expect(body.errors).toBeUndefined();
    return body.data?.requestReport as { id: string; task_id: string };
  };
  const read = (token: string, id: string) =>
    graphql(server, 'query($id: ID!) { report(id: $id) { id } }', { token, variables: { id } });
  const link = (token: string, id: string) =>
    graphql(server, 'query($id: ID!) { reportDownload(id: $id) { url } }', {
      token,
      variables: { id },
    });
  const remove = (token: string, id: string) =>
    graphql(server, 'mutation($id: ID!) { deleteReport(id: $id) }', { token, variables: { id } });
  const retry = (token: string, id: string) =>
    graphql(server, 'mutation($id: ID!) { retryTask(id: $id) { state } }', {
      token,
      variables: { id },
    });

  it('is not read, linked or deleted by another viewer of the organisation', async () => {
    const report = await requested(alice);
    for (const answer of [
      await read(bob, report.id),
      await link(bob, report.id),
      await remove(bob, report.id),
    ]) {
      expect(answer.body.errors?.[0]?.message).toBe(FORBIDDEN);
    }
    // Still there for Alice, who asked for it.
    expect((await read(alice, report.id)).body.data?.report).toEqual({ id: report.id });
  });

  it("is read and deleted by the organisation's admins", async () => {
    const report = await requested(alice);
    expect((await read(admin, report.id)).body.data?.report).toEqual({ id: report.id });
    expect((await remove(admin, report.id)).body.data?.deleteReport).toBe(true);
    expect((await read(alice, report.id)).body.errors?.[0]?.message).toBe(
      'There is no such report',
    );
  });

  it('is retried by its requester or an admin, not by a viewer', async () => {
    const report = await requested(admin);
    const failed = async () =>
      server.database.db
        .update(tasks)
        .set({ state: 'ER', message: 'blob store unreachable' })
        .where(eq(tasks.id, report.task_id));
    await failed();
    expect((await retry(bob, report.task_id)).body.errors?.[0]?.message).toBe(FORBIDDEN);
    const [still] = await server.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, report.task_id));
    expect(still?.state).toBe('ER');
    expect((await retry(admin, report.task_id)).body.data?.retryTask).toEqual({ state: 'QD' });

    const own = await requested(bob);
    await server.database.db
      .update(tasks)
      .set({ state: 'ER', message: 'blob store unreachable' })
      .where(eq(tasks.id, own.task_id));
    expect((await retry(bob, own.task_id)).body.data?.retryTask).toEqual({ state: 'QD' });
  });

  it('refuses at once a saved exclusion filter of another organisation', async () => {
    const { body } = await request(alice, { vehicle_exclusions: [otherOrganisationFilterId] });
    expect(body.errors?.[0]?.message).toBe(
      `filter.vehicle_exclusions: '${otherOrganisationFilterId}' is not a saved exclusion filter of the sites' organisation`,
    );
    expect(body.data?.requestReport ?? null).toBeNull();
  });
});
