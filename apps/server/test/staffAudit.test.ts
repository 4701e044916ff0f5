import { ERROR_CATALOGUE, PERMISSIONS } from '@roadcount/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficDataFiles } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

interface AuditEntry {
  username: string;
  action: string;
  organisation_name: string | null;
  detail: string;
}

const AUDIT = `{ staffAuditLog(limit: 500) { username action organisation_name detail } }`;

/**
 * Every mutation open to organisations' own users (their admins or viewers): staff may call
 * them too, and are recorded when they do, but they are not staff operations. A new mutation
 * must be put here or in STAFF_MUTATIONS below.
 */
const ORGANISATION_MUTATIONS = [
  'update_filterset',
  'update_user_preference',
  'insert_task_tracking',
  'retryTask',
  'updateDataQcCheck',
  'addMapNote',
  'updateMapNote',
  'deleteMapNote',
  'createMapNoteGroup',
  'renameMapNoteGroup',
  'deleteMapNoteGroup',
  'setSpeedLimits',
  'updateSite',
  'importSites',
  'deleteSite',
  'restoreSite',
  'deleteSitePermanently',
  'setSiteLanes',
  'create_user_notification',
  'requestQualityApproval',
  'createSiteGroup',
  'renameSiteGroup',
  'deleteSiteGroup',
  'addSitesToGroup',
  'removeSitesFromGroup',
  'mergeSites',
  'changeSiteScheme',
  'recalculateSiteDataQuality',
  'createVehicleExclusionFilter',
  'updateVehicleExclusionFilter',
  'deleteVehicleExclusionFilter',
  'markNotificationsRead',
  'createSurvey',
  'updateSurvey',
  'deleteSurvey',
  'restoreSurvey',
  'reopenSurvey',
  'createPlannedSite',
  'requestReport',
  'deleteReport',
  'setFactorGroupBasis',
  'reviewBadDataPeriod',
  'detectBadDataPeriods',
];

/** The REST write routes whose permission only platform staff hold, from the matrix itself. */
function staffOnly(permission: string): boolean {
  const action = permission.replace(/ \(link token\)$/, '');
  const roles = (PERMISSIONS as Record<string, readonly string[]>)[action];
  return roles !== undefined && roles.length === 1 && roles[0] === ('admin' satisfies string);
}

describe('the staff audit log', () => {
  let server: TestServer;
  let staff: string;
  let staffName: string;
  let orgAdmin: string;
  let organisation: { id: string; name: string };
  let fileId: string;

  beforeAll(async () => {
    server = await startTestServer();
    organisation = await createOrg(server, 'Fenwick County');
    const platform = await createUser(server, { organisationId: null, role: 'admin' });
    staffName = platform.username;
    staff = (await signIn(server, platform.username)).access;
    orgAdmin = (
      await signIn(
        server,
        (await createUser(server, { organisationId: organisation.id, role: 'org_admin' })).username,
      )
    ).access;
    const [file] = await server.database.db
      .insert(trafficDataFiles)
      .values({
        organisationId: organisation.id,
        fileName: 'fenwick.csv',
        kind: 'vehicle',
        s3Key: 'uploads/none',
        sha256: '0'.repeat(64),
        sizeBytes: 1,
      })
      .returning();
    fileId = file?.id ?? '';
  });
  afterAll(() => server.close());

  const auditLog = async () =>
    ((await graphql(server, AUDIT, { token: staff })).body.data?.staffAuditLog ??
      []) as AuditEntry[];

  /** The staff-only mutations, each as staff would call it, and the action it is recorded as. */
  const STAFF_MUTATIONS: Record<
    string,
    { query: string; variables: () => Record<string, unknown>; recordedAs: string }
  > = {
    appendTrafficDataFileNote: {
      query: `mutation($id: ID!) { appendTrafficDataFileNote(fileId: $id, content: "Checked with the counter's log") { content } }`,
      variables: () => ({ id: fileId }),
      recordedAs: 'append_traffic_data_file_note',
    },
    appendTrafficDataFileNotes: {
      query: `mutation($ids: [ID!]!) { appendTrafficDataFileNotes(fileIds: $ids, content: "Batch checked") }`,
      variables: () => ({ ids: [fileId] }),
      recordedAs: 'append_traffic_data_file_notes',
    },
    updateTrafficDataFileNotes: {
      query: `mutation($id: ID!) { updateTrafficDataFileNotes(ecoId: $id, notes: ["Rewritten"]) { content } }`,
      variables: () => ({ id: fileId }),
      recordedAs: 'update_traffic_data_file_notes',
    },
    startStaffTask: {
      query: `mutation($org: ID!) { startStaffTask(kind: assume_coordinates, organisationId: $org) { id } }`,
      variables: () => ({ org: organisation.id }),
      recordedAs: 'assume_coordinates',
    },
    recordOrganisationView: {
      query: `mutation($org: ID!) { recordOrganisationView(organisationId: $org) { token } }`,
      variables: () => ({ org: organisation.id }),
      recordedAs: 'view_organisation',
    },
  };

  /** The staff-only REST writes, each as staff would call it. */
  const STAFF_ROUTES: Record<
    string,
    { path: () => string; body?: unknown; organisation: boolean; recordedAs: string }
  > = {
    'POST /core/api/config/organisations/': {
      path: () => '/core/api/config/organisations/',
      body: { name: 'Harrow Vale Council', max_active_users: 5, max_sites: 50 },
      recordedAs: 'create_organisation',
      organisation: true,
    },
    'PATCH /bill/subscriptions/:organisationId': {
      path: () => `/bill/subscriptions/${organisation.id}`,
      body: { level: 'standard' },
      recordedAs: 'update_subscription',
      organisation: true,
    },
    'PATCH /bill/prices/:level': {
      path: () => '/bill/prices/basic',
      body: { monthly_fee_pence: 4200 },
      recordedAs: 'update_prices',
      organisation: false,
    },
    'POST /bill/bills/generate': {
      path: () => '/bill/bills/generate',
      body: { month: '2026-10' },
      recordedAs: 'generate_bills',
      organisation: false,
    },
    'POST /api/changelog/send': {
      path: () => '/api/changelog/send',
      recordedAs: 'send_changelog_email',
      organisation: false,
    },
    'PUT /api/translations/:locale': {
      path: () => '/api/translations/fr',
      body: { key: 'badData.title', text: 'Périodes douteuses' },
      recordedAs: 'update_translation',
      organisation: false,
    },
  };

  it('records every staff-only mutation, each refused to an organisation admin', async () => {
    const introspection = await graphql(
      server,
      `
        {
          __type(name: "Mutation") {
            fields {
              name
            }
          }
        }
      `,
      {
        token: staff,
      },
    );
    const mutations = (
      introspection.body.data?.__type as { fields: { name: string }[] }
    ).fields.map((field) => field.name);
    // Every mutation is classified: a new one must be put in one list or the other.
    expect(
      mutations.filter(
        (name) => !ORGANISATION_MUTATIONS.includes(name) && !(name in STAFF_MUTATIONS),
      ),
    ).toEqual([]);
    expect(Object.keys(STAFF_MUTATIONS).every((name) => mutations.includes(name))).toBe(true);

    for (const [name, call] of Object.entries(STAFF_MUTATIONS)) {
      const refused = await graphql(server, call.query, {
        token: orgAdmin,
        variables: call.variables(),
      });
      expect(refused.body.errors?.[0]?.message, name).toBe(ERROR_CATALOGUE[403]);
      const before = await auditLog();
      const done = await graphql(server, call.query, { token: staff, variables: call.variables() });
      expect(done.body.errors, name).toBeUndefined();
      const after = await auditLog();
      const added = after.slice(0, after.length - before.length);
      expect(
        added.map(({ username, action, organisation_name }) => ({
          username,
          action,
          organisation_name,
        })),
        name,
      ).toEqual([
        { username: staffName, action: call.recordedAs, organisation_name: 'Fenwick County' },
      ]);
    }
  });

  it('records every staff-only REST write, found in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/core/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-permission': string }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, operation]) => method !== 'get' && staffOnly(operation['x-permission']))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(routes.sort()).toEqual(Object.keys(STAFF_ROUTES).sort());

    for (const [route, call] of Object.entries(STAFF_ROUTES)) {
      const before = await auditLog();
      const response = await fetch(`${server.url}${call.path()}`, {
        method: route.split(' ')[0],
        headers: {
          authorization: `Bearer ${staff}`,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      expect(response.status, route).toBeLessThan(300);
      const after = await auditLog();
      const added = after.slice(0, after.length - before.length);
      expect(
        added.map((entry) => entry.action),
        route,
      ).toEqual([call.recordedAs]);
      expect(added[0]?.username).toBe(staffName);
      if (call.recordedAs === 'create_organisation')
        expect(added[0]?.organisation_name).toBe('Harrow Vale Council');
      else if (call.organisation) expect(added[0]?.organisation_name).toBe('Fenwick County');
      else expect(added[0]?.organisation_name).toBeNull();
    }
    const prices = (await auditLog()).find((entry) => entry.action === 'update_prices');
    expect(JSON.parse(prices?.detail ?? '{}')).toMatchObject({
      input: { params: { level: 'basic' }, body: { monthly_fee_pence: 4200 } },
    });
  });

  it("records staff's writes in an organisation, not its own admins' nor staff's own profile", async () => {
    const before = await auditLog();
    const group = `mutation($org: ID!, $name: String!) { createMapNoteGroup(name: $name, organisationId: $org) { id } }`;
    for (const [token, name] of [
      [staff, 'Staff checks'],
      [orgAdmin, 'Winter gritting'],
    ] as const)
      expect(
        (await graphql(server, group, { token, variables: { org: organisation.id, name } })).body
          .errors,
      ).toBeUndefined();
    const preferences = await fetch(`${server.url}/core/api/config/users/me/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { locale: 'fr' } }),
    });
    expect(preferences.status).toBe(200);
    const after = await auditLog();
    expect(
      after
        .slice(0, after.length - before.length)
        .map(({ action, organisation_name }) => ({ action, organisation_name })),
    ).toEqual([{ action: 'create_map_note_group', organisation_name: 'Fenwick County' }]);
  });

  it("records staff's user management in an organisation with what they gave", async () => {
    const created = await fetch(`${server.url}/core/api/config/create_user/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'fenwick.engineer',
        email: 'engineer@fenwick.test',
        role: 'org_user',
        organisation_id: organisation.id,
      }),
    });
    expect(created.status).toBe(201);
    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      action: 'create_user',
      organisation_name: 'Fenwick County',
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      input: { body: { username: 'fenwick.engineer' } },
    });
  });
});
