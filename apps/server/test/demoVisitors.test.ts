import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { getIntrospectionQuery, buildClientSchema, type IntrospectionQuery } from 'graphql';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNotifications } from '../src/infra/db/schema.ts';
import {
  fillFrom,
  graphqlCalls,
  guessedChoices,
  KINDS,
  multipartOf,
  NO_SUCH_ID,
  operationsOf,
  positionsOf,
  restRequest,
  type Ids,
  type OpenApiDocument,
} from './apiWalk.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  subscribeCollecting,
  TEST_JWT_SECRET,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

/*
 * Issue 38: the demo account is one account that every visitor signs in to. What a visitor asks
 * for (a report, a notification marked read) is kept for that visitor's sign-in alone; everything
 * else the demo account may not change. Two visitors here sign in to the same demo account.
 */

const FIXTURE = readFileSync(
  new URL('../../../packages/formats/fixtures/ok/roadcount.csv', import.meta.url),
  'utf8',
);
const REPORT_REQUEST =
  'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id task_id state expires_on created_on } }';
const NOTIFICATIONS = '{ myNotifications { unread items { id kind read } } }';
const REPORTS = '{ reports { id state } }';
const HOUR_MS = 3_600_000;

/** The rows of a query, on PGlite and PostgreSQL alike. */
async function rowsOf<T>(server: TestServer, query: SQL): Promise<T[]> {
  const result: unknown = await server.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

type Listed = { unread: number; items: { id: string; kind: string; read: boolean }[] };

describe('two visitors of the shared demo account', () => {
  let server: TestServer;
  let organisationId: string;
  let demoId: string;
  let demoUsername: string;
  let adminToken: string;
  let siteId: string;
  let sharedNoticeId: string;
  let skippedMs = 0;

  const ask = async (token: string, query: string, variables: Record<string, unknown> = {}) => {
    const { body } = await graphql(server, query, { token, variables });
    if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
    return body.data ?? {};
  };
  const notifications = async (token: string) =>
    (await ask(token, NOTIFICATIONS)).myNotifications as Listed;
  const reportInput = () => ({
    type: 'universal_csv',
    site_ids: [siteId],
    start: '2025-06-01T00:00:00Z',
    end: '2025-07-01T00:00:00Z',
    units: 'metric',
    aggregation_minutes: 60,
  });

  beforeAll(async () => {
    server = await startTestServer(
      {},
      { worker: true, clock: () => new Date(Date.now() + skippedMs) },
    );
    const organisation = await createOrg(server);
    organisationId = organisation.id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    adminToken = (await signIn(server, admin.username)).access;
    siteId = (await uploadAndProcess(server, adminToken, 'fixture.csv', FIXTURE)).site?.id ?? '';
    const demo = await createUser(server, { organisationId, role: 'org_user', isDemo: true });
    demoId = demo.id;
    demoUsername = demo.username;
    // What every visitor of the demo is told (as the demo's seed tells of an overdue survey).
    const [notice] = await server.database.db
      .insert(userNotifications)
      .values({
        organisationId,
        userId: demoId,
        functionId: 'survey_overdue',
        message: { text: 'The A33 survey is overdue' },
      })
      .returning();
    sharedNoticeId = notice?.id ?? '';
  }, 60_000);
  afterAll(() => server.close());

  it('keeps one visitor’s report and read marks from the other', async () => {
    const first = (await signIn(server, demoUsername)).access;
    const second = (await signIn(server, demoUsername)).access;
    const secondHears = await subscribeCollecting<{ id: string }>(
      server,
      second,
      'subscription { task_tracking_updated { id state } }',
      'task_tracking_updated',
    );
    const firstHears = await subscribeCollecting<{ id: string }>(
      server,
      first,
      'subscription { task_tracking_updated { id state } }',
      'task_tracking_updated',
    );

    // Both are told of the overdue survey, unread.
    expect(await notifications(first)).toEqual({
      unread: 1,
      items: [{ id: sharedNoticeId, kind: 'survey_overdue', read: false }],
    });
    expect((await notifications(second)).unread).toBe(1);

    // The first marks it read: read for them, unread still for the second.
    expect(
      (
        await ask(first, 'mutation($ids: [ID!]) { markNotificationsRead(ids: $ids) }', {
          ids: [sharedNoticeId],
        })
      ).markNotificationsRead,
    ).toBe(1);
    expect(await notifications(first)).toEqual({
      unread: 0,
      items: [{ id: sharedNoticeId, kind: 'survey_overdue', read: true }],
    });
    expect(await notifications(second)).toEqual({
      unread: 1,
      items: [{ id: sharedNoticeId, kind: 'survey_overdue', read: false }],
    });
    // Marking every unread one as the second marks the one the second has not read: 1.
    const third = (await signIn(server, demoUsername)).access;
    expect((await ask(third, 'mutation { markNotificationsRead }')).markNotificationsRead).toBe(1);
    expect((await notifications(second)).unread).toBe(1);

    // The first asks for a report, which is made.
    const requested = (await ask(first, REPORT_REQUEST, { input: reportInput() }))
      .requestReport as { id: string; task_id: string; expires_on: string; created_on: string };
    // Kept for the visit: an hour from the request, not the week other users' reports are.
    expect(Date.parse(requested.expires_on) - Date.parse(requested.created_on)).toBeLessThanOrEqual(
      HOUR_MS + 1000,
    );
    const made = await pollUntil(
      async () => (await ask(first, REPORTS)).reports as { id: string; state: string }[],
      (listed) => listed[0]?.state === 'CM',
    );
    expect(made).toEqual([{ id: requested.id, state: 'CM' }]);
    const firstTold = await pollUntil(
      () => notifications(first),
      (listed) => listed.items.some((item) => item.kind === 'report_ready'),
    );
    expect(firstTold.unread).toBe(1);
    await pollUntil(
      () => Promise.resolve(firstHears.items.filter((task) => task.id === requested.task_id)),
      (heard) => heard.length >= 2,
    );
    expect(firstHears.items.map((task) => task.id)).toContain(requested.task_id);

    // The second sees none of it: not the report, its task, nor that it is ready.
    expect((await ask(second, REPORTS)).reports).toEqual([]);
    const reached = await graphql(server, 'query($id: ID!) { report(id: $id) { id } }', {
      token: second,
      variables: { id: requested.id },
    });
    expect(reached.body.errors?.[0]?.message).toBe('There is no such report');
    const deleted = await graphql(server, 'mutation($id: ID!) { deleteReport(id: $id) }', {
      token: second,
      variables: { id: requested.id },
    });
    expect(deleted.body.errors?.[0]?.message).toBe('There is no such report');
    expect((await ask(second, '{ myTasks { id } }')).myTasks).toEqual([]);
    expect(
      (
        await ask(second, 'query($ids: [ID!]!) { task_tracking(ids: $ids) { id } }', {
          ids: [requested.task_id],
        })
      ).task_tracking,
    ).toEqual([]);
    expect(await notifications(second)).toEqual({
      unread: 1,
      items: [{ id: sharedNoticeId, kind: 'survey_overdue', read: false }],
    });
    expect(secondHears.items.map((task) => task.id)).not.toContain(requested.task_id);
    // The first still has it, and may download it.
    expect((await ask(first, REPORTS)).reports).toEqual([{ id: requested.id, state: 'CM' }]);
    const link = (
      (
        await ask(first, 'query($id: ID!) { reportDownload(id: $id) { url } }', {
          id: requested.id,
        })
      ).reportDownload as { url: string }
    ).url;
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);
    // The shared notification's own mark stays unread, for the visitors yet to come.
    const [stored] = await rowsOf<{ read_at: string | null }>(
      server,
      sql`select read_at from user_notifications where id = ${sharedNoticeId}`,
    );
    expect(stored?.read_at).toBeNull();

    // An hour and a minute on, the visitor's report is gone, file and all.
    skippedMs = HOUR_MS + 60_000;
    expect((await ask(first, REPORTS)).reports).toEqual([]);
    const reportBlobs = join(server.config.dataDir, 'blobs', 'reports');
    expect(
      readdirSync(reportBlobs, { recursive: true }).filter((name) =>
        String(name).includes(requested.id),
      ),
    ).toEqual([]);
    skippedMs = 0;
    await Promise.all([firstHears.close(), secondHears.close()]);
  }, 120_000);

  it('asks a demo sign-in from before visits were kept apart to sign in again', async () => {
    // A demo access token as issued before: its user and group, no visitor.
    const token = await new SignJWT({ group: 'org_user', user_id: demoId, type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(demoId)
      .setIssuer('roadcount')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const { status, body } = await graphql(server, REPORT_REQUEST, {
      token,
      variables: { input: reportInput() },
    });
    expect(status).toBe(403);
    expect(body.errors?.[0]?.message).toBe(
      'Sign in to the demo again: what you ask for is kept for your visit alone, and this sign-in is from before visits were kept apart.',
    );
    // It reads no visitor's reports nor read marks, and marks nothing.
    expect((await ask(token, REPORTS)).reports).toEqual([]);
    expect((await ask(token, 'mutation { markNotificationsRead }')).markNotificationsRead).toBe(0);
  });

  it('changes nothing any other visitor sees through any GraphQL mutation or written route', async () => {
    // The organisation's resources, by the admin, for the walk to aim at.
    const group = (
      (
        await ask(
          adminToken,
          'mutation($ids: [ID!]) { createSiteGroup(name: "Demo group", site_ids: $ids) { id } }',
          { ids: [siteId] },
        )
      ).createSiteGroup as { id: string }
    ).id;
    const noteGroup = (
      (await ask(adminToken, 'mutation { createMapNoteGroup(name: "Demo notes") { id } }'))
        .createMapNoteGroup as { id: string }
    ).id;
    const note = (
      (
        await ask(adminToken, 'mutation($note: MapNoteInput!) { addMapNote(note: $note) { id } }', {
          note: { text: 'Roadworks', longitude: -2.9916, latitude: 53.4084, group_id: noteGroup },
        })
      ).addMapNote as { id: string }
    ).id;
    const exclusion = (
      (
        await ask(
          adminToken,
          'mutation($filter: VehicleExclusionFilterInput!) { createVehicleExclusionFilter(filter: $filter) { id } }',
          { filter: { name: 'Slow', max_speed_mps: 3 } },
        )
      ).createVehicleExclusionFilter as { id: string }
    ).id;
    const survey = (
      (
        await ask(
          adminToken,
          'mutation($input: SurveyInput!) { createSurvey(input: $input) { id } }',
          {
            input: {
              name: 'Demo survey',
              scheduled_start: '2025-06-02',
              scheduled_end: '2025-06-08',
              site_ids: [siteId],
            },
          },
        )
      ).createSurvey as { id: string }
    ).id;
    const lanes = (
      await ask(adminToken, 'query($id: ID!) { siteLanes(siteId: $id) { id } }', {
        id: siteId,
      })
    ).siteLanes as { id: string }[];
    const file = (
      (await ask(adminToken, '{ trafficDataFiles(page_size: 1) { files { id } } }'))
        .trafficDataFiles as { files: { id: string }[] }
    ).files[0]?.id;
    const ids = Object.fromEntries(KINDS.map((kind) => [kind, NO_SUCH_ID])) as Ids;
    Object.assign(ids, {
      site: siteId,
      file: file ?? NO_SUCH_ID,
      group,
      mapNote: note,
      mapNoteGroup: noteGroup,
      exclusion,
      user: demoId,
      organisation: organisationId,
      lane: lanes[0]?.id ?? NO_SUCH_ID,
      survey,
    });
    const visitor = await signIn(server, demoUsername);
    const other = (await signIn(server, demoUsername)).access;
    const otherSaw = {
      notifications: await notifications(other),
      reports: (await ask(other, REPORTS)).reports,
      tasks: (await ask(other, '{ myTasks { id state } }')).myTasks,
    };
    const before = await sharedState();

    // What a visitor may do, done for certain: a report of their own, a notice marked read.
    const own = (
      (await ask(visitor.access, REPORT_REQUEST, { input: reportInput() })).requestReport as {
        id: string;
      }
    ).id;
    expect(
      (await ask(visitor.access, 'mutation { markNotificationsRead }')).markNotificationsRead,
    ).toBe(1);

    // Every mutation, with the organisation's ids in each place an id goes.
    const introspection = (
      await graphql(server, getIntrospectionQuery(), { token: visitor.access })
    ).body.data as unknown as IntrospectionQuery;
    const schema = buildClientSchema(introspection);
    const { types, operations } = operationsOf(introspection);
    const mutations = operations.filter((operation) => operation.root === 'mutation');
    const answered: string[] = [];
    const walkFailures: string[] = [];
    for (const operation of mutations) {
      let calls;
      try {
        calls = graphqlCalls(types, schema, operation, { A: ids, B: ids });
      } catch (error) {
        walkFailures.push(`${operation.field.name}: cannot be called: ${String(error)}`);
        continue;
      }
      for (const call of calls) {
        const { body } = await graphql(server, call.query, {
          token: visitor.access,
          variables: call.variables,
        });
        if (!body.errors) answered.push(call.operation);
      }
    }
    // Every written route of the OpenAPI document, with the organisation's ids by their names.
    const document = (await (
      await fetch(`${server.url}/core/api/openapi.json`)
    ).json()) as OpenApiDocument;
    let routeCount = 0;
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'get') continue;
        const route = { method: method.toUpperCase(), path, operation };
        routeCount += 1;
        let request;
        try {
          const positions = positionsOf((fill) => restRequest(route, fill));
          request = restRequest(route, fillFrom(guessedChoices(positions), { A: ids, B: ids }));
        } catch (error) {
          walkFailures.push(`${route.method} ${path}: cannot be called: ${String(error)}`);
          continue;
        }
        let body: string | FormData | undefined;
        if (multipartOf(route)) {
          const form = new FormData();
          form.append('file-0', new Blob([FIXTURE]), 'visitor.csv');
          body = form;
        } else if (request.body.kind === 'json') body = JSON.stringify(request.body.value);
        // A refresh or sign-out with the visitor's own refresh token ends only the visitor's own.
        if (/refresh|logout/.test(path)) body = JSON.stringify({ refresh: visitor.refresh });
        const response = await fetch(`${server.url}${request.url}`, {
          method: route.method,
          headers: {
            authorization: `Bearer ${visitor.access}`,
            ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          },
          body,
        });
        await response.arrayBuffer();
        if (response.ok) answered.push(`${route.method} ${path}`);
      }
    // Whatever the walk queued (the visitor's reports) ends before the comparison.
    await pollUntil(
      async () =>
        (
          await rowsOf<{ busy: number }>(
            server,
            sql`select count(*)::int as busy from tasks where state in ('QD', 'PR')`,
          )
        )[0]?.busy ?? 0,
      (busy) => busy === 0,
      600,
    );

    expect(walkFailures).toEqual([]);
    // The walk reached writes a visitor may make (their own read marks, their sign-out).
    expect(answered).toEqual(
      expect.arrayContaining(['mutation markNotificationsRead', 'POST /core/api/auth/logout/']),
    );
    expect(mutations.length).toBeGreaterThan(30);
    expect(routeCount).toBeGreaterThan(30);
    expect(await sharedState()).toEqual(before);
    // The visitor's own report was made all the same, and is theirs to list.
    expect((await ask(visitor.access, REPORTS)).reports).toEqual(
      expect.arrayContaining([{ id: own, state: 'CM' }]),
    );
    // And the other visitor sees what they saw before.
    expect({
      notifications: await notifications(other),
      reports: (await ask(other, REPORTS)).reports,
      tasks: (await ask(other, '{ myTasks { id state } }')).myTasks,
    }).toEqual(otherSaw);
  }, 300_000);

  /**
   * Every row of every table, and every stored blob, but what is each visitor's own or no
   * visitor's to see; each left out says why.
   */
  async function sharedState() {
    const tables = (
      await rowsOf<{ name: string }>(
        server,
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).map((row) => row.name);
    const kept: Record<string, string> = {
      // Sign-ins and their rotation: each visitor's own session.
      refresh_tokens: 'true = false',
      // Attempt counts of the sign-in and reset limits, which no visitor is shown.
      rate_limit_windows: 'true = false',
      // Pages viewed, for the platform's staff (SPEC section 2), shown to no visitor.
      page_views: 'true = false',
      // Each visitor's own read marks.
      demo_notification_reads: 'true = false',
      // Each visitor's own reports, their tasks and their notices.
      reports: 'demo_session is null',
      tasks: "payload->>'demoSession' is null",
      user_notifications: 'demo_session is null',
      // Drizzle's own record of the migrations run.
      __drizzle_migrations: 'true = false',
    };
    const state: Record<string, string[]> = {};
    for (const table of tables) {
      const where = kept[table] ?? 'true';
      const rows = await rowsOf<{ row: string }>(
        server,
        sql.raw(`select to_jsonb(t)::text as row from "${table}" t where ${where}`),
      );
      state[table] = rows.map((row) => row.row).sort();
    }
    const reportKeys = new Set(
      (
        await rowsOf<{ key: string }>(
          server,
          sql`select blob_key as key from reports where demo_session is not null and blob_key is not null`,
        )
      ).map((row) => row.key),
    );
    const blobs = join(server.config.dataDir, 'blobs');
    state.blobs = readdirSync(blobs, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(blobs.length + 1))
      .filter((name) => ![...reportKeys].some((key) => name.endsWith(key) || key.endsWith(name)))
      .filter((name) => !name.endsWith('.part'))
      .sort();
    return state;
  }
});
