import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badDataPeriods, bills } from '../src/infra/db/schema.ts';
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
import {
  answerText,
  argumentValues,
  documentOf,
  enumOverrides,
  fillFrom,
  type GraphqlCall,
  graphqlCalls,
  guessedChoices,
  type Ids,
  KINDS,
  multipartOf,
  namedOf,
  normalisePath,
  OMIT,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  OUTSIDE_THE_DOCUMENT,
  plansFor,
  positionsOf,
  printRef,
  registeredRoutes,
  type RestRequest,
  restRequest,
  type Route,
  selectionOf,
  type Types,
} from './apiWalk.ts';

/*
 * Organisation A owns one resource of every kind; organisation B's admin calls every GraphQL
 * operation (found by introspection) and every route of the OpenAPI document with A's ids, and
 * must learn nothing of A nor change anything of it. A new operation or route is covered as soon
 * as it exists.
 */

// ---------------------------------------------------------------------------------------------

const fixtureCsv = readFileSync(
  new URL('../../../packages/formats/fixtures/ok/roadcount.csv', import.meta.url),
  'utf8',
);
const csvFor = (siteName: string, latitude: string, longitude: string) =>
  fixtureCsv
    .replaceAll('Riverside Drive', siteName)
    .replaceAll('53.40840', latitude)
    .replaceAll('-2.99160', longitude);
const pngWith = (text: string) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(text, 'utf8'),
  ]);

interface Secret {
  value: string;
  what: string;
  isId: boolean;
}

describe("another organisation's admin, against organisation A's data", () => {
  const nonce = randomBytes(4).toString('hex');
  let server: TestServer;
  let types: Types;
  let schema: GraphQLSchema;
  let operations: Operation[];
  const a = { token: '', ids: {} as Ids, csv: '', png: Buffer.alloc(0) };
  const b = { token: '', viewerToken: '', username: '', viewerUsername: '', ids: {} as Ids };
  const secrets: Secret[] = [];
  let snapshotBefore: unknown;
  let subscriber: Client | undefined;
  const heard: { label: string; payload: unknown }[] = [];

  const secret = (what: string, value: string, isId = true) => {
    if (!secrets.some((item) => item.value === value.toLowerCase()))
      secrets.push({ what, value: value.toLowerCase(), isId });
    return value;
  };
  /** The secrets of A found in the text; with `textsOnly`, its names and texts but not its ids. */
  const found = (text: string, textsOnly = false) =>
    secrets.filter((item) => (!textsOnly || !item.isId) && text.toLowerCase().includes(item.value));
  const leaked = (text: string) => found(text).map((item) => item.what);
  /** Each secret found, with the answer around it, for a report that says what leaked where. */
  const leakReport = (text: string, textsOnly = false) =>
    found(text, textsOnly).map((item) => {
      const at = text.toLowerCase().indexOf(item.value);
      return `${item.what} in …${text.slice(Math.max(0, at - 80), at + item.value.length + 20)}…`;
    });

  const ask = async (token: string, query: string, variables: Record<string, unknown> = {}) => {
    const { body } = await graphql(server, query, { token, variables });
    if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
    return body.data ?? {};
  };
  const rest = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const uploadImage = async (token: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file-0', new Blob([bytes]), name);
    const response = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = (await response.json()) as { images?: { id: string }[] };
    return answer.images?.[0]?.id ?? '';
  };
  const pick = <T>(data: Record<string, unknown>, key: string) => data[key] as T;

  /** One of each resource kind, made through the API by the organisation's admin. */
  async function furnish(token: string, names: (what: string) => string, csv: string) {
    const file = await uploadAndProcess(server, token, `${names('file')}.csv`, csv);
    const siteId = file.site?.id ?? '';
    if (!siteId) throw new Error('the upload made no site');
    const site = pick<Record<string, unknown>>(
      await ask(token, `query($id: ID!) { site(id: $id) { ${selectionOf(types, 'Site')} } }`, {
        id: siteId,
      }),
      'site',
    );
    await ask(
      token,
      'mutation($id: ID!, $input: SiteInput!) { updateSite(id: $id, input: $input) { id } }',
      {
        id: siteId,
        input: {
          name: site.name,
          site_type: site.site_type,
          time_zone: site.time_zone,
          class_scheme: site.class_scheme,
          pedestrians_included: site.pedestrians_included,
          latitude: site.latitude,
          longitude: site.longitude,
          direction_one: site.direction_one,
          direction_two: site.direction_two,
          description: names('site description'),
          notes: names('site notes'),
        },
      },
    );
    await ask(
      token,
      'mutation($id: ID!, $limits: [SpeedLimitInput!]!) { setSpeedLimits(siteId: $id, limits: $limits) { limit_mps } }',
      {
        id: siteId,
        limits: [{ limit_mps: 13.41 }],
      },
    );
    const existing = pick<{ id: string; direction: string }[]>(
      await ask(token, 'query($id: ID!) { siteLanes(siteId: $id) { id direction } }', {
        id: siteId,
      }),
      'siteLanes',
    );
    const lanes = pick<{ id: string }[]>(
      await ask(
        token,
        'mutation($id: ID!, $lanes: [LaneInput!]!) { setSiteLanes(siteId: $id, lanes: $lanes) { id } }',
        {
          id: siteId,
          lanes: [
            ...existing.map((lane, index) => ({
              id: lane.id,
              direction: lane.direction,
              lane_type: 'ROAD_LANE',
              name: names(`lane ${index}`),
            })),
            {
              direction: existing[0]?.direction ?? 'N',
              lane_type: 'BIKE_LANE',
              name: names('bike lane'),
            },
          ],
        },
      ),
      'setSiteLanes',
    );
    const group = pick<{ id: string }>(
      await ask(
        token,
        'mutation($name: String!, $ids: [ID!]) { createSiteGroup(name: $name, site_ids: $ids) { id } }',
        {
          name: names('site group'),
          ids: [siteId],
        },
      ),
      'createSiteGroup',
    );
    // Issue 25: the group is a factor group too, so its factors are A's to keep.
    await ask(token, 'mutation($id: ID!) { setFactorGroupBasis(group_id: $id, basis: area) }', {
      id: group.id,
    });
    const noteGroup = pick<{ id: string }>(
      await ask(token, 'mutation($name: String!) { createMapNoteGroup(name: $name) { id } }', {
        name: names('note group'),
      }),
      'createMapNoteGroup',
    );
    const note = pick<{ id: string }>(
      await ask(token, 'mutation($note: MapNoteInput!) { addMapNote(note: $note) { id } }', {
        note: {
          text: names('map note'),
          longitude: site.longitude,
          latitude: site.latitude,
          group_id: noteGroup.id,
          site_id: siteId,
        },
      }),
      'addMapNote',
    );
    const exclusion = pick<{ id: string }>(
      await ask(
        token,
        'mutation($siteId: ID, $filter: VehicleExclusionFilterInput!) { createVehicleExclusionFilter(siteId: $siteId, filter: $filter) { id } }',
        {
          siteId,
          filter: {
            name: names('exclusion'),
            description: names('exclusion description'),
            max_speed_mps: 3,
          },
        },
      ),
      'createVehicleExclusionFilter',
    );
    const imageBytes = pngWith(names('image bytes'));
    const image = await uploadImage(token, `${names('image')}.png`, imageBytes);
    const survey = pick<{ id: string }>(
      await ask(token, 'mutation($input: SurveyInput!) { createSurvey(input: $input) { id } }', {
        input: {
          name: names('survey'),
          scheduled_start: '2025-06-02',
          scheduled_end: '2025-06-08',
          site_ids: [siteId],
          contractor_name: names('contractor'),
          contractor_email: `${names('contractor').replaceAll(' ', '-')}@example.test`,
          notes: names('survey notes'),
          site_list: {
            attribute: 'sid',
            name_format: 'name',
            overrides: [{ site_id: siteId, name: names('counter name') }],
          },
        },
      }),
      'createSurvey',
    );
    const user = await rest(token, 'POST', '/core/api/config/create_user/', {
      username: names('viewer').replaceAll(' ', '-'),
      email: `${names('viewer').replaceAll(' ', '-')}@example.test`,
      first_name: names('first name'),
      last_name: names('last name'),
      role: 'org_user',
    });
    const userId = (user.body as { id?: string }).id ?? '';
    const report = pick<{ id: string }>(
      await ask(
        token,
        'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }',
        {
          input: {
            type: 'universal_csv',
            site_ids: [siteId],
            start: '2025-06-01T00:00:00Z',
            end: '2025-07-01T00:00:00Z',
            units: 'metric',
            aggregation_minutes: 60,
          },
        },
      ),
      'requestReport',
    );
    // Made before the snapshots, so that its state does not change between them.
    await pollUntil(
      async () =>
        pick<{ state: string }>(
          await ask(token, 'query($id: ID!) { report(id: $id) { state } }', { id: report.id }),
          'report',
        ),
      (made) => made.state === 'CM' || made.state === 'ER',
    );
    if (user.status !== 201 || !image) throw new Error('the viewer or the image was not made');
    const hardware = async (path: string, body: unknown) => {
      const made = await rest(token, 'POST', `/core/api/config/${path}`, body);
      if (made.status !== 201) throw new Error(`${path} not made: ${JSON.stringify(made.body)}`);
      return (made.body as { id: string }).id;
    };
    const gatewayId = await hardware('devices/', {
      kind: 'gateway',
      serial: names('gateway serial'),
      name: names('gateway'),
      latitude: site.latitude,
      longitude: site.longitude,
    });
    const studId = await hardware('devices/', {
      kind: 'roadstud',
      serial: names('stud serial'),
      gateway_id: gatewayId,
    });
    const arrayId = await hardware('device_arrays/', {
      name: names('device array'),
      spacing_m: 1.5,
      device_ids: [studId],
    });
    const mappingId = await hardware('device_mappings/', {
      device_array_id: arrayId,
      site_id: siteId,
      lane_id: lanes[0]?.id,
      valid_from: '2025-06-01T00:00:00Z',
    });
    const locationId = await hardware('gps_locations/', {
      device_id: studId,
      latitude: 53.5,
      longitude: -2.5,
    });
    const sectionId = await hardware('road_sections/', {
      name: names('road section'),
      site_id: siteId,
      coordinates: [
        [-2.5, 53.5],
        [-2.49, 53.51],
      ],
    });
    return {
      siteId,
      ids: {
        site: siteId,
        file: file.id,
        group: group.id,
        mapNote: note.id,
        mapNoteGroup: noteGroup.id,
        exclusion: exclusion.id,
        image,
        user: userId,
        task: file.task_id ?? '',
        lane: lanes[0]?.id ?? '',
        survey: survey.id,
        report: report.id,
        device: studId,
        deviceArray: arrayId,
        deviceMapping: mappingId,
        gpsLocation: locationId,
        roadSection: sectionId,
      },
      lanes,
      imageBytes,
    };
  }

  /** Until no task of the site is queued or running, so that nothing changes behind the test. */
  const settle = (token: string, siteId: string) =>
    pollUntil(
      async () =>
        pick<{ id: string; state: string }[]>(
          await ask(token, 'query($id: ID!) { siteTasks(siteId: $id) { id state } }', {
            id: siteId,
          }),
          'siteTasks',
        ),
      (tasks) => tasks.every((task) => task.state === 'CM' || task.state === 'ER'),
    );

  /** What A's admin sees of A: every field of each of its resources, settings and lists. */
  async function snapshotOfA() {
    const read = async (field: string, variables: Record<string, unknown> = {}) => {
      const operation = operations.find(
        (item) => item.root === 'query' && item.field.name === field,
      );
      if (!operation) throw new Error(`no query ${field}`);
      const sent = operation.field.args.filter((argument) => argument.name in variables);
      const definitions = sent.map((argument) => `$${argument.name}: ${printRef(argument.type)}`);
      const callArguments = sent.map((argument) => `${argument.name}: $${argument.name}`);
      const selection = selectionOf(types, namedOf(operation.field.type));
      const { body } = await graphql(
        server,
        `query${sent.length > 0 ? `(${definitions.join(', ')})` : ''} {
          ${field}${sent.length > 0 ? `(${callArguments.join(', ')})` : ''}${selection ? ` { ${selection} }` : ''}
        }`,
        { token: a.token, variables },
      );
      // An error (the resource gone) shows in the comparison rather than stopping it.
      return body.errors
        ? { errors: body.errors.map((error) => error.message) }
        : body.data?.[field];
    };
    const get = async (path: string) => {
      const response = await rest(a.token, 'GET', path);
      return { status: response.status, body: response.body };
    };
    return {
      site: await read('site', { id: a.ids.site }),
      lanes: await read('siteLanes', { siteId: a.ids.site }),
      speedLimits: await read('speedLimits', { siteId: a.ids.site }),
      timeRange: await read('siteTimeRange', { siteId: a.ids.site }),
      file: await read('getTrafficDataFile', { id: a.ids.file }),
      files: await read('trafficDataFiles', { page_size: 100 }),
      sites: await read('sites', { page_size: 100 }),
      deletedSites: await read('deletedSites'),
      group: await read('siteGroup', { id: a.ids.group }),
      report: await read('report', { id: a.ids.report }),
      groups: await read('siteGroups'),
      survey: await read('survey', { id: a.ids.survey }),
      surveys: await read('surveys'),
      mapNotes: await read('mapNotes'),
      exclusions: await read('vehicleExclusionFilters'),
      badDataPeriods: await read('badDataPeriods', { siteId: a.ids.site }),
      me: await read('me'),
      filterset: await read('filterset'),
      images: await get('/api/images'),
      users: await get('/core/api/config/users/'),
      viewer: await get(`/core/api/config/users/${a.ids.user}`),
      organisation: await get(`/core/api/config/organisations/${a.ids.organisation}`),
      devices: await get('/core/api/config/devices/'),
      gateways: await get('/core/api/config/rtg_devices/'),
      deviceArrays: await get('/core/api/config/device_arrays/'),
      deviceMappings: await get('/core/api/config/device_mappings/'),
      gpsLocations: await get('/core/api/config/gps_locations/'),
      roadSections: await get('/core/api/config/road_sections/'),
    };
  }

  /** A month's bill of the organisation, as generate_bills (a staff task) stores one. */
  const billOf = async (organisationId: string) => {
    const [row] = await server.database.db
      .insert(bills)
      .values({
        organisationId,
        month: '2026-10',
        level: 'basic',
        activeUsers: 1,
        surveySites: 0,
        lines: [],
        totalPence: 16_200,
        pdfKey: `bills/${organisationId}/2026-10.pdf`,
        csvKey: `bills/${organisationId}/2026-10.csv`,
      })
      .returning();
    return row?.id ?? '';
  };

  /**
   * A bad-data period of the site as the refresh_site_rollups task stores one, already kept (a
   * rebuild in the background replaces only those still to review).
   */
  const badDataPeriodOf = async (siteId: string) => {
    const [row] = await server.database.db
      .insert(badDataPeriods)
      .values({
        siteId,
        rule: 'silent',
        startTime: new Date('2025-06-02T10:00:00Z'),
        endTime: new Date('2025-06-02T12:00:00Z'),
        value: 2,
        state: 'kept',
      })
      .returning();
    return row?.id ?? '';
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });

    // B first, listening on every subscription before A exists, so it would hear A's setup.
    const organisationB = await createOrg(server, `Other county ${nonce}`);
    const adminB = await createUser(server, {
      organisationId: organisationB.id,
      role: 'org_admin',
    });
    b.username = adminB.username;
    b.token = (await signIn(server, adminB.username)).access;
    // Introspection answers signed-in users only.
    const introspection = (await graphql(server, getIntrospectionQuery(), { token: b.token })).body
      .data as unknown as IntrospectionQuery;
    schema = buildClientSchema(introspection);
    ({ types, operations } = operationsOf(introspection));
    const viewerB = await createUser(server, {
      organisationId: organisationB.id,
      role: 'org_user',
    });
    b.viewerUsername = viewerB.username;
    b.viewerToken = (await signIn(server, viewerB.username)).access;
    const client = createClient({
      url: `${server.url.replace('http', 'ws')}/gql/v1/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { Authorization: `Bearer ${b.token}` } },
      retryAttempts: 0,
      lazy: false,
    });
    subscriber = client;
    await new Promise<void>((resolve) => client.on('connected', () => resolve()));
    for (const operation of operations.filter((item) => item.root === 'subscription'))
      if (positionsOf((fill) => argumentValues(types, operation, fill)).every((p) => p.optional))
        listen(
          operation,
          argumentValues(types, operation, () => OMIT),
          'before A was set up',
        );
    await new Promise((resolve) => setTimeout(resolve, 100));

    // A: one of each kind, each with a distinctive name that must never reach B.
    const organisationA = await createOrg(
      server,
      secret("A's organisation name", `Crossorg secret organisation ${nonce}`, false),
    );
    const adminA = await createUser(server, {
      organisationId: organisationA.id,
      role: 'org_admin',
      username: `crossorg-secret-admin-${nonce}`,
    });
    secret("A's admin's username", adminA.username, false);
    secret("A's admin's email", adminA.email, false);
    a.token = (await signIn(server, adminA.username)).access;
    const aName = (what: string) =>
      secret(`A's ${what}`, `Crossorg secret ${what} ${nonce}`, false);
    a.csv = csvFor(aName('site'), '53.40840', '-2.99160');
    const made = await furnish(a.token, aName, a.csv);
    a.png = made.imageBytes;
    a.ids = {
      ...made.ids,
      organisation: organisationA.id,
      bill: await billOf(organisationA.id),
      badDataPeriod: await badDataPeriodOf(made.ids.site),
    };
    for (const kind of KINDS) secret(`A's ${kind} id`, a.ids[kind]);
    secret("A's admin's id", adminA.id);
    made.lanes.forEach((lane, index) => secret(`A's lane ${index} id`, lane.id));
    const viewer = (await rest(a.token, 'GET', `/core/api/config/users/${a.ids.user}`)).body as {
      username: string;
      email: string;
    };
    secret("A's viewer's username", viewer.username, false);
    secret("A's viewer's email", viewer.email, false);
    for (const task of await settle(a.token, a.ids.site)) secret(`A's task ${task.id}`, task.id);

    // B's own resources, for calls that mix one of A's ids with B's (B's group, A's site).
    const bName = (what: string) => `Other ${what} ${nonce}`;
    const madeB = await furnish(b.token, bName, csvFor(bName('site'), '51.00000', '-1.00000'));
    b.ids = {
      ...madeB.ids,
      user: adminB.id,
      organisation: organisationB.id,
      bill: await billOf(organisationB.id),
      badDataPeriod: await badDataPeriodOf(madeB.ids.site),
    };
    await settle(b.token, b.ids.site);

    snapshotBefore = await snapshotOfA();
  }, 90_000);
  afterAll(async () => {
    await subscriber?.dispose();
    await server.close();
  });

  function listen(operation: Operation, variables: Record<string, unknown>, label: string) {
    const query = documentOf(types, operation);
    const name = `subscription ${operation.field.name} (${label}) ${JSON.stringify(variables)}`;
    subscriber?.subscribe(
      { query, variables },
      {
        next: (value) => heard.push({ label: name, payload: value }),
        // A refusal is no leak; what was sent before it is checked all the same.
        error: () => undefined,
        complete: () => undefined,
      },
    );
  }

  it("is sent nothing of A's on any subscription, while hearing its own events", async () => {
    for (const operation of operations.filter((item) => item.root === 'subscription')) {
      const calls = graphqlCalls(types, schema, operation, { A: a.ids, B: b.ids });
      for (const call of calls.filter(
        (item) => item.label !== 'no ids' && item.label !== 'ids left out',
      ))
        listen(operation, call.variables, call.label);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const INSERT =
      'mutation($message: String) { insert_task_tracking(function_name: "generate_site_reports", message: $message) { id } }';
    const ownTask = pick<{ id: string }>(
      await ask(a.token, INSERT, {
        message: secret("A's task message", `Crossorg secret task message ${nonce}`, false),
      }),
      'insert_task_tracking',
    );
    secret("A's inserted task id", ownTask.id);
    const bTask = pick<{ id: string }>(
      await ask(b.token, INSERT, { message: 'B’s own task' }),
      'insert_task_tracking',
    );
    // B's task, made after A's, is the fence: events go out in the order they happen, so A's
    // would have arrived before it.
    await pollUntil(
      () => Promise.resolve(JSON.stringify(heard)),
      (text) => text.includes(bTask.id),
      60,
    );
    const leaks = heard.flatMap(({ label, payload }) => {
      const found = leakReport(JSON.stringify(payload));
      return found.length > 0 ? [`${label}: ${found.join(', ')}`] : [];
    });
    expect(leaks).toEqual([]);
    // The control: B's socket delivers, so A's events would have arrived had they been sent.
    expect(JSON.stringify(heard)).toContain(bTask.id);
  });

  it('learns nothing of A and changes nothing through any GraphQL query or mutation', async () => {
    const failures: string[] = [];
    let callCount = 0;
    const ordered = [
      ...operations.filter((item) => item.root === 'query'),
      ...operations.filter((item) => item.root === 'mutation'),
    ];
    for (const operation of ordered) {
      let calls: GraphqlCall[];
      try {
        calls = graphqlCalls(types, schema, operation, { A: a.ids, B: b.ids });
      } catch (error) {
        failures.push(
          `${operation.root} ${operation.field.name}: cannot be called: ${String(error)}`,
        );
        continue;
      }
      const callAs = async (caller: 'admin' | 'viewer', call: GraphqlCall) => {
        callCount += 1;
        const { status, body } = await graphql(server, call.query, {
          token: caller === 'admin' ? b.token : b.viewerToken,
          variables: call.variables,
        });
        const where = `${call.operation} by B's ${caller} [${call.label}] ${JSON.stringify(call.variables)}`;
        const invalid = body.errors?.find((error) => error.message.startsWith('Variable "$'));
        if (invalid)
          failures.push(`${where}: the generated arguments were refused: ${invalid.message}`);
        const found = [
          ...leakReport(JSON.stringify(body.data ?? null)),
          ...leakReport(JSON.stringify(body.errors ?? []), true),
        ];
        if (found.length > 0) failures.push(`${where}: answered ${found.join(', ')}`);
        return status;
      };
      const statuses: number[] = [];
      for (const call of calls) statuses.push(await callAs('admin', call));
      // What B's admin may not do at all, B's viewer may (requesting quality approval).
      if (statuses.every((status) => status === 403))
        for (const call of calls) await callAs('viewer', call);
    }
    expect(failures).toEqual([]);
    // An enumeration that found nothing would prove nothing.
    expect(ordered.length).toBeGreaterThan(0);
    // Issue 36: how a figure was made names A's files and days; it is walked like the rest.
    expect(ordered.map((item) => item.field.name)).toContain('figureExplanation');
    expect(callCount).toBeGreaterThan(ordered.length);
  }, 180_000);

  it('reaches no route that the OpenAPI document leaves out, so the walk below misses none', async () => {
    const document = (await (
      await fetch(`${server.url}/core/api/openapi.json`)
    ).json()) as OpenApiDocument;
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${normalisePath(path)}`),
      ),
    );
    const registered = registeredRoutes(server.app.printRoutes({ commonPrefix: false }));
    const undocumented = registered.filter(
      (route) => !documented.has(route) && !(route in OUTSIDE_THE_DOCUMENT),
    );
    expect(undocumented).toEqual([]);
    // The route tree was read right: every documented route is among those found in it.
    expect([...documented].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('learns nothing of A and changes nothing through any route of the OpenAPI document', async () => {
    const document = (await (
      await fetch(`${server.url}/core/api/openapi.json`)
    ).json()) as OpenApiDocument;
    const routes: Route[] = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
    // Uploads last: B's copy of A's file becomes a site of B's named as A's is.
    routes.sort((first, second) => Number(multipartOf(first)) - Number(multipartOf(second)));
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      let requests: { label: string; request: RestRequest }[];
      try {
        const positions = positionsOf((fill) => restRequest(route, fill));
        const guessed = guessedChoices(positions);
        requests = [
          ...plansFor(positions).map((plan) => ({
            label: plan.label,
            request: restRequest(route, fillFrom(plan.choices, { A: a.ids, B: b.ids })),
          })),
          ...enumOverrides(route).map((override) => ({
            label: `A's ids by their names, ${JSON.stringify(override)}`,
            request: restRequest(route, fillFrom(guessed, { A: a.ids, B: b.ids }), override),
          })),
        ];
      } catch (error) {
        failures.push(`${name}: cannot be called: ${String(error)}`);
        continue;
      }
      if (multipartOf(route))
        // A's own bytes, under B's names: a duplicate check across organisations would tell.
        requests = requests.flatMap(({ label, request }) =>
          [
            ['a copy of A’s counter file', Buffer.from(a.csv), 'b-copy.csv'],
            ['a copy of A’s image', a.png, 'b-copy.png'],
          ].map(([what, bytes, fileName]) => {
            const form = new FormData();
            form.append('file-0', new Blob([bytes as Buffer]), fileName as string);
            return {
              label: `${label}, ${String(what)}`,
              request: { ...request, body: { kind: 'multipart', form } },
            };
          }),
        );
      const sendAs = async (caller: 'admin' | 'viewer', label: string, request: RestRequest) => {
        calls += 1;
        const response = await fetch(`${server.url}${request.url}`, {
          method: route.method,
          headers: {
            authorization: `Bearer ${caller === 'admin' ? b.token : b.viewerToken}`,
            ...(request.body.kind === 'json' ? { 'content-type': 'application/json' } : {}),
          },
          body:
            request.body.kind === 'json'
              ? JSON.stringify(request.body.value)
              : request.body.kind === 'multipart'
                ? request.body.form
                : undefined,
        });
        const text = await answerText(response);
        const success = response.status >= 200 && response.status < 300;
        const found = leakReport(text, !success);
        if (found.length > 0)
          failures.push(
            `${name} by B's ${caller} [${label}] ${request.url} ${request.body.kind === 'json' ? JSON.stringify(request.body.value) : ''} → ${response.status}: answered ${found.join(', ')}`,
          );
        return response.status;
      };
      const statuses: number[] = [];
      for (const { label, request } of requests)
        statuses.push(await sendAs('admin', label, request));
      // What B's admin may not do at all, B's viewer may.
      if (statuses.every((status) => status === 403))
        for (const { label, request } of requests) await sendAs('viewer', label, request);
      // Routes that end sessions must not leave B signed out for the rest of the walk.
      for (const caller of ['admin', 'viewer'] as const) {
        const token = caller === 'admin' ? b.token : b.viewerToken;
        if ((await graphql(server, '{ me { id } }', { token })).body.errors) {
          const fresh = (await signIn(server, caller === 'admin' ? b.username : b.viewerUsername))
            .access;
          if (caller === 'admin') b.token = fresh;
          else b.viewerToken = fresh;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(routes.length);
  }, 120_000);

  it('has left every resource of A exactly as it was', async () => {
    // B's uploads are processed first, so that a match with A's site would show.
    await pollUntil(
      async () =>
        JSON.stringify(
          await ask(b.token, '{ trafficDataFiles(page_size: 100) { files { review_status } } }'),
        ),
      (text) => !text.includes('"LOAD"'),
    );
    await settle(a.token, a.ids.site);
    expect(await snapshotOfA()).toEqual(snapshotBefore);
  }, 30_000);

  it("is refused what a platform admin is given: staff read A's site, and the check spots it", async () => {
    const staff = await createUser(server, { organisationId: null, role: 'admin' });
    const token = (await signIn(server, staff.username)).access;
    const { body } = await graphql(
      server,
      'query($id: ID!) { site(id: $id) { id name description } }',
      {
        token,
        variables: { id: a.ids.site },
      },
    );
    expect(body.errors).toBeUndefined();
    expect(leaked(JSON.stringify(body.data))).toEqual(
      expect.arrayContaining(["A's site", "A's site id", "A's site description"]),
    );
  });
});
