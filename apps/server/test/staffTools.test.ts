import { eq } from 'drizzle-orm';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@roadcount/domain';
import {
  lanes,
  notes,
  organisations,
  siteGroupMembers,
  siteGroups,
  sites,
  tasks,
  trafficDataFiles,
  users,
} from '../src/infra/db/schema.ts';
import { DEMO_USERS } from '../src/features/demo/demo.seed.ts';
import { hashPassword } from '../src/infra/auth/passwords.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  runTaskAgain,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const START = `mutation($kind: StaffTaskKind!, $siteId: ID, $organisationId: ID) {
  startStaffTask(kind: $kind, siteId: $siteId, organisationId: $organisationId) { id state message }
}`;
const TASKS = `query($ids: [ID!]!) { task_tracking(ids: $ids) { id state message progress } }`;
const SITE = `query($id: ID!) { site(id: $id) { name owner_organisation_id latitude longitude } }`;
const DETAIL = `query($id: ID!) { siteDetail(siteId: $id) { summary { vehicles } } }`;
const FILES = `{ trafficDataFiles { total files { id file_name } } }`;
const GROUPS = `{ siteGroups { name site_count } }`;
const LANES = `query($id: ID!) { siteLanes(siteId: $id) { direction position_id name } }`;
const AUDIT = `{ staffAuditLog { username action organisation_name detail } }`;

interface Task {
  id: string;
  state: string;
  message: string;
  progress: number | null;
}

/** A survey of two whole days: long enough to pass the data-quality tests and join its site. */
function survey(name: string, seed: number, latitude: number, vehiclesPerDay = 60, days = 2) {
  const vehicles = [
    ...generateTraffic({
      seed,
      startDay: '2025-03-03',
      days,
      vehiclesPerDay,
      directions: [1, 5],
      meanSpeedKmh: 45,
    }),
  ];
  return {
    vehicles: vehicles.length,
    text: [...roadcountCsvText(vehicles, { name, latitude, longitude: -1.2 })].join(''),
  };
}

describe('staff tools: the staff task kinds', () => {
  let server: TestServer;
  let staff: string;
  let adminA: string;
  let adminB: string;
  let orgA: string;
  let orgB: string;
  let siteId: string;
  let fileId: string;
  let vehicles: number;

  const run = async (
    token: string,
    kind: string,
    target: { siteId?: string; organisationId?: string } = {},
  ): Promise<Task> => {
    const { body } = await graphql(server, START, { token, variables: { kind, ...target } });
    const queued = body.data?.startStaffTask as Task | undefined;
    if (!queued) throw new Error(body.errors?.[0]?.message ?? 'not queued');
    expect(queued.state).toBe('QD');
    const [task] = await pollUntil(
      async () =>
        (await graphql(server, TASKS, { token, variables: { ids: [queued.id] } })).body.data
          ?.task_tracking as Task[],
      (found) => found[0]?.state === 'CM' || found[0]?.state === 'ER',
      400,
    );
    if (!task) throw new Error('task not found');
    return task;
  };
  const query = async (token: string, text: string, variables = {}) =>
    (await graphql(server, text, { token, variables })).body;
  const vehiclesOf = async (token: string, id: string) =>
    ((await query(token, DETAIL, { id })).data?.siteDetail as { summary: { vehicles: number } })
      .summary.vehicles;

  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO_SURVEYS: 'false' }, { worker: true });
    orgA = (await createOrg(server, 'Northshire Highways')).id;
    orgB = (await createOrg(server, 'Southvale Council')).id;
    staff = (
      await signIn(
        server,
        (await createUser(server, { organisationId: null, role: 'admin' })).username,
      )
    ).access;
    const adminUserA = await createUser(server, { organisationId: orgA, role: 'org_admin' });
    adminA = (await signIn(server, adminUserA.username)).access;
    adminB = (
      await signIn(
        server,
        (await createUser(server, { organisationId: orgB, role: 'org_admin' })).username,
      )
    ).access;
    const mill = survey('Mill Lane', 5, 52.2);
    vehicles = mill.vehicles;
    const file = await uploadAndProcess(server, adminA, 'mill-lane.csv', mill.text);
    expect(file.review_status).toBe('PDC');
    siteId = file.site?.id ?? '';
    fileId = file.id;
    // The site sits in a group and its file has a note, in organisation A.
    const [group] = await server.database.db
      .insert(siteGroups)
      .values({ organisationId: orgA, name: 'Ring road' })
      .returning();
    await server.database.db.insert(siteGroupMembers).values({ groupId: group?.id ?? '', siteId });
    await server.database.db.insert(notes).values({
      organisationId: orgA,
      subject: 'traffic_data_file',
      subjectId: fileId,
      content: 'Tube replaced on day 2',
      username: adminUserA.username,
    });
    await pollUntil(
      () => vehiclesOf(adminA, siteId),
      (count) => count === vehicles,
    );
  }, 300_000);
  afterAll(() => server.close());

  it('lets an organisation admin start none of the staff tasks, nor read the audit log', async () => {
    for (const kind of [
      'move_site_organisation',
      'clean_lanes',
      'empty_vehicles_reupload',
      'assume_coordinates',
      'clean_empty_files',
      'reset_demo_account',
    ]) {
      const { body } = await graphql(server, START, {
        token: adminA,
        variables: { kind, siteId, organisationId: orgA },
      });
      expect(body.errors?.[0]?.message, kind).toBe(ERROR_CATALOGUE[403]);
    }
    const audit = await query(adminA, AUDIT);
    expect(audit.errors?.[0]?.message).toBe(ERROR_CATALOGUE[403]);
    // Nothing moved.
    expect((await query(adminA, SITE, { id: siteId })).data?.site).toMatchObject({
      owner_organisation_id: orgA,
    });
  });

  it('moves a site to another organisation with its file, note and group, once', async () => {
    const task = await run(staff, 'move_site_organisation', { siteId, organisationId: orgB });
    expect(task.state).toBe('CM');
    expect(task.progress).toBe(100);
    expect(task.message).toContain('with 1 file(s), 1 file note(s), 1 group(s)');

    // What B's admin sees: the site, its file, its group, its vehicles.
    expect((await query(adminB, SITE, { id: siteId })).data?.site).toMatchObject({
      name: 'Mill Lane',
      owner_organisation_id: orgB,
    });
    const filesB = (await query(adminB, FILES)).data?.trafficDataFiles as {
      files: { id: string }[];
    };
    expect(filesB.files.map((file) => file.id)).toEqual([fileId]);
    expect((await query(adminB, GROUPS)).data?.siteGroups).toEqual([
      { name: 'Ring road', site_count: 1 },
    ]);
    expect(await vehiclesOf(adminB, siteId)).toBe(vehicles);
    // The note's organisation shows in no answer (staff alone read notes): read where stored.
    const NOTES = `query($id: ID!) { getFileNotes(fileId: $id) { content } }`;
    expect((await query(staff, NOTES, { id: fileId })).data?.getFileNotes).toEqual([
      { content: 'Tube replaced on day 2' },
    ]);
    const [note] = await server.database.db.select().from(notes).where(eq(notes.subjectId, fileId));
    expect(note?.organisationId).toBe(orgB);
    // A no longer does: the site is not found, the file list empty, the group empty.
    expect((await query(adminA, SITE, { id: siteId })).errors?.[0]?.message).toBeTruthy();
    expect(((await query(adminA, FILES)).data?.trafficDataFiles as { total: number }).total).toBe(
      0,
    );
    expect((await query(adminA, GROUPS)).data?.siteGroups).toEqual([
      { name: 'Ring road', site_count: 0 },
    ]);

    // Twice: nothing more moves, no second group appears.
    const again = await run(staff, 'move_site_organisation', { siteId, organisationId: orgB });
    expect(again.state).toBe('CM');
    expect(again.message).toBe('Mill Lane is already in Southvale Council: nothing to move.');
    expect((await query(adminB, GROUPS)).data?.siteGroups).toEqual([
      { name: 'Ring road', site_count: 1 },
    ]);
    expect(await vehiclesOf(adminB, siteId)).toBe(vehicles);
    expect((await query(staff, NOTES, { id: fileId })).data?.getFileNotes).toEqual([
      { content: 'Tube replaced on day 2' },
    ]);
  });

  it("refuses a move beyond the receiving organisation's site limit, and retries once raised", async () => {
    const other = await uploadAndProcess(
      server,
      adminA,
      'kings.csv',
      survey('Kings Road', 6, 52.4).text,
    );
    const kingsId = other.site?.id ?? '';
    // B holds Mill Lane: a limit of 1 leaves no room.
    await server.database.db
      .update(organisations)
      .set({ maxSites: 1 })
      .where(eq(organisations.id, orgB));
    const refused = await run(staff, 'move_site_organisation', {
      siteId: kingsId,
      organisationId: orgB,
    });
    expect(refused.state).toBe('ER');
    expect(refused.message).toBe(
      "Southvale Council's subscription allows 1 sites and all are in use: raise its limit or delete a site there, then retry.",
    );
    expect((await query(adminA, SITE, { id: kingsId })).data?.site).toMatchObject({
      owner_organisation_id: orgA,
    });
    // An org admin may not retry a staff task; staff may, once the limit is raised.
    const RETRY = `mutation($id: ID!) { retryTask(id: $id) { state } }`;
    expect((await query(adminA, RETRY, { id: refused.id })).errors?.[0]?.message).toBeTruthy();
    await server.database.db
      .update(organisations)
      .set({ maxSites: 10 })
      .where(eq(organisations.id, orgB));
    const retried = (await query(staff, RETRY, { id: refused.id })).data?.retryTask as Task;
    expect(retried.state).toBe('QD');
    const [done] = await pollUntil(
      async () => (await query(staff, TASKS, { ids: [refused.id] })).data?.task_tracking as Task[],
      (found) => found[0]?.state === 'CM',
      400,
    );
    expect(done?.state).toBe('CM');
    expect((await query(adminB, SITE, { id: kingsId })).data?.site).toMatchObject({
      owner_organisation_id: orgB,
    });
  });

  it('records each staff task in the audit log: who, what, which organisation', async () => {
    const log = (await query(staff, AUDIT)).data?.staffAuditLog as {
      action: string;
      organisation_name: string;
      detail: string;
      username: string;
    }[];
    const moves = log.filter((entry) => entry.action === 'move_site_organisation');
    // Mill Lane twice, Kings Road once (the retry is not a new start).
    expect(moves).toHaveLength(3);
    const mill = moves.filter(
      (entry) => (JSON.parse(entry.detail) as { siteName?: string }).siteName === 'Mill Lane',
    );
    expect(mill.map((entry) => entry.organisation_name)).toEqual([
      'Southvale Council',
      'Northshire Highways',
    ]);
    expect(JSON.parse(mill[1]?.detail ?? '{}')).toMatchObject({
      toOrganisationName: 'Southvale Council',
    });
    expect(moves[0]?.username).toMatch(/^user-/);
  });

  it('cleans repeated lanes and numbers positions from the centre, once', async () => {
    // North: lane at 0 twice (same name), one at 5; south: one at 2.
    await server.database.db.insert(lanes).values([
      { siteId, direction: 1, positionId: 0, name: 'inner' },
      { siteId, direction: 1, positionId: 0, name: 'inner' },
      { siteId, direction: 1, positionId: 5, name: 'outer' },
      { siteId, direction: 5, positionId: 2, name: 'south' },
    ]);
    const expected = [
      { direction: 'N', position_id: 0, name: 'inner' },
      { direction: 'N', position_id: 1, name: 'outer' },
      { direction: 'S', position_id: 0, name: 'south' },
    ];
    const first = await run(staff, 'clean_lanes', { siteId });
    expect(first.message).toBe(
      'Mill Lane: 1 repeated lane(s) removed, 2 renumbered; 3 lane(s) kept.',
    );
    expect((await query(adminB, LANES, { id: siteId })).data?.siteLanes).toEqual(expected);
    const second = await run(staff, 'clean_lanes', { siteId });
    expect(second.message).toBe(
      'Mill Lane: 0 repeated lane(s) removed, 0 renumbered; 3 lane(s) kept.',
    );
    expect((await query(adminB, LANES, { id: siteId })).data?.siteLanes).toEqual(expected);
  });

  it("gives sites without GPS their files' coordinates, and leaves the others", async () => {
    // Mill Lane lost its GPS; its file said 52.2, -1.2.
    await server.database.db
      .update(sites)
      .set({ latitude: null, longitude: null })
      .where(eq(sites.id, siteId));
    const first = await run(staff, 'assume_coordinates', { organisationId: orgB });
    expect(first.message).toBe(
      "1 of 1 site(s) without GPS took their files' coordinates: Mill Lane.",
    );
    expect((await query(adminB, SITE, { id: siteId })).data?.site).toMatchObject({
      latitude: 52.2,
      longitude: -1.2,
    });
    const second = await run(staff, 'assume_coordinates', { organisationId: orgB });
    expect(second.message).toBe("0 of 0 site(s) without GPS took their files' coordinates.");
    expect((await query(adminB, SITE, { id: siteId })).data?.site).toMatchObject({
      latitude: 52.2,
      longitude: -1.2,
    });
  });

  it('empties a site of its vehicles and reads its files again from their uploads', async () => {
    const before = (
      await server.database.db
        .select()
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.id, fileId))
    )[0]?.logs.columns_version;
    const first = await run(staff, 'empty_vehicles_reupload', { siteId });
    expect(first.state).toBe('CM');
    expect(first.message).toBe(
      `Mill Lane: vehicles emptied and 1 file(s) processed again from their uploads (${vehicles} vehicles)`,
    );
    const after = (
      await server.database.db
        .select()
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.id, fileId))
    )[0]?.logs.columns_version;
    expect(after).not.toBe(before);
    expect(await vehiclesOf(adminB, siteId)).toBe(vehicles);
    await run(staff, 'empty_vehicles_reupload', { siteId });
    expect(await vehiclesOf(adminB, siteId)).toBe(vehicles);
  });

  it('deletes the files that saved nothing, and keeps those with an error to read', async () => {
    const empty = (name: string, logs: Record<string, unknown>) => ({
      organisationId: orgB,
      fileName: name,
      kind: 'vehicle',
      s3Key: `uploads/${orgB}/${name}`,
      sha256: name,
      sizeBytes: 10,
      reviewStatus: 'PDC',
      logs,
    });
    await server.database.db
      .insert(trafficDataFiles)
      .values([
        empty('blank.csv', { saved_vehicles: 0 }),
        empty('broken.csv', { saved_vehicles: 0, processing_error: 'line 3: no speed' }),
      ]);
    const names = async () =>
      (
        (await query(adminB, FILES)).data?.trafficDataFiles as { files: { file_name: string }[] }
      ).files
        .map((file) => file.file_name)
        .sort();
    expect(await names()).toEqual(['blank.csv', 'broken.csv', 'kings.csv', 'mill-lane.csv']);
    const first = await run(staff, 'clean_empty_files', { organisationId: orgB });
    expect(first.message).toBe('1 empty file(s) deleted: blank.csv.');
    expect(await names()).toEqual(['broken.csv', 'kings.csv', 'mill-lane.csv']);
    const second = await run(staff, 'clean_empty_files', { organisationId: orgB });
    expect(second.message).toBe('0 empty file(s) deleted.');
    expect(await names()).toEqual(['broken.csv', 'kings.csv', 'mill-lane.csv']);
  });

  it("rebuilds the site's counts after a review accepts a file, and again changes nothing", async () => {
    // One day of 40 vehicles: shorter than 24 hours, it waits for review.
    const short = survey('Mill Lane', 9, 52.2, 40, 1);
    const file = await uploadAndProcess(server, adminB, 'mill-short.csv', short.text);
    expect(file.review_status).toBe('WFR');
    expect(file.site?.id).toBe(siteId);
    expect(await vehiclesOf(adminB, siteId)).toBe(vehicles);
    const REVIEW = `mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC") { review_status } }`;
    await query(adminB, REVIEW, { id: file.id });
    const joined = await pollUntil(
      () => vehiclesOf(adminB, siteId),
      (count) => count === vehicles + short.vehicles,
    );
    expect(joined).toBe(vehicles + short.vehicles);
    // The review's task run a second time: the file's vehicles join the site once only.
    const [review] = await server.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.functionName, 'process_file_after_review'));
    const again = await runTaskAgain(server, review?.id ?? '');
    expect(again.state).toBe('CM');
    expect(await vehiclesOf(adminB, siteId)).toBe(vehicles + short.vehicles);
  });

  it('takes the demo back to its seed, and a second reset to the same', async () => {
    // The demo as the first start seeds it (other organisations exist here already).
    const demoId = (await createOrg(server, 'Demo Roads Authority')).id;
    for (const user of DEMO_USERS)
      await server.database.db.insert(users).values({
        ...user,
        organisationId: demoId,
        passwordHash: await hashPassword(
          user.username === 'demo' ? 'd-pass-long-1' : 'a-pass-long-1',
        ),
      });
    // A visitor's changes: a site, a group, a new user, the demo user's preferences.
    await server.database.db
      .insert(sites)
      .values({ ownerOrganisationId: demoId, name: 'Added Street' });
    await server.database.db.insert(siteGroups).values({ organisationId: demoId, name: 'Mine' });
    await createUser(server, {
      organisationId: demoId,
      role: 'org_user',
      username: 'extra-viewer',
    });
    await server.database.db
      .update(users)
      .set({ preferences: { locale: 'fr' }, firstName: 'Changed' })
      .where(eq(users.username, 'demo'));
    // What the demo shows: its admin's sites and groups, the users staff list, the demo
    // user's own profile.
    const state = async () => {
      const demoAdmin = (await signIn(server, 'admin', 'a-pass-long-1')).access;
      const demoViewer = (await signIn(server, 'demo', 'd-pass-long-1')).access;
      const listed = await fetch(`${server.url}/core/api/config/users/?organisation_id=${demoId}`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      const people = (await listed.json()) as {
        results: { username: string; first_name: string; last_name: string }[];
      };
      const me = (await query(demoViewer, `{ me { preferences } }`)).data?.me as {
        preferences: unknown;
      };
      return {
        sites: (
          (await query(demoAdmin, `{ sites(page_size: 100) { sites { name } } }`)).data?.sites as {
            sites: { name: string }[];
          }
        ).sites.map((site) => site.name),
        groups: ((await query(demoAdmin, GROUPS)).data?.siteGroups as unknown[]).length,
        users: people.results
          .map((user) => `${user.username}:${user.first_name} ${user.last_name}`)
          .sort(),
        demoPreferences: me.preferences,
      };
    };
    const seeded = {
      sites: [],
      groups: 0,
      users: ['admin:Demo Administrator', 'demo:Demo Viewer'],
      demoPreferences: {},
    };
    // The visitor's changes show before the reset.
    expect(await state()).toEqual({
      sites: ['Added Street'],
      groups: 1,
      users: ['admin:Demo Administrator', 'demo:Changed Viewer', 'extra-viewer: '],
      demoPreferences: { locale: 'fr' },
    });
    const first = await run(staff, 'reset_demo_account');
    expect(first.state).toBe('CM');
    expect(first.message).toContain('1 site(s) and 0 file(s) removed');
    expect(await state()).toEqual(seeded);
    await run(staff, 'reset_demo_account');
    expect(await state()).toEqual(seeded);
    // The demo user signs in as before.
    expect((await signIn(server, 'demo', 'd-pass-long-1')).access).toBeTruthy();
  });
});
