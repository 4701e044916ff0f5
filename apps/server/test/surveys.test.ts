import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurveysRepository } from '../src/features/surveys/surveys.repository.ts';
import { organisations, sites, surveys, userNotifications } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const SURVEY_FIELDS = `id name state scheduled_start scheduled_end window_days site_count
  sites_with_data sites_complete overdue completed_on assignee_name contractor_name contractor_email
  site_list { attribute name_format name_max_length overrides { site_id name attribute } }
  sites { site_id name has_data files days complete quality_status }`;
const CREATE = `mutation($input: SurveyInput!) { createSurvey(input: $input) { ${SURVEY_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: SurveyInput!) { updateSurvey(id: $id, input: $input) { ${SURVEY_FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteSurvey(id: $id) { id state } }`;
const RESTORE = `mutation($id: ID!) { restoreSurvey(id: $id) { id state } }`;
const REOPEN = `mutation($id: ID!) { reopenSurvey(id: $id) { id state completed_on } }`;
const ONE = `query($id: ID!) { survey(id: $id) { ${SURVEY_FIELDS} } }`;
const LIST = `query($tab: String, $search: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  surveys(tab: $tab, search: $search, sort: $sort, direction: $direction, page: $page, page_size: $size) {
    total surveys { id name state site_count overdue } } }`;
const LINK = `query($id: ID!) { surveySiteFileLink(id: $id) { url } }`;
const SITE_YEAR = `query($id: ID!) { site(id: $id) { most_recent_survey_year last_surveyed } }`;

/** The extensions of an answer's first error (its code, a survey's problems). */
const codeOf = (body: { errors?: { message: string }[] }) =>
  (body.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions ?? {};

interface Survey {
  id: string;
  name: string;
  state: string;
  window_days: number;
  site_count: number;
  sites_with_data: number;
  sites_complete: number;
  overdue: boolean;
  completed_on: string | null;
  assignee_name: string | null;
  site_list: unknown;
  sites: {
    site_id: string;
    name: string;
    has_data: boolean;
    files: number;
    days: number;
    complete: boolean;
    quality_status: string | null;
  }[];
}

/** A Roadcount CSV of one vehicle an hour from 00:30 UTC on `first` for `hours` hours, naming the site by id. */
function counterFile(siteId: string, first: string, hours: number): string {
  const lines = [
    'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude',
  ];
  const start = Date.parse(`${first}T00:30:00Z`);
  for (let hour = 0; hour < hours; hour += 1)
    lines.push(
      `${new Date(start + hour * 3_600_000).toISOString()},1,N,1,50.0,4.50,,,2,2.70,0.97,${siteId},Counter 17,,`,
    );
  return `${lines.join('\n')}\n`;
}

describe('surveys', () => {
  let server: TestServer;
  let organisationId: string;
  let admin: string;
  let viewer: string;
  let stranger: string;
  let assigneeEmail: string;
  let assigneeId: string;
  const ids: Record<string, string> = {};

  const as =
    (token: string) =>
    async (query: string, variables: Record<string, unknown> = {}) =>
      (await graphql(server, query, { token, variables })).body;

  const input = (overrides: Record<string, unknown> = {}) => ({
    name: 'Spring count',
    scheduled_start: '2025-06-02',
    scheduled_end: '2025-06-03',
    site_ids: [ids['Mill Lane'], ids['Kings Road']],
    counter_model: 'MetroCount 5600',
    sensor_spacing_m: 1,
    ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    organisationId = (await createOrg(server)).id;
    const adminUser = await createUser(server, { organisationId, role: 'org_admin' });
    admin = (await signIn(server, adminUser.username)).access;
    const viewerUser = await createUser(server, { organisationId, role: 'org_user' });
    viewer = (await signIn(server, viewerUser.username)).access;
    assigneeEmail = viewerUser.email;
    assigneeId = viewerUser.id;
    const other = (await createOrg(server)).id;
    stranger = (
      await signIn(
        server,
        (await createUser(server, { organisationId: other, role: 'org_admin' })).username,
      )
    ).access;
    for (const name of ['Mill Lane', 'Kings Road', 'Quay Street']) {
      const [row] = await server.database.db
        .insert(sites)
        .values({
          ownerOrganisationId: organisationId,
          name,
          assetManagementId: `AM-${name.length}`,
        })
        .returning();
      ids[name] = row?.id ?? '';
    }
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers each bad input with its message and saves nothing', async () => {
    const gql = as(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ scheduled_end: '2025-06-01' }, 'The end date is before the start date'],
      [{ site_ids: [] }, 'Choose at least one site for the survey'],
      [
        { contractor_name: 'Counts Ltd', contractor_email: 'counts at example' },
        "The contractor's email is not an email address",
      ],
    ];
    for (const [change, message] of cases) {
      const body = await gql(CREATE, { input: input(change) });
      expect(body.errors?.[0]?.message).toBe(message);
    }
    // The subscription allows 2 sites: Mill Lane, Kings Road and Quay Street are 3.
    await server.database.db
      .update(organisations)
      .set({ maxSites: 2 })
      .where(eq(organisations.id, organisationId));
    const over = await gql(CREATE, {
      input: input({ site_ids: [ids['Mill Lane'], ids['Kings Road'], ids['Quay Street']] }),
    });
    expect(over.errors?.[0]?.message).toContain(
      "The subscription allows 2 survey sites; with this survey the organisation's active surveys would count 3",
    );
    await server.database.db
      .update(organisations)
      .set({ maxSites: 100 })
      .where(eq(organisations.id, organisationId));
    expect(await server.database.db.select().from(surveys)).toEqual([]);
  });

  it('lets a viewer read surveys but not plan, change or delete them', async () => {
    const body = await as(viewer)(CREATE, { input: input() });
    expect(codeOf(body)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await server.database.db.select().from(surveys)).toEqual([]);
    expect((await as(viewer)(LIST, {})).data?.surveys).toEqual({ total: 0, surveys: [] });
  });

  let surveyId = '';

  it('plans a survey, emails the assignee the schedule and the site file', async () => {
    const body = await as(admin)(CREATE, {
      input: input({
        assignee_user_id: assigneeId,
        site_list: {
          attribute: 'sid_asset_id',
          name_format: 'name',
          name_max_length: 8,
          overrides: [{ site_id: ids['Kings Road'], name: 'Counter 17' }],
        },
      }),
    });
    expect(body.errors).toBeUndefined();
    const survey = body.data?.createSurvey as Survey;
    surveyId = survey.id;
    // 2 and 3 June: two days; nothing arrived yet.
    expect(survey).toMatchObject({
      state: 'active',
      window_days: 2,
      site_count: 2,
      sites_with_data: 0,
      sites_complete: 0,
      overdue: true,
    });
    expect(survey.sites.map((site) => site.name)).toEqual(['Mill Lane', 'Kings Road']);

    const outbox = join(server.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .find((text) => text.includes(assigneeEmail) && text.includes('Spring count'));
    expect(mail).toBeDefined();
    expect(mail).toContain('Schedule: 2025-06-02 to 2025-06-03 (2 days, both included)');
    expect(mail).toContain('filename=roadcount-survey-Spring-count-site-list.csv');
    // The attachment is the site file: its rows carry each site's SID.
    const attached = Buffer.from(
      (mail ?? '')
        .split('filename=roadcount-survey-Spring-count-site-list.csv')[1]
        ?.split('----')[0] ?? '',
      'base64',
    ).toString('utf8');
    expect(attached).toContain(`SID:${ids['Mill Lane']} AM-9`);
  });

  it('downloads the site file by its link: names cut to 8, the override, SID with asset id', async () => {
    const link = (await as(admin)(LINK, { id: surveyId })).data?.surveySiteFileLink as {
      url: string;
    };
    const response = await fetch(`${server.url}${link.url}`);
    expect(response.status).toBe(200);
    const rows = (await response.text())
      .split('\r\n')
      .filter((line) => line && !line.startsWith('#'));
    // 'Mill Lane' is 9 characters: cut to 8 is 'Mill Lan'; its asset id is AM-9 (9 letters).
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2))).toEqual([
      ['Mill Lan', `SID:${ids['Mill Lane']} AM-9`],
      ['Counter ', `SID:${ids['Kings Road']} AM-10`],
    ]);
    const strangerLink = await as(stranger)(LINK, { id: surveyId });
    expect(codeOf(strangerLink)).toMatchObject({ code: 'FORBIDDEN' });
    const bearer = await fetch(`${server.url}/api/surveys/${surveyId}/site-file.csv`, {
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(bearer.status).toBe(403);
    const bad = await fetch(`${server.url}/api/surveys/${surveyId}/site-file.csv?token=nonsense`);
    expect(bad.status).toBe(401);
  });

  it("keeps another organisation's admin out of every survey operation", async () => {
    const gql = as(stranger);
    for (const [query, variables] of [
      [ONE, { id: surveyId }],
      [UPDATE, { id: surveyId, input: input() }],
      [DELETE, { id: surveyId }],
      [RESTORE, { id: surveyId }],
      [REOPEN, { id: surveyId }],
    ] as const) {
      const body = await gql(query, variables);
      expect(body.data ?? null).toBeNull();
      expect(['FORBIDDEN', 'NOT_FOUND']).toContain(codeOf(body).code);
    }
    expect((await gql(LIST, {})).data?.surveys).toEqual({ total: 0, surveys: [] });
    // B planning a survey of A's site is told it does not exist.
    const body = await gql(CREATE, { input: input() });
    expect(body.errors?.[0]?.message).toBe("We couldn't find that site. It may have been deleted");
  });

  it('changes a survey, and a refused change leaves it as it was', async () => {
    const gql = as(admin);
    const before = (await gql(ONE, { id: surveyId })).data?.survey as Survey;
    const refused = await gql(UPDATE, {
      id: surveyId,
      input: input({ name: 'Renamed', scheduled_start: '2025-06-09' }),
    });
    expect(refused.errors?.[0]?.message).toBe('The end date is before the start date');
    expect((await gql(ONE, { id: surveyId })).data?.survey).toEqual(before);
    // Quay Street added, then taken away again: three sites, then the two of before.
    const three = await gql(UPDATE, {
      id: surveyId,
      input: input({ site_ids: [ids['Mill Lane'], ids['Kings Road'], ids['Quay Street']] }),
    });
    expect((three.data?.updateSurvey as Survey).site_count).toBe(3);
    const back = await gql(UPDATE, {
      id: surveyId,
      input: input({
        assignee_user_id: assigneeId,
        site_list: before.site_list,
      }),
    });
    expect(back.errors).toBeUndefined();
    expect((await gql(ONE, { id: surveyId })).data?.survey).toEqual(before);
  });

  it("tells the organisation's admins of an overdue survey once", async () => {
    const repository = createSurveysRepository(server.database.db);
    // Spring count ends on 3 June 2025: not overdue that day, overdue from the 4th, told once.
    expect(await repository.notifyOverdue('2025-06-03')).toBe(0);
    expect(await repository.notifyOverdue('2025-06-04')).toBe(1);
    expect(await repository.notifyOverdue('2025-06-05')).toBe(0);
    const told = await server.database.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.functionId, 'survey_overdue'));
    expect(told.map((row) => [row.organisationId, row.userId, row.message])).toEqual([
      [
        organisationId,
        null,
        {
          survey_id: surveyId,
          name: 'Spring count',
          scheduled_start: '2025-06-02',
          scheduled_end: '2025-06-03',
        },
      ],
    ]);
  });

  it('counts files matched inside the window and completes when every site is covered', async () => {
    // Mill Lane: 48 hours from 2 June 00:30 UTC cover 2 and 3 June (UTC sites): 2 days.
    const mill = await uploadAndProcess(
      server,
      admin,
      'mill.csv',
      counterFile(ids['Mill Lane'] ?? '', '2025-06-02', 48),
    );
    expect(mill.site?.id).toBe(ids['Mill Lane']);
    if (mill.review_status === 'WFR')
      await as(admin)(
        `mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC") { id } }`,
        { id: mill.id },
      );
    const half = await pollUntil(
      async () => (await as(viewer)(ONE, { id: surveyId })).data?.survey as Survey,
      (survey) => survey.sites_complete === 1,
    );
    expect(half).toMatchObject({ state: 'active', sites_with_data: 1, sites_complete: 1 });
    expect(half.sites[0]).toMatchObject({ has_data: true, files: 1, days: 2, complete: true });
    expect(half.sites[1]).toMatchObject({
      has_data: false,
      files: 0,
      days: 0,
      quality_status: null,
    });

    // Kings Road: 24 hours cover 2 June only; a second file brings 3 June.
    for (const [name, first] of [
      ['kings-1.csv', '2025-06-02'],
      ['kings-2.csv', '2025-06-03'],
    ] as const) {
      const file = await uploadAndProcess(
        server,
        admin,
        name,
        counterFile(ids['Kings Road'] ?? '', first, 24),
      );
      expect(file.site?.id).toBe(ids['Kings Road']);
      if (file.review_status === 'WFR')
        await as(admin)(
          `mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC") { id } }`,
          { id: file.id },
        );
    }
    const done = await pollUntil(
      async () => (await as(viewer)(ONE, { id: surveyId })).data?.survey as Survey,
      (survey) => survey.state === 'completed',
    );
    expect(done).toMatchObject({ state: 'completed', sites_complete: 2, overdue: false });
    expect(done.sites[1]).toMatchObject({ files: 2, days: 2, complete: true });
    expect(done.completed_on).not.toBeNull();
    const site = (await as(viewer)(SITE_YEAR, { id: ids['Kings Road'] })).data?.site;
    expect(site).toEqual({ most_recent_survey_year: 2025, last_surveyed: '2025-06-03' });
  });

  it('lists by tab, searches and sorts in the database; reopens, deletes and restores', async () => {
    const gql = as(admin);
    await gql(CREATE, { input: input({ name: 'Autumn count', site_ids: [ids['Quay Street']] }) });
    await gql(CREATE, { input: input({ name: 'Bridge count', site_ids: [ids['Quay Street']] }) });
    const names = async (variables: Record<string, unknown>) =>
      (await gql(LIST, variables)).data?.surveys as { total: number; surveys: Survey[] };
    expect((await names({ tab: 'active', sort: 'name' })).surveys.map((s) => s.name)).toEqual([
      'Autumn count',
      'Bridge count',
    ]);
    expect(
      (await names({ tab: 'active', sort: 'name', direction: 'desc', size: 5 })).surveys.map(
        (s) => s.name,
      ),
    ).toEqual(['Bridge count', 'Autumn count']);
    expect(await names({ tab: 'active', search: 'brid' })).toMatchObject({
      total: 1,
      surveys: [{ name: 'Bridge count' }],
    });
    expect(await names({ tab: 'active', sort: 'name', page: 1, size: 5 })).toMatchObject({
      total: 2,
      surveys: [],
    });
    expect((await names({ tab: 'completed' })).surveys.map((s) => s.name)).toEqual([
      'Spring count',
    ]);

    expect((await gql(REOPEN, { id: surveyId })).data?.reopenSurvey).toMatchObject({
      state: 'active',
      completed_on: null,
    });
    expect(codeOf(await as(viewer)(DELETE, { id: surveyId }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await gql(DELETE, { id: surveyId })).data?.deleteSurvey).toEqual({
      id: surveyId,
      state: 'deleted',
    });
    expect((await names({ tab: 'deleted' })).surveys.map((s) => s.name)).toEqual(['Spring count']);
    expect((await gql(RESTORE, { id: surveyId })).data?.restoreSurvey).toEqual({
      id: surveyId,
      state: 'active',
    });
    expect((await names({ tab: 'deleted' })).total).toBe(0);
  });

  it('places a new planned site for a survey, named uniquely and within the site limit', async () => {
    const PLAN = `mutation($name: String!, $lat: Float!, $lon: Float!) {
      createPlannedSite(name: $name, latitude: $lat, longitude: $lon) { id name } }`;
    const planned = await as(admin)(PLAN, { name: 'Ferry Lane', lat: 51.45, lon: -0.97 });
    expect(planned.errors).toBeUndefined();
    const site = planned.data?.createPlannedSite as { id: string; name: string };
    expect(site.name).toBe('Ferry Lane');
    const [row] = await server.database.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row).toMatchObject({
      latitude: 51.45,
      longitude: -0.97,
      ownerOrganisationId: organisationId,
    });
    const again = await as(admin)(PLAN, { name: 'ferry lane', lat: 51.46, lon: -0.97 });
    expect(again.errors?.[0]?.message).toBe('A site named ferry lane already exists');
    expect(codeOf(await as(viewer)(PLAN, { name: 'Viewer Lane', lat: 51, lon: -1 }))).toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    );
    // Four live sites now (Mill Lane, Kings Road, Quay Street, Ferry Lane): a limit of 4 is full.
    await server.database.db
      .update(organisations)
      .set({ maxSites: 4 })
      .where(eq(organisations.id, organisationId));
    const full = await as(admin)(PLAN, { name: 'Weir Road', lat: 51.47, lon: -0.97 });
    expect(full.errors?.[0]?.message).toContain(
      'The subscription allows 4 sites and all are in use',
    );
    await server.database.db
      .update(organisations)
      .set({ maxSites: 100 })
      .where(eq(organisations.id, organisationId));
  });
});
