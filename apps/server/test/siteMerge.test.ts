import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { generateTraffic, metroCountText, roadcountCsvText } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDailyRollups, sites, tasks } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
  pollUntil,
  runTaskAgain,
} from './testServer.ts';

const MERGE = `mutation($target: ID!, $sources: [ID!]!, $alignment: [DirectionAlignmentInput!]) {
  mergeSites(target_id: $target, source_ids: $sources, alignment: $alignment) { id function_name state }
}`;
const DETAIL = `query($id: ID!) { siteDetail(siteId: $id) { summary { vehicles } } }`;
const FILE = `query($id: ID!) { getTrafficDataFile(id: $id) { site { id } logs { match } } }`;
const SITE = `query($id: ID!) { site(id: $id) { name site_context } }`;

const SURVEYS = [
  { name: 'Mill Lane', seed: 11, day: '2025-01-06', directions: [1, 5], latitude: 51.0 },
  { name: 'Kings Road', seed: 12, day: '2025-01-07', directions: [1, 5], latitude: 51.1 },
  { name: 'Quay Street', seed: 13, day: '2025-01-06', directions: [3, 7], latitude: 51.2 },
  { name: 'Hill Road', seed: 14, day: '2025-01-06', directions: [1, 5], latitude: 51.3 },
] as const;

describe('merging sites', () => {
  let server: TestServer;
  let admin: string;
  let adminEmail: string;
  let viewer: string;
  let stranger: string;
  const siteIds: Record<string, string> = {};
  const fileIds: Record<string, string> = {};

  const vehiclesOf = async (siteId: string) => {
    const { body } = await graphql(server, DETAIL, { token: admin, variables: { id: siteId } });
    return (body.data?.siteDetail as { summary: { vehicles: number } }).summary.vehicles;
  };
  /** Waits until the worker has run every queued task (rollups follow each upload). */
  const idle = async () => {
    const busy = await pollUntil(
      () =>
        server.database.db
          .select({ id: tasks.id })
          .from(tasks)
          .where(inArray(tasks.state, ['QD', 'PR'])),
      (rows) => rows.length === 0,
      400,
    );
    if (busy.length > 0) throw new Error('tasks still running');
  };
  const rollupsByDirection = async (siteId: string) => {
    const rows = await server.database.db
      .select()
      .from(siteDailyRollups)
      .where(eq(siteDailyRollups.siteId, siteId));
    const totals: Record<number, number> = {};
    for (const row of rows) totals[row.direction] = (totals[row.direction] ?? 0) + row.vehicles;
    return totals;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisationId = (await createOrg(server)).id;
    const adminUser = await createUser(server, { organisationId, role: 'org_admin' });
    adminEmail = adminUser.email;
    admin = (await signIn(server, adminUser.username)).access;
    viewer = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_user' })).username,
      )
    ).access;
    stranger = (
      await signIn(
        server,
        (
          await createUser(server, {
            organisationId: (await createOrg(server)).id,
            role: 'org_admin',
          })
        ).username,
      )
    ).access;
    for (const survey of SURVEYS) {
      const text = [
        ...roadcountCsvText(
          generateTraffic({
            seed: survey.seed,
            startDay: survey.day,
            // Two days: a survey shorter than 24 hours waits for review and joins no site.
            days: 2,
            vehiclesPerDay: 80,
            directions: [...survey.directions],
            meanSpeedKmh: 45,
          }),
          { name: survey.name, latitude: survey.latitude, longitude: -1 },
        ),
      ].join('');
      const file = await uploadAndProcess(server, admin, `${survey.name}.csv`, text);
      expect(file.review_status).toBe('PDC');
      fileIds[survey.name] = file.id;
      siteIds[survey.name] = file.site?.id ?? '';
    }
    // A site counted with another class scheme.
    await server.database.db
      .update(sites)
      .set({ classScheme: 'fhwa13' })
      .where(eq(sites.id, siteIds['Hill Road'] ?? ''));
    await idle();
  }, 120_000);
  afterAll(() => server.close());

  it('refuses inconsistent class schemes, unaligned directions, viewers and other organisations', async () => {
    const inconsistent = await graphql(server, MERGE, {
      token: admin,
      variables: { target: siteIds['Mill Lane'], sources: [siteIds['Hill Road']] },
    });
    expect(inconsistent.status).toBe(400);
    expect(inconsistent.body.errors?.[0]?.message).toBe(
      'Sites with inconsistent class schemes cannot be merged (Mill Lane: arx, Hill Road: fhwa13)',
    );
    const unaligned = await graphql(server, MERGE, {
      token: admin,
      variables: {
        target: siteIds['Mill Lane'],
        sources: [siteIds['Kings Road'], siteIds['Quay Street']],
      },
    });
    expect(unaligned.status).toBe(400);
    expect(unaligned.body.errors?.[0]?.message).toBe(
      'the sites have more than 2 directions: choose, for each direction, the target direction it counts as (Quay Street: E)',
    );
    const variables = { target: siteIds['Mill Lane'], sources: [siteIds['Kings Road']] };
    const byViewer = await graphql(server, MERGE, { token: viewer, variables });
    expect(byViewer.status).toBe(403);
    const byStranger = await graphql(server, MERGE, { token: stranger, variables });
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    const queued = await server.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.functionName, 'merge_sites'));
    expect(queued).toEqual([]);
  });

  it('moves every file to the target, whose figures become the sum, and emails the user', async () => {
    const [mill, kings, quay] = ['Mill Lane', 'Kings Road', 'Quay Street'].map(
      (name) => siteIds[name] ?? '',
    ) as [string, string, string];
    const before = {
      vehicles: [await vehiclesOf(mill), await vehiclesOf(kings), await vehiclesOf(quay)],
      mill: await rollupsByDirection(mill),
      kings: await rollupsByDirection(kings),
      quay: await rollupsByDirection(quay),
    };
    expect(Object.keys(before.quay).sort()).toEqual(['3', '7']);

    const { body } = await graphql(server, MERGE, {
      token: admin,
      variables: {
        target: mill,
        sources: [kings, quay],
        alignment: [
          { site_id: quay, from: 'E', to: 'N' },
          { site_id: quay, from: 'W', to: 'S' },
        ],
      },
    });
    const task = body.data?.mergeSites as { id: string; function_name: string; state: string };
    expect(task).toMatchObject({ function_name: 'merge_sites', state: 'QD' });
    const [merged] = await pollUntil(
      () => server.database.db.select().from(tasks).where(eq(tasks.id, task.id)),
      ([row]) => row?.state !== 'QD' && row?.state !== 'PR',
      400,
    );
    expect(merged?.state).toBe('CM');

    for (const name of ['Mill Lane', 'Kings Road', 'Quay Street']) {
      const file = await graphql(server, FILE, { token: admin, variables: { id: fileIds[name] } });
      expect((file.body.data?.getTrafficDataFile as { site: { id: string } }).site.id).toBe(mill);
    }
    for (const gone of [kings, quay]) {
      const read = await graphql(server, SITE, { token: admin, variables: { id: gone } });
      expect(read.status).toBe(404);
    }

    const sum = before.vehicles.reduce((total, count) => total + count, 0);
    expect(await vehiclesOf(mill)).toBe(sum);
    // Quay Street's eastbound vehicles now count as northbound, westbound as southbound.
    expect(await rollupsByDirection(mill)).toEqual({
      1: (before.mill[1] ?? 0) + (before.kings[1] ?? 0) + (before.quay[3] ?? 0),
      5: (before.mill[5] ?? 0) + (before.kings[5] ?? 0) + (before.quay[7] ?? 0),
    });

    const outbox = join(server.config.dataDir, 'outbox');
    // Quoted-printable: soft line breaks undone, as a mail client reads it.
    const mails = readdirSync(outbox).map((file) =>
      readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, ''),
    );
    const mail = mails.find((text) =>
      text.includes('Subject: Roadcount: sites merged into Mill Lane'),
    );
    expect(mail).toBeDefined();
    expect(mail).toContain(`To: ${adminEmail}`);
    expect(mail).toContain(`now counts ${sum.toLocaleString('en-GB')} vehicles`);

    // The profile tells the admin who asked, once; not the viewer, nor another organisation.
    const NOTIFICATIONS = `{ myNotifications { unread items { id kind message read } } }`;
    type Told = {
      unread: number;
      items: { id: string; kind: string; message: Record<string, unknown>; read: boolean }[];
    };
    const told = (await graphql(server, NOTIFICATIONS, { token: admin })).body.data
      ?.myNotifications as Told;
    const merges = told.items.filter((item) => item.kind === 'merge_sites');
    expect(merges).toHaveLength(1);
    // Two source sites with one file each: 2 files moved.
    expect(merges[0]?.message).toMatchObject({
      site_id: mill,
      site_name: 'Mill Lane',
      merged: 2,
      files: 2,
    });
    expect(merges[0]?.read).toBe(false);
    for (const other of [viewer, stranger]) {
      const theirs = (await graphql(server, NOTIFICATIONS, { token: other })).body.data
        ?.myNotifications as Told;
      expect(theirs.items.filter((item) => item.kind === 'merge_sites')).toEqual([]);
    }
    // Another organisation's user cannot mark it read; its reader can.
    const strangerMarks = await graphql(
      server,
      `
        mutation ($ids: [ID!]) {
          markNotificationsRead(ids: $ids)
        }
      `,
      {
        token: stranger,
        variables: { ids: [merges[0]?.id] },
      },
    );
    expect(strangerMarks.body.data?.markNotificationsRead).toBe(0);
    const marked = await graphql(
      server,
      `
        mutation ($ids: [ID!]) {
          markNotificationsRead(ids: $ids)
        }
      `,
      {
        token: admin,
        variables: { ids: [merges[0]?.id] },
      },
    );
    expect(marked.body.data?.markNotificationsRead).toBe(1);
    const after = (await graphql(server, NOTIFICATIONS, { token: admin })).body.data
      ?.myNotifications as Told;
    expect(after.unread).toBe(told.unread - 1);

    // The admin's own tasks list the merge, completed.
    const mine = (
      await graphql(
        server,
        `
          {
            myTasks {
              id
              function_name
              state
            }
          }
        `,
        { token: admin },
      )
    ).body.data?.myTasks as { id: string; function_name: string; state: string }[];
    expect(mine.find((each) => each.id === task.id)).toMatchObject({ state: 'CM' });

    // Run a second time: no file moves, the sum stays, and no one is told again.
    const again = await runTaskAgain(server, task.id);
    expect(again.state).toBe('CM');
    expect(again.message).toBe('Mill Lane already holds the merged sites: nothing more to merge.');
    expect(await vehiclesOf(mill)).toBe(sum);
    const toldAgain = (await graphql(server, NOTIFICATIONS, { token: admin })).body.data
      ?.myNotifications as Told;
    expect(toldAgain.items.filter((item) => item.kind === 'merge_sites')).toHaveLength(1);
    expect(readdirSync(outbox)).toHaveLength(mails.length);
  });

  it('sends a later file carrying a merged site’s SID to the site it was merged into', async () => {
    const text = [
      ...metroCountText(
        generateTraffic({
          seed: 21,
          startDay: '2025-01-08',
          days: 1,
          vehiclesPerDay: 30,
          directions: [1, 1],
          meanSpeedKmh: 45,
        }),
        { name: 'Survey 7', attribute: `SID:${siteIds['Quay Street']}` },
        1,
      ),
    ].join('');
    const file = await uploadAndProcess(server, admin, 'survey7.txt', text);
    expect(file.site?.id).toBe(siteIds['Mill Lane']);
  });
});
