import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsFromArrow } from '@roadcount/analytics';
import {
  organisations,
  siteDailyRollups,
  sites,
  tasks,
  trafficDataFiles,
  userNotifications,
} from '../src/infra/db/schema.ts';
import { createTaskQueue } from '../src/infra/queue/taskQueue.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
  pollUntil,
  runTaskAgain,
} from './testServer.ts';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'packages', 'formats', 'fixtures');

const FILE_QUERY = `query($id: ID!) { getTrafficDataFile(id: $id) {
  id file_name review_status start_data_datetime end_data_datetime
  logs { saved_vehicles data_qc_tests processing_error match duplicate_of }
  site { id name organisation_name }
} }`;

interface UploadAnswer {
  files: { id: string; file_name: string; duplicate_of: string | null; task_id: string | null }[];
}

async function upload(
  server: TestServer,
  token: string,
  paths: string[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  paths.forEach((path, index) => {
    form.append(
      `file-${index}`,
      new Blob([readFileSync(join(fixtures, path))]),
      path.split('/').at(-1),
    );
  });
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as UploadAnswer & { message?: string },
  };
}

interface FileState {
  id: string;
  review_status: string;
  start_data_datetime: string | null;
  end_data_datetime: string | null;
  logs: {
    saved_vehicles: number | null;
    processing_error: string | null;
    match: { rule: string } | null;
    data_qc_tests: unknown;
  };
  site: { id: string; name: string } | null;
}

/** Polls the file as the client would until it has left LOAD. */
async function settled(server: TestServer, token: string, id: string): Promise<FileState> {
  const file = await pollUntil(
    async () =>
      (await graphql(server, FILE_QUERY, { token, variables: { id } })).body.data
        ?.getTrafficDataFile as FileState | undefined,
    (state) => state !== undefined && state.review_status !== 'LOAD',
  );
  if (!file || file.review_status === 'LOAD') throw new Error(`file ${id} is still processing`);
  return file;
}

describe('ingest: upload, process, match and check quality', () => {
  let server: TestServer;
  let token: string;
  let viewerToken: string;
  let otherToken: string;
  let organisationId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    organisationId = organisation.id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    const viewer = await createUser(server, { organisationId, role: 'org_user' });
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    token = (await signIn(server, admin.username)).access;
    viewerToken = (await signIn(server, viewer.username)).access;
    otherToken = (await signIn(server, other.username)).access;
  });
  afterAll(() => server.close());

  it('processes each format into a new site with the file’s count and first and last times', async () => {
    const { status, body } = await upload(
      server,
      token,
      ['ok/metrocount-metric.txt', 'ok/roadcount.csv', 'ok/jamar.csv'],
      { kind: 'vehicle' },
    );
    expect(status).toBe(201);
    expect(body.files).toHaveLength(3);
    const [metrocount, roadcount, jamar] = await Promise.all(
      body.files.map((file) => settled(server, token, file.id)),
    );
    // The organisation has no time zone preference, so a new site from a file that names none is in UTC.
    expect(jamar).toMatchObject({
      start_data_datetime: '2023-11-06T11:54:57.000Z',
      end_data_datetime: '2023-11-07T00:00:00.000Z',
      logs: { saved_vehicles: 4, match: { rule: 'new' } },
      site: { name: 'Elm Street' },
    });

    expect(metrocount).toMatchObject({
      start_data_datetime: '2025-03-03T10:00:04.500Z',
      end_data_datetime: '2025-03-04T09:59:58.000Z',
      logs: { saved_vehicles: 5, processing_error: null, match: { rule: 'new' } },
      site: { name: '[0123] High Street north of Bridge Road' },
    });
    // Five vehicles on the busiest day is below the default lowest max ADT of 50: waits for review.
    expect(metrocount?.review_status).toBe('WFR');
    expect(metrocount?.logs.data_qc_tests).toHaveProperty(
      'above_vol_thres.reason',
      'Maximum daily volume too low',
    );

    expect(roadcount).toMatchObject({
      start_data_datetime: '2025-06-02T07:00:01.250Z',
      end_data_datetime: '2025-06-02T07:01:00.000Z',
      logs: { saved_vehicles: 4, match: { rule: 'new' } },
      site: { name: 'Riverside Drive' },
    });
  });

  it('matches a later file to the site within 5 m, and SID: to the site it names', async () => {
    const [existing] = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.name, 'Riverside Drive'));
    if (!existing) throw new Error('Riverside Drive was not created');
    const csv = readFileSync(join(fixtures, 'ok/roadcount.csv'), 'utf8')
      .replace(/2025-06-02/g, '2025-06-09')
      .replace(/Riverside Drive,53.40840/g, 'Riverside Dr,53.40841');
    const form = new FormData();
    form.append('file-0', new Blob([csv]), 'riverside-week2.csv');
    form.append(
      'file-1',
      new Blob([csv.replace(/Riverside Dr,53.40841,-2.99160/g, `SID:${existing.id},,`)]),
      'by-sid.csv',
    );
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { files } = (await response.json()) as UploadAnswer;
    const [byGps, bySid] = await Promise.all(files.map((file) => settled(server, token, file.id)));
    expect(byGps?.logs.match?.rule).toBe('gps');
    expect(byGps?.site?.id).toBe(existing.id);
    expect(bySid?.logs.match?.rule).toBe('sid');
    expect(bySid?.site?.id).toBe(existing.id);

    // The description of the upload carries the site id as a counter operator writes it.
    const described = new FormData();
    described.append(
      'file-0',
      new Blob([csv.replace(/Riverside Dr,53.40841,-2.99160/g, 'Somewhere,,')]),
      'described.csv',
    );
    described.append('description', `Week 3 tubes SID:${existing.id}`);
    const answer = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: described,
    });
    const byDescription = await settled(
      server,
      token,
      ((await answer.json()) as UploadAnswer).files[0]?.id ?? '',
    );
    expect(byDescription.logs.match?.rule).toBe('sid');
    expect(byDescription.site?.id).toBe(existing.id);
  });

  it('stores bike counts of an interval file on a bike site, with counts and times as in the file', async () => {
    const { body } = await upload(server, token, ['ok/ecocounter.csv'], { kind: 'bike' });
    const counts = await settled(server, token, body.files[0]?.id ?? '');
    // A new site in an organisation without a time zone preference reads local times as UTC.
    expect(counts).toMatchObject({
      start_data_datetime: '2025-08-14T12:00:00.000Z',
      end_data_datetime: '2025-08-14T12:45:00.000Z',
      logs: { saved_vehicles: 36, processing_error: null, match: { rule: 'new' } },
      site: { name: 'Thames Path' },
    });
    // One hour of counts is short of the default minimum survey duration of 24 hours.
    expect(counts.review_status).toBe('WFR');
    expect(counts.logs.data_qc_tests).toHaveProperty(
      'sufficient_hours.reason',
      'Insufficient survey duration',
    );
    expect(counts.logs.data_qc_tests).not.toHaveProperty('rho_test');
    const [site] = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.id, counts.site?.id ?? ''));
    expect(site?.coreSiteMeta).toMatchObject({ site_context: ['BIKE'] });
  });

  it('stores a national-platform workbook’s counts by class, direction and lane', async () => {
    const { body } = await upload(server, token, ['ok/national.xlsx'], { kind: 'national' });
    const counts = await settled(server, token, body.files[0]?.id ?? '');
    expect(counts).toMatchObject({
      start_data_datetime: '2025-05-01T00:00:00.000Z',
      end_data_datetime: '2025-05-01T03:00:00.000Z',
      logs: { saved_vehicles: 4 * 81 + 12, processing_error: null, match: { rule: 'new' } },
      site: { name: 'national' },
    });
    // Run a second time: the same counts on the same site, and no second site named so.
    const nationalSites = async () =>
      (
        (
          await graphql(
            server,
            `
              query {
                sites(search: "national", page_size: 100) {
                  sites {
                    id
                    name
                  }
                }
              }
            `,
            { token },
          )
        ).body.data?.sites as { sites: { id: string; name: string }[] }
      ).sites.filter((site) => site.name === 'national');
    expect(await nationalSites()).toEqual([{ id: counts.site?.id, name: 'national' }]);
    const again = await runTaskAgain(server, body.files[0]?.task_id ?? '');
    expect(again.state).toBe('CM');
    expect(await settled(server, token, body.files[0]?.id ?? '')).toEqual(counts);
    expect(await nationalSites()).toEqual([{ id: counts.site?.id, name: 'national' }]);
    const refused = await upload(server, token, ['not-ok/national-repeat-without-lane.xlsx'], {
      kind: 'national',
    });
    const failed = await settled(server, token, refused.body.files[0]?.id ?? '');
    expect(failed.logs.processing_error).toBe(
      "national-repeat-without-lane.xlsx, line 1: a lane number is needed where class and direction repeat: 'Car IN', 'Car IN'",
    );
  });

  it('ends a damaged workbook at once as not a readable xlsx, not retried', async () => {
    // The fixture cut after 2,000 bytes: a zip without its central directory.
    const form = new FormData();
    const cut = readFileSync(join(fixtures, 'ok/national.xlsx')).subarray(0, 2000);
    form.append('file-0', new Blob([cut]), 'damaged.xlsx');
    form.append('kind', 'national');
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as UploadAnswer;
    const file = await settled(server, token, body.files[0]?.id ?? '');
    expect(file.review_status).toBe('REJ');
    expect(file.logs.processing_error).toMatch(
      /^damaged\.xlsx: the file is not a readable xlsx workbook \(.+\): save it again as \.xlsx from a spreadsheet program$/,
    );
    const [task] = await server.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, body.files[0]?.task_id ?? ''));
    // Ended on its first attempt: a format error is final.
    expect(task).toMatchObject({ state: 'ER', attempts: 1 });
  });

  it('gives exactly one copy of a file’s data when its processing runs again', async () => {
    const { body } = await upload(server, token, ['ok/metrocount-metric.txt'], { force: 'true' });
    const fileId = body.files[0]?.id ?? '';
    const first = await settled(server, token, fileId);
    const sitesBefore = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.ownerOrganisationId, organisationId));
    // As when a worker died mid-file and another takes the task: the same file is processed again.
    const rerun = await createTaskQueue(server.database.db).enqueue({
      functionName: 'process_file',
      organisationId,
      userId: null,
      payload: { fileId },
    });
    await pollUntil(
      () => server.database.db.select().from(tasks).where(eq(tasks.id, rerun.id)),
      ([task]) => task?.state === 'CM',
    );
    const second = await settled(server, token, fileId);
    expect(second.site?.id).toBe(first.site?.id);
    expect(second.logs.saved_vehicles).toBe(5);
    const sitesAfter = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.ownerOrganisationId, organisationId));
    expect(sitesAfter.length).toBe(sitesBefore.length);
    const columns = columnsFromArrow(
      readFileSync(join(server.config.dataDir, 'blobs', 'columns', `${fileId}.arrow`)),
    );
    expect(columns.timeMs.length).toBe(5);
  });

  it('lets an org admin accept a file waiting for review, whose data then joins the site’s rollups', async () => {
    const { body } = await upload(server, token, ['ok/metrocount-metric.txt'], { force: 'true' });
    const fileId = body.files[0]?.id ?? '';
    const waiting = await settled(server, token, fileId);
    expect(waiting.review_status).toBe('WFR');
    const review = `mutation($fileId: ID!, $status: String!) {
      updateDataQcCheck(fileId: $fileId, userReview: { comment: "tubes checked on site" }, status: $status) {
        review_status logs { user_review }
      }
    }`;
    const byViewer = await graphql(server, review, {
      token: viewerToken,
      variables: { fileId, status: 'ACC' },
    });
    expect(byViewer.status).toBe(403);
    const byOther = await graphql(server, review, {
      token: otherToken,
      variables: { fileId, status: 'ACC' },
    });
    expect(byOther.status).toBe(403);

    const accepted = await graphql(server, review, { token, variables: { fileId, status: 'ACC' } });
    expect(accepted.body.data?.updateDataQcCheck).toMatchObject({
      review_status: 'ACC',
      logs: { user_review: [{ status: 'ACC', review: { comment: 'tubes checked on site' } }] },
    });
    const again = await graphql(server, review, { token, variables: { fileId, status: 'REJ' } });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.message).toBe(
      'Only a file waiting for review can be accepted or rejected.',
    );

    const siteId = waiting.site?.id ?? '';
    const rollups = await pollUntil(
      () =>
        server.database.db
          .select()
          .from(siteDailyRollups)
          .where(eq(siteDailyRollups.siteId, siteId)),
      (rows) => rows.length > 0,
    );
    // The five vehicles of 3 and 4 March, north (1) and south (5), in the site's local days.
    const byDay = rollups.map((row) => [row.day, row.direction, row.vehicles]).sort();
    expect(byDay).toEqual([
      ['2025-03-03', 1, 2],
      ['2025-03-03', 5, 1],
      ['2025-03-04', 1, 2],
    ]);
  });

  it('answers a second upload of the same content with the file it has, adding no row', async () => {
    const filesOf = () =>
      server.database.db
        .select()
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.organisationId, organisationId));
    const before = await filesOf();
    const { body } = await upload(server, token, ['ok/roadcount.csv']);
    expect(body.files[0]?.duplicate_of).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.files[0]?.id).toBe(body.files[0]?.duplicate_of);
    expect(body.files[0]?.task_id).toBeNull();
    // No phantom: the files table (and so its status counts) is as it was.
    const after = await filesOf();
    expect(after.map((file) => file.id).sort()).toEqual(before.map((file) => file.id).sort());
    expect(after.filter((file) => file.reviewStatus === null)).toEqual([]);
    const forced = await upload(server, token, ['ok/roadcount.csv'], { force: 'true' });
    expect(forced.body.files[0]?.task_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ends a malformed file with the line and field, keeps the raw file, and creates no site', async () => {
    const sitesBefore = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.ownerOrganisationId, organisationId));
    const { body } = await upload(server, token, ['not-ok/roadcount-bad-direction.csv']);
    const file = await settled(server, token, body.files[0]?.id ?? '');
    expect(file.logs.processing_error).toBe(
      "roadcount-bad-direction.csv, line 6, field 'direction': 'up' is not a direction (N, E, S, W or 0 to 8)",
    );
    expect(file.site).toBeNull();
    const [task] = await server.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, body.files[0]?.task_id ?? ''));
    expect(task?.state).toBe('ER');
    expect(task?.message).toContain("line 6, field 'direction'");
    const sitesAfter = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.ownerOrganisationId, organisationId));
    expect(sitesAfter.length).toBe(sitesBefore.length);
    const [row] = await server.database.db
      .select()
      .from(trafficDataFiles)
      .where(eq(trafficDataFiles.id, file.id));
    const raw = readFileSync(join(server.config.dataDir, 'blobs', row?.s3Key ?? 'missing'), 'utf8');
    expect(raw).toBe(readFileSync(join(fixtures, 'not-ok/roadcount-bad-direction.csv'), 'utf8'));
  });

  it('ends every not-ok fixture with a message naming the line, keeps it, and adds no site', async () => {
    const notOk = readdirSync(join(fixtures, 'not-ok')).sort();
    expect(notOk.length).toBeGreaterThanOrEqual(10);
    const sitesBefore = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.ownerOrganisationId, organisationId));
    for (const name of notOk) {
      const { body } = await upload(server, token, [`not-ok/${name}`], {
        kind: name.endsWith('.xlsx') ? 'national' : 'vehicle',
        force: 'true',
      });
      const file = await settled(server, token, body.files[0]?.id ?? '');
      expect(file.logs.processing_error?.startsWith(`${name}`), name).toBe(true);
      if (name !== 'unknown-format.csv')
        expect(file.logs.processing_error, name).toMatch(/, line \d+/);
      expect(file.site, name).toBeNull();
      // The file is marked rejected before its task is ended: the task's end may follow a moment later.
      const task = await pollUntil(
        async () =>
          (
            await server.database.db
              .select()
              .from(tasks)
              .where(eq(tasks.id, body.files[0]?.task_id ?? ''))
          )[0],
        (row) => row !== undefined && row.state !== 'QD' && row.state !== 'PR',
      );
      expect(task?.state, name).toBe('ER');
      const [row] = await server.database.db
        .select()
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.id, file.id));
      expect(
        readFileSync(join(server.config.dataDir, 'blobs', row?.s3Key ?? 'missing')).length,
        name,
      ).toBeGreaterThan(0);
    }
    const sitesAfter = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.ownerOrganisationId, organisationId));
    expect(sitesAfter.length).toBe(sitesBefore.length);
  });

  it('holds every file for review and tells the admins when the organisation requires approval', async () => {
    const strict = await createOrg(server);
    await server.database.db
      .update(organisations)
      .set({
        preferences: {
          request_user_approve_quality: true,
          lowest_max_adt: 0,
          min_survey_hours: 0,
          max_unclassifiable_percent: 100,
        },
      })
      .where(eq(organisations.id, strict.id));
    const admin = await createUser(server, { organisationId: strict.id, role: 'org_admin' });
    const strictToken = (await signIn(server, admin.username)).access;
    const { body } = await upload(server, strictToken, ['ok/roadcount.csv']);
    const file = await settled(server, strictToken, body.files[0]?.id ?? '');
    expect(file.logs.data_qc_tests).toEqual({});
    expect(file.review_status).toBe('WFR');
    const notes = await server.database.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.organisationId, strict.id));
    expect(notes.map((note) => note.message)).toEqual([
      { trafficdatafile_id: file.id, source: 'ingest', user_approved_dc: false },
    ]);
  });

  it('refuses uploads from viewers and file reads from another organisation', async () => {
    const refused = await upload(server, viewerToken, ['ok/roadcount.csv']);
    expect(refused.status).toBe(403);
    const { body } = await upload(server, token, ['ok/metrocount-metric.txt'], { force: 'true' });
    const foreign = await graphql(server, FILE_QUERY, {
      token: otherToken,
      variables: { id: body.files[0]?.id },
    });
    expect(foreign.body.data?.getTrafficDataFile).toBeNull();
    expect(foreign.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    const anonymous = await upload(server, '', ['ok/roadcount.csv']);
    expect(anonymous.status).toBe(401);
  });
});
