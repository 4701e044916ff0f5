import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  organisations,
  siteDailyRollups,
  tasks,
  trafficDataFiles,
} from '../src/infra/db/schema.ts';
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
import {
  AVAILABILITY,
  CLASSES,
  HEADWAY_PERCENTILES,
  SUMMARY,
  UNITS,
  VIRTUAL_DAY,
} from './siteDetailFields.ts';

const IMPORT = `mutation($csv: String!) {
  importSites(csv: $csv) { imported message errors { row field code message params } }
}`;
const SITES = `query($search: String) {
  sites(search: $search, page_size: 100) {
    total sites { id name latitude longitude direction_one direction_two site_type class_scheme time_zone pedestrians_included time_span }
  }
}`;
const SPEED_LIMITS = `query($siteId: ID!) { speedLimits(siteId: $siteId) { effective_from limit_mps } }`;
const DELETE = `mutation($id: ID!) { deleteSite(id: $id) { id state function_name } }`;
const RESTORE = `mutation($id: ID!) { restoreSite(id: $id) }`;
const PURGE = `mutation($id: ID!) { deleteSitePermanently(id: $id) { id state } }`;
const DELETED = `{ deletedSites { id name files permanent_deletion_pending } }`;
const SITE_DETAIL = `query($siteId: ID!) {
  siteDetail(siteId: $siteId) {
    site_name ${UNITS} ${SUMMARY} bins ${CLASSES} ${HEADWAY_PERCENTILES} ${VIRTUAL_DAY}
    ${AVAILABILITY}
  }
}`;
const MAP_SITES = `query($filter: MapFilter!) {
  mapSites(filter: $filter) { id name has_data days vehicles adt average_speed_mps speed85_mps heavy_percent }
}`;
const FILES = `{ trafficDataFiles(page_size: 100) { total files { id review_status site { id name } logs { saved_vehicles } summary_stats } } }`;
const YEAR = { start_date: '2025-01-01', end_date: '2025-12-31' };

const HEADER =
  'name,alternative_name,latitude,longitude,heading,direction_one,direction_two,site_type,pedestrians_included,class_scheme,time_zone,speed_limit_kmh,speed_limit_from';

describe('sites CSV import, delete and restore', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;
  let adminEmail: string;
  let organisationId: string;

  const gql = async (query: string, variables: Record<string, unknown> = {}, token = admin) =>
    graphql(server, query, { token, variables });
  const siteNames = async (token = admin) =>
    ((await gql(SITES, {}, token)).body.data?.sites as { sites: { name: string }[] }).sites.map(
      (site) => site.name,
    );
  const waitForTask = async (id: string) => {
    const [task] = await pollUntil(
      () => server.database.db.select().from(tasks).where(eq(tasks.id, id)),
      ([row]) => row?.state === 'CM' || row?.state === 'ER',
      400,
    );
    if (!task || (task.state !== 'CM' && task.state !== 'ER'))
      throw new Error(`task ${id} did not end`);
    return task;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    organisationId = (await createOrg(server)).id;
    const adminUser = await createUser(server, { organisationId, role: 'org_admin' });
    adminEmail = adminUser.email;
    admin = (await signIn(server, adminUser.username)).access;
    viewer = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_user' })).username,
      )
    ).access;
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    stranger = (await signIn(server, other.username)).access;
  }, 60_000);
  afterAll(() => server.close());

  it('lists the errors of both bad rows, by row and field, and imports nothing', async () => {
    const csv = [
      HEADER,
      'Bridge Street,,51.1,-1.1,90,N,S,temporary,no,arx,Europe/London,48,',
      'Quay Road,,123,-1.2,,N,E,temporary,no,arx,Europe/London,,',
      'Church Lane,,51.3,-1.3,,E,W,temporary,sometimes,arx,,,',
    ].join('\n');
    const { body } = await gql(IMPORT, { csv });
    const result = body.data?.importSites as {
      imported: number;
      message: string;
      errors: { row: number; field: string; code: string; message: string }[];
    };
    expect(result.imported).toBe(0);
    expect(result.message).toBe('problem with the CSV data, check your file');
    expect(result.errors.map((error) => [error.row, error.field, error.message])).toEqual([
      [3, 'latitude', 'must be from -90 to 90'],
      [3, 'direction_two', 'must be the opposite of direction one'],
      [4, 'pedestrians_included', 'must be yes or no'],
      [4, 'time_zone', 'is required'],
    ]);
    expect(await siteNames()).toEqual([]);
  });

  it('imports every row of a good file with its fields and speed limit', async () => {
    const csv = [
      HEADER,
      'Bridge Street,B1,51.1,-1.1,90,N,S,temporary,no,arx,Europe/London,48,2020-04-01',
      '"Quay Road, west",,51.2,-1.2,,E,W,continuous,yes,arx,Europe/London,,',
      'Church Lane,,51.3,-1.3,,,,temporary,no,bike,Europe/Paris,,',
      '',
    ].join('\r\n');
    const { body } = await gql(IMPORT, { csv });
    expect(body.data?.importSites).toEqual({ imported: 3, message: null, errors: [] });
    const sites = (
      (await gql(SITES)).body.data?.sites as {
        sites: { id: string; name: string; [key: string]: unknown }[];
      }
    ).sites;
    expect(sites.map((site) => site.name)).toEqual([
      'Bridge Street',
      'Church Lane',
      'Quay Road, west',
    ]);
    expect(sites[2]).toMatchObject({
      latitude: 51.2,
      longitude: -1.2,
      direction_one: 'E',
      direction_two: 'W',
      site_type: 'continuous',
      time_span: 'TS_P',
      pedestrians_included: true,
      time_zone: 'Europe/London',
    });
    expect(sites[1]).toMatchObject({ class_scheme: 'bike', time_zone: 'Europe/Paris' });
    const limits = await gql(SPEED_LIMITS, { siteId: sites[0]?.id });
    expect(limits.body.data?.speedLimits).toEqual([
      { effective_from: '2020-04-01', limit_mps: 48 / 3.6 },
    ]);
  });

  it('refuses names already taken in the organisation or repeated in the file', async () => {
    const csv = [
      HEADER,
      'bridge street,,51.4,-1.4,,,,temporary,no,arx,UTC,,',
      'Mill Road,,51.5,-1.5,,,,temporary,no,arx,UTC,,',
      'MILL ROAD,,51.6,-1.6,,,,temporary,no,arx,UTC,,',
    ].join('\n');
    const result = (await gql(IMPORT, { csv })).body.data?.importSites as {
      imported: number;
      errors: { row: number; field: string; message: string }[];
    };
    expect(result.imported).toBe(0);
    expect(result.errors.map((error) => [error.row, error.field, error.message])).toEqual([
      [2, 'name', 'is already the name of a site (Bridge Street)'],
      [4, 'name', 'is repeated in the file (first on row 3)'],
    ]);
    expect(await siteNames()).toHaveLength(3);
  });

  it('enforces the subscription’s site limit on import and on restore', async () => {
    const small = await createOrg(server);
    await server.database.db
      .update(organisations)
      .set({ maxSites: 2 })
      .where(eq(organisations.id, small.id));
    const smallAdmin = (
      await signIn(
        server,
        (await createUser(server, { organisationId: small.id, role: 'org_admin' })).username,
      )
    ).access;
    const rows = (names: string[]) =>
      [HEADER, ...names.map((name) => `${name},,51,-1,,,,temporary,no,arx,UTC,,`)].join('\n');
    const tooMany = await gql(IMPORT, { csv: rows(['A', 'B', 'C']) }, smallAdmin);
    expect(tooMany.body.data?.importSites).toMatchObject({
      imported: 0,
      message: 'problem with the CSV data, check your file',
      errors: [
        {
          row: null,
          code: 'siteLimit',
          message: 'the subscription allows 2 sites; the organisation has 0 and the file adds 3',
        },
      ],
    });
    expect(await siteNames(smallAdmin)).toEqual([]);
    expect((await gql(IMPORT, { csv: rows(['A', 'B']) }, smallAdmin)).body.data).toMatchObject({
      importSites: { imported: 2 },
    });
    // Deleting one makes room for another; restoring the deleted one would then pass the limit.
    const sites = (
      (await gql(SITES, {}, smallAdmin)).body.data?.sites as { sites: { id: string }[] }
    ).sites;
    const deleted = sites[0]?.id ?? '';
    const task = (await gql(DELETE, { id: deleted }, smallAdmin)).body.data?.deleteSite as {
      id: string;
    };
    expect((await waitForTask(task.id)).state).toBe('CM');
    expect((await gql(IMPORT, { csv: rows(['C']) }, smallAdmin)).body.data).toMatchObject({
      importSites: { imported: 1 },
    });
    const restore = await gql(RESTORE, { id: deleted }, smallAdmin);
    expect(restore.body.errors?.[0]?.message).toBe(
      'The subscription allows 2 sites and the organisation has 2; delete one or ask for a larger subscription',
    );
    expect(await siteNames(smallAdmin)).toEqual(['B', 'C']);
    // An upload that would need a new site is refused the same way, and creates none.
    const text = [
      ...roadcountCsvText(
        generateTraffic({
          seed: 7,
          startDay: '2025-02-03',
          days: 1,
          vehiclesPerDay: 20,
          directions: [1, 5],
          meanSpeedKmh: 40,
        }),
        { name: 'Far Away Lane', latitude: 55.9, longitude: -3.2 },
      ),
    ].join('');
    const upload = await uploadAndProcess(server, smallAdmin, 'far-away.csv', text);
    expect(upload).toMatchObject({ review_status: 'REJ', site: null });
    const [stored] = await server.database.db
      .select()
      .from(trafficDataFiles)
      .where(eq(trafficDataFiles.id, upload.id));
    expect(stored?.logs.processing_error).toBe(
      'The subscription allows 2 sites and all are in use; this file matches none of them, so delete a site or ask for a larger subscription, then upload it again',
    );
    expect(await siteNames(smallAdmin)).toEqual(['B', 'C']);
  });

  it('refuses viewers and other organisations’ users every new operation', async () => {
    const siteId = ((await gql(SITES)).body.data?.sites as { sites: { id: string }[] }).sites[0]
      ?.id;
    const csv = `${HEADER}\nStranger Road,,51,-1,,,,temporary,no,arx,UTC,,\n`;
    for (const token of [viewer]) {
      expect((await gql(IMPORT, { csv }, token)).status).toBe(403);
      expect((await gql(DELETED, {}, token)).status).toBe(403);
    }
    for (const token of [viewer, stranger]) {
      expect((await gql(DELETE, { id: siteId }, token)).status).toBe(403);
    }
    // A deleted site of this organisation is out of the stranger's reach too.
    const task = (await gql(DELETE, { id: siteId })).body.data?.deleteSite as { id: string };
    await waitForTask(task.id);
    for (const token of [viewer, stranger]) {
      expect((await gql(RESTORE, { id: siteId }, token)).status).toBe(403);
      expect((await gql(PURGE, { id: siteId }, token)).status).toBe(403);
    }
    expect((await gql(DELETED, {}, stranger)).body.data?.deletedSites).toEqual([]);
    // The stranger's own import lands in their organisation, not this one.
    expect((await gql(IMPORT, { csv }, stranger)).body.data?.importSites).toMatchObject({
      imported: 1,
    });
    expect(await siteNames()).not.toContain('Stranger Road');
    expect((await gql(RESTORE, { id: siteId })).body.data?.restoreSite).toBe(siteId);
  });

  describe('a site with a file', () => {
    let siteId: string;
    let fileId: string;

    beforeAll(async () => {
      const text = [
        ...roadcountCsvText(
          generateTraffic({
            seed: 31,
            startDay: '2025-02-03',
            days: 3,
            vehiclesPerDay: 300,
            directions: [1, 5],
            meanSpeedKmh: 45,
          }),
          { name: 'Deleted Road', latitude: 52.2, longitude: 0.1 },
        ),
      ].join('');
      const file = await uploadAndProcess(server, admin, 'deleted-road.csv', text);
      expect(file.review_status).toBe('PDC');
      siteId = file.site?.id ?? '';
      fileId = file.id;
      await pollUntil(
        async () =>
          (await gql(MAP_SITES, { filter: YEAR })).body.data?.mapSites as {
            id: string;
            has_data: boolean;
          }[],
        (mapped) => mapped.some((site) => site.id === siteId && site.has_data),
      );
    }, 60_000);

    const figures = async () => ({
      detail: (await gql(SITE_DETAIL, { siteId })).body,
      map: ((await gql(MAP_SITES, { filter: YEAR })).body.data?.mapSites as { id: string }[]).find(
        (site) => site.id === siteId,
      ),
      files: (
        (await gql(FILES)).body.data?.trafficDataFiles as { files: { id: string }[] }
      ).files.filter((file) => file.id === fileId),
    });

    it('hides the deleted site everywhere and a restore brings back its files and figures unchanged', async () => {
      const before = await figures();
      expect(before.detail.errors).toBeUndefined();
      expect(before.map).toMatchObject({ has_data: true, vehicles: 900 });
      expect(before.files).toHaveLength(1);

      const queued = (await gql(DELETE, { id: siteId })).body.data?.deleteSite as {
        id: string;
        state: string;
        function_name: string;
      };
      expect(queued).toMatchObject({ state: 'QD', function_name: 'delete_site' });
      expect((await waitForTask(queued.id)).state).toBe('CM');

      const hidden = await figures();
      expect(hidden.detail.errors?.[0]?.message).toBe(
        "We couldn't find that site. It may have been deleted",
      );
      expect(hidden.map).toBeUndefined();
      expect(hidden.files).toEqual([]);
      expect(await siteNames()).not.toContain('Deleted Road');
      expect((await gql(DELETED)).body.data?.deletedSites).toEqual([
        { id: siteId, name: 'Deleted Road', files: 1, permanent_deletion_pending: false },
      ]);
      const mail = readdirSync(join(server.config.dataDir, 'outbox'))
        .map((name) => readFileSync(join(server.config.dataDir, 'outbox', name), 'utf8'))
        .filter((text) => text.includes(adminEmail) && text.includes('Deleted Road is deleted'));
      expect(mail.length).toBeGreaterThan(0);
      // Run a second time: the site stays hidden, listed once, and no second mail goes out.
      const outboxSize = readdirSync(join(server.config.dataDir, 'outbox')).length;
      const again = await runTaskAgain(server, queued.id);
      expect(again.state).toBe('CM');
      expect(again.message).toBe('Deleted Road was already deleted: nothing more to do');
      expect((await figures()).files).toEqual([]);
      expect((await gql(DELETED)).body.data?.deletedSites).toEqual([
        { id: siteId, name: 'Deleted Road', files: 1, permanent_deletion_pending: false },
      ]);
      expect(readdirSync(join(server.config.dataDir, 'outbox'))).toHaveLength(outboxSize);

      expect((await gql(RESTORE, { id: siteId })).body.data?.restoreSite).toBe(siteId);
      expect(await figures()).toEqual(before);
      expect((await gql(DELETED)).body.data?.deletedSites).toEqual([]);
    });

    it('deletes a deleted site permanently with its files’ data and rollups', async () => {
      expect((await gql(PURGE, { id: siteId })).status).toBe(404);
      const first = (await gql(DELETE, { id: siteId })).body.data?.deleteSite as { id: string };
      await waitForTask(first.id);
      const [file] = await server.database.db
        .select()
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.id, fileId));
      const blob = join(server.config.dataDir, 'blobs', `columns/${fileId}.arrow`);
      const scanFile = join(server.config.dataDir, 'blobs', `scan/${fileId}.bin`);
      expect(existsSync(blob)).toBe(true);
      expect(existsSync(scanFile)).toBe(true);
      expect(existsSync(join(server.config.dataDir, 'blobs', file?.s3Key ?? ''))).toBe(true);

      const purge = (await gql(PURGE, { id: siteId })).body.data?.deleteSitePermanently as {
        id: string;
      };
      expect((await waitForTask(purge.id)).state).toBe('CM');
      expect((await gql(DELETED)).body.data?.deletedSites).toEqual([]);
      expect((await gql(RESTORE, { id: siteId })).status).toBe(404);
      const db = server.database.db;
      expect(
        await db.select().from(trafficDataFiles).where(eq(trafficDataFiles.id, fileId)),
      ).toEqual([]);
      expect(
        await db.select().from(siteDailyRollups).where(eq(siteDailyRollups.siteId, siteId)),
      ).toEqual([]);
      expect(existsSync(blob)).toBe(false);
      expect(existsSync(scanFile)).toBe(false);
      expect(existsSync(join(server.config.dataDir, 'blobs', file?.s3Key ?? ''))).toBe(false);
      // Run a second time: nothing left to delete, nothing comes back, no second mail.
      const outboxSize = readdirSync(join(server.config.dataDir, 'outbox')).length;
      const again = await runTaskAgain(server, purge.id);
      expect(again.message).toBe('The site was already deleted permanently');
      expect((await gql(DELETED)).body.data?.deletedSites).toEqual([]);
      expect((await figures()).files).toEqual([]);
      expect(readdirSync(join(server.config.dataDir, 'outbox'))).toHaveLength(outboxSize);
    });
  });
});
