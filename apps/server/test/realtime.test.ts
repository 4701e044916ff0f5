import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { join } from 'node:path';
import { createLocalBlobStore } from '../src/infra/blob/blobStore.ts';
import { deviceMappings, lanes, sites, tasks, trafficDataFiles } from '../src/infra/db/schema.ts';
import { storedColumnBatches } from '../src/features/siteData/readers.ts';
import {
  createOrg,
  graphql,
  pollUntil,
  runTaskAgain,
  startTestServer,
  type TestServer,
  tokenFor,
} from './testServer.ts';

const CONFIG = '/core/api/config';
const INGEST = '/core/api/realtime/events/';
const SITE_DETAIL = `query($siteId: ID!) {
  siteDetail(siteId: $siteId) { summary { vehicles averageSpeedMps } bins }
}`;

interface Summary {
  vehicles: number;
  averageSpeedMps: number;
}

/**
 * The batch of the tests. Studs RS-1 and RS-2 are an array 2 m apart on the northbound lane,
 * RS-3 the southbound lane's array of one:
 * - 08:00:00.000 RS-1 and 08:00:00.200 RS-2 at 36 km/h (10 m/s: 2 m in 200 ms): one vehicle,
 *   length (4.0 + 4.4) / 2 = 4.2 m;
 * - 08:00:05.000 RS-1 and 08:00:05.100 RS-2 at 72 km/h (20 m/s: 2 m in 100 ms): one vehicle;
 * - 08:00:09.000 RS-2 alone at 54 km/h (it missed RS-1): one vehicle;
 * - 08:00:02.000 RS-3 at 45 km/h: one southbound vehicle.
 * Seven events, four vehicles: three northbound (mean (36 + 72 + 54) / 3 = 54 km/h), one south.
 */
const BATCH = {
  events: [
    { sensor: 'RS-1', timestamp: '2025-06-02T08:00:00.000Z', speed: 36, length: 4.0, class: 1 },
    { sensor: 'RS-2', timestamp: '2025-06-02T08:00:00.200Z', speed: 36, length: 4.4, class: 1 },
    { sensor: 'RS-3', timestamp: '2025-06-02T08:00:02.000Z', speed: 45, length: 4.5, class: 1 },
    { sensor: 'RS-1', timestamp: '2025-06-02T08:00:05.000Z', speed: 72, length: 4.6, class: 1 },
    { sensor: 'rs-2', timestamp: '2025-06-02T08:00:05.100Z', speed: 72, length: 4.6, class: 1 },
    { sensor: 'RS-2', timestamp: '2025-06-02T08:00:09.000Z', speed: 54, length: 4.0, class: 1 },
    // The same instant as the first, sent twice in the batch: stored once.
    { sensor: 'RS-1', timestamp: '2025-06-02T08:00:00.000Z', speed: 36, length: 4.0, class: 1 },
  ],
  pings: [
    { sensor: 'RS-1', timestamp: '2025-06-02T08:00:10.000Z', battery_percent: 87, signal_dbm: -71 },
  ],
};

describe('realtime ingest and correlation (issue 27)', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let strangerAdmin: string;
  let siteId: string;
  let organisationId: string;
  let gatewayId: string;
  let strangerGatewayId: string;
  let northMappingId: string;

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as never) : (null as never) };
  };
  const post = async (key: string | undefined, body: unknown) => {
    const response = await fetch(`${server.url}${INGEST}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-gateway-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const made = async (token: string, path: string, body: unknown) => {
    const answer = await call(token, 'POST', `${CONFIG}${path}`, body);
    if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { id: string }).id;
  };
  const rotate = async (token: string, id: string) =>
    call(token, 'POST', `${CONFIG}/rtg_devices/${id}/api_key`);
  const detailOf = async (id: string) => {
    const { body } = await graphql(server, SITE_DETAIL, {
      token: admin,
      variables: { siteId: id },
    });
    return body.data?.siteDetail as { summary: Summary; bins: unknown } | undefined;
  };
  const summary = async () => (await detailOf(siteId))?.summary;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    organisationId = (await createOrg(server)).id;
    const otherOrganisation = (await createOrg(server)).id;
    const as = (role: 'org_admin' | 'org_user', organisation = organisationId) =>
      tokenFor(server, organisation, role);
    admin = await as('org_admin');
    viewer = await as('org_user');
    strangerAdmin = await as('org_admin', otherOrganisation);
    const db = server.database.db;
    const [site] = await db
      .insert(sites)
      .values({
        ownerOrganisationId: organisationId,
        name: 'Quay Street',
        realtime: true,
        siteType: 'realtime',
        directionOne: 1,
        directionTwo: 5,
      })
      .returning();
    siteId = site?.id ?? '';
    const [north, south] = await db
      .insert(lanes)
      .values([
        { siteId, name: 'northbound', direction: 1, positionId: 1 },
        { siteId, name: 'southbound', direction: 5, positionId: 2 },
      ])
      .returning();
    gatewayId = await made(admin, '/devices/', { kind: 'gateway', serial: 'GW-1' });
    const stud = (serial: string) =>
      made(admin, '/devices/', { kind: 'roadstud', serial, gateway_id: gatewayId });
    const studs = [await stud('RS-1'), await stud('RS-2'), await stud('RS-3')];
    const northArray = await made(admin, '/device_arrays/', {
      name: 'north',
      spacing_m: 2,
      device_ids: [studs[0], studs[1]],
    });
    const southArray = await made(admin, '/device_arrays/', {
      name: 'south',
      spacing_m: 2,
      device_ids: [studs[2]],
    });
    northMappingId = await made(admin, '/device_mappings/', {
      device_array_id: northArray,
      site_id: siteId,
      lane_id: north?.id,
      valid_from: '2025-06-01T00:00:00Z',
    });
    await made(admin, '/device_mappings/', {
      device_array_id: southArray,
      site_id: siteId,
      lane_id: south?.id,
      valid_from: '2025-06-01T00:00:00Z',
    });
    // Another organisation's gateway hears a stud of the same serial as one of ours.
    strangerGatewayId = await made(strangerAdmin, '/devices/', { kind: 'gateway', serial: 'GW-9' });
    await made(strangerAdmin, '/devices/', {
      kind: 'roadstud',
      serial: 'RS-9',
      gateway_id: strangerGatewayId,
    });
  }, 60_000);
  afterAll(() => server.close());

  it('lets hardware editors make a gateway key, not viewers, and shows it was made', async () => {
    expect((await rotate(viewer, gatewayId)).status).toBe(403);
    expect((await rotate(strangerAdmin, gatewayId)).status).toBe(403);
    const gateway = await call(admin, 'GET', `${CONFIG}/devices/${gatewayId}`);
    expect(gateway.body).toMatchObject({ has_api_key: false });
  });

  it('stores a batch sent twice once, and correlates it into the lanes’ vehicles', async () => {
    const key = ((await rotate(admin, gatewayId)).body as { api_key: string }).api_key;
    expect(key).toMatch(/^rcgw_/);
    expect((await call(admin, 'GET', `${CONFIG}/devices/${gatewayId}`)).body).toMatchObject({
      has_api_key: true,
    });
    // Seven events, one a repeat within the batch: six stored.
    expect(await post(key, BATCH)).toEqual({
      status: 200,
      body: { stored: 6, duplicates: 1, pings: 1 },
    });
    expect(await post(key, BATCH)).toEqual({
      status: 200,
      body: { stored: 0, duplicates: 7, pings: 1 },
    });
    const found = await pollUntil(summary, (value) => value?.vehicles === 4);
    expect(found?.vehicles).toBe(4);
    // (36 + 72 + 54 + 45) / 4 = 51.75 km/h.
    expect((found?.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(51.75, 4);
    const studs = (await call(admin, 'GET', `${CONFIG}/road_studs_devices/`)).body as {
      serial: string;
      battery_percent: number | null;
      signal_dbm: number | null;
      last_seen_at: string | null;
    }[];
    expect(studs.find((stud) => stud.serial === 'RS-1')).toMatchObject({
      battery_percent: 87,
      signal_dbm: -71,
      last_seen_at: '2025-06-02T08:00:10.000Z',
    });
    // RS-2 last reported a vehicle at 08:00:09.
    expect(studs.find((stud) => stud.serial === 'RS-2')?.last_seen_at).toBe(
      '2025-06-02T08:00:09.000Z',
    );
  });

  it('refuses a batch with a bad field, naming it, and stores none of it', async () => {
    const key = ((await rotate(admin, gatewayId)).body as { api_key: string }).api_key;
    const fresh = [
      { sensor: 'RS-3', timestamp: '2025-06-02T09:00:00.000Z', speed: 40, class: 1 },
      { sensor: 'RS-3', timestamp: '2025-06-02T09:00:10.000Z', speed: -5, class: 1 },
    ];
    const refused = await post(key, { events: fresh });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Batch refused, nothing stored: events[1].speed: Too small: expected number to be >=0',
    );
    const unknown = await post(key, {
      events: [fresh[0], { sensor: 'RS-9', timestamp: '2025-06-02T09:00:20.000Z' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'Batch refused, nothing stored: events[1].sensor: no stud RS-9 is heard by this gateway',
    );
    // The first event of both refused batches was not stored: sent now, it is new.
    expect((await post(key, { events: [fresh[0]] })).body).toMatchObject({ stored: 1 });
  });

  it('refuses another organisation’s key for this organisation’s studs, and a revoked key', async () => {
    const strangerKey = (
      (await rotate(strangerAdmin, strangerGatewayId)).body as {
        api_key: string;
      }
    ).api_key;
    const event = { sensor: 'RS-1', timestamp: '2025-06-02T10:00:00.000Z', speed: 50, class: 1 };
    const intruding = await post(strangerKey, { events: [event] });
    expect(intruding.status).toBe(400);
    expect(intruding.body.message).toBe(
      'Batch refused, nothing stored: events[0].sensor: no stud RS-1 is heard by this gateway',
    );
    const key = ((await rotate(admin, gatewayId)).body as { api_key: string }).api_key;
    expect(
      (await call(viewer, 'DELETE', `${CONFIG}/rtg_devices/${gatewayId}/api_key`)).status,
    ).toBe(403);
    expect((await call(admin, 'DELETE', `${CONFIG}/rtg_devices/${gatewayId}/api_key`)).status).toBe(
      204,
    );
    const revoked = await post(key, { events: [event] });
    expect(revoked).toEqual({
      status: 401,
      body: { status: 401, message: 'The gateway key is not valid or has been revoked' },
    });
    expect((await post(undefined, { events: [event] })).status).toBe(401);
    // Made again: the earlier key stays refused, the new one is taken.
    const again = ((await rotate(admin, gatewayId)).body as { api_key: string }).api_key;
    expect((await post(key, { events: [event] })).status).toBe(401);
    expect((await post(again, { events: [event] })).body).toMatchObject({ stored: 1 });
  });

  it('rebuilds the vehicles from the stored events after a mapping change', async () => {
    // Vehicles so far: the four of the batch, 09:00:00 on RS-3 (south) and 10:00:00 on RS-1
    // (north): six.
    expect((await pollUntil(summary, (value) => value?.vehicles === 6))?.vehicles).toBe(6);
    // The north array stops measuring at 08:00:04: its vehicles of 08:00:05, 08:00:09 and
    // 10:00:00 no longer count; 08:00:00 north and the two south vehicles remain: three.
    const ended = await call(admin, 'PATCH', `${CONFIG}/device_mappings/${northMappingId}`, {
      valid_to: '2025-06-02T08:00:04.000Z',
    });
    expect(ended.status).toBe(200);
    expect(
      (
        await call(viewer, 'POST', `/core/api/realtime/sites/${siteId}/recorrelate`, {
          from: '2025-06-02T00:00:00Z',
          to: '2025-06-03T00:00:00Z',
        })
      ).status,
    ).toBe(403);
    const queued = await call(admin, 'POST', `/core/api/realtime/sites/${siteId}/recorrelate`, {
      from: '2025-06-02T00:00:00Z',
      to: '2025-06-03T00:00:00Z',
    });
    expect(queued.status).toBe(202);
    const found = await pollUntil(summary, (value) => value?.vehicles === 3);
    expect(found?.vehicles).toBe(3);
    // (36 + 45 + 40) / 3 = 40.333... km/h.
    expect((found?.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(121 / 3, 4);
    // Once the first run has ended, a second run rebuilds the same three vehicles.
    const taskId = (queued.body as { id: string }).id;
    await pollUntil(
      () => server.database.db.select().from(tasks).where(eq(tasks.id, taskId)),
      ([row]) => row?.state === 'CM',
    );
    expect((await runTaskAgain(server, taskId)).state).toBe('CM');
    const again = await summary();
    expect(again?.vehicles).toBe(3);
    expect((again?.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(121 / 3, 4);
  });

  it('gives the same vehicles from events sent in several batches as from one', async () => {
    // Two sites of one lane each, an array of two studs 2 m apart on each: one receives the
    // events below in one batch, the other in three, each correlated before the next is sent.
    const db = server.database.db;
    const gateway = await made(admin, '/devices/', { kind: 'gateway', serial: 'GW-2' });
    const siteOf = async (name: string, serials: string[]) => {
      const [site] = await db
        .insert(sites)
        .values({ ownerOrganisationId: organisationId, name, realtime: true, siteType: 'realtime' })
        .returning();
      const [lane] = await db
        .insert(lanes)
        .values({ siteId: site?.id ?? '', name: 'north', direction: 1, positionId: 1 })
        .returning();
      const studIds = [];
      for (const serial of serials)
        studIds.push(
          await made(admin, '/devices/', { kind: 'roadstud', serial, gateway_id: gateway }),
        );
      const array = await made(admin, '/device_arrays/', {
        name,
        spacing_m: 2,
        device_ids: studIds,
      });
      await made(admin, '/device_mappings/', {
        device_array_id: array,
        site_id: site?.id,
        lane_id: lane?.id,
        valid_from: '2025-06-01T00:00:00Z',
      });
      return site?.id ?? '';
    };
    const whole = await siteOf('Whole Batch Lane', ['WB-1', 'WB-2']);
    const split = await siteOf('Split Batch Lane', ['SB-1', 'SB-2']);
    const key = ((await rotate(admin, gateway)).body as { api_key: string }).api_key;
    const event = (stud: 1 | 2, time: string, speed: number, length: number) => ({
      stud,
      event: { timestamp: `2025-06-03T${time}Z`, speed, length, class: 1 },
    });
    // - A: 07:00:00.000 and .200 at 36 km/h (10 m/s: 2 m in 200 ms);
    // - B: 07:00:10.000 and .100 at 72 km/h (20 m/s: 2 m in 100 ms), its two events in the
    //   first and the second batch;
    // - C: 07:00:20.000 and .133 at 54 km/h (15 m/s: 2 m in 133 ms, within 250 ms);
    // - D: 07:00:05.000 and .200 at 36 km/h, sent last, earlier than B and C.
    // Four vehicles, mean speed (36 + 72 + 54 + 36) / 4 = 49.5 km/h. Were B's events not
    // joined across batches, five: (36 + 72 + 72 + 54 + 36) / 5 = 54 km/h.
    const batches = [
      [
        event(1, '07:00:00.000', 36, 4.0),
        event(2, '07:00:00.200', 36, 4.4),
        event(1, '07:00:10.000', 72, 5.0),
      ],
      [
        event(2, '07:00:10.100', 72, 5.4),
        event(1, '07:00:20.000', 54, 4.2),
        event(2, '07:00:20.133', 54, 4.2),
      ],
      [event(1, '07:00:05.000', 36, 4.6), event(2, '07:00:05.200', 36, 4.6)],
    ];
    const as = (prefix: string, events: (typeof batches)[number]) => ({
      events: events.map(({ stud, event: values }) => ({ sensor: `${prefix}-${stud}`, ...values })),
    });
    expect((await post(key, as('WB', batches.flat()))).body).toMatchObject({ stored: 8 });
    // After the first batch: A, and B's first event as a vehicle of its own; after the second,
    // B whole and C; after the third, D too.
    for (const [index, batch] of batches.entries()) {
      expect((await post(key, as('SB', batch))).body).toMatchObject({ stored: batch.length });
      const expected = [2, 3, 4][index];
      const found = await pollUntil(
        () => detailOf(split),
        (detail) => detail?.summary.vehicles === expected,
      );
      expect(found?.summary.vehicles).toBe(expected);
    }
    const one = await pollUntil(
      () => detailOf(whole),
      (detail) => detail?.summary.vehicles === 4,
    );
    const several = await detailOf(split);
    expect(several?.summary.vehicles).toBe(4);
    expect((several?.summary.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(49.5, 4);
    expect(several).toEqual(one);
    // The map's daily volumes (the site's rollups) count the same four on 3 June: they follow
    // the site detail within a rollup interval (ROLLUP_INTERVAL_MS, 5 s).
    const volumes = async (id: string) =>
      (
        await graphql(
          server,
          `
            query ($siteId: ID!, $filter: MapFilter!) {
              mapSiteVolumes(siteId: $siteId, filter: $filter) {
                day
                vehicles
              }
            }
          `,
          {
            token: admin,
            variables: { siteId: id, filter: { start_date: '2025-06-03', end_date: '2025-06-03' } },
          },
        )
      ).body.data?.mapSiteVolumes;
    for (const id of [split, whole])
      expect(
        await pollUntil(
          () => volumes(id),
          (days) => JSON.stringify(days) === JSON.stringify([{ day: '2025-06-03', vehicles: 4 }]),
          400,
        ),
      ).toEqual([{ day: '2025-06-03', vehicles: 4 }]);
  });

  it('merges two realtime sites that both have a day into one file, in time order', async () => {
    // Two sites of one northbound lane each, an array of one stud: every event is a vehicle.
    // Both count 4 June: Lower Weir at 09:00:00, :20 and :40 (36 km/h), Upper Weir at :10 and
    // :30 (72 km/h). Merged: five vehicles at :00, :10, :20, :30, :40, mean speed
    // (3 × 36 + 2 × 72) / 5 = 50.4 km/h.
    const db = server.database.db;
    const gateway = await made(admin, '/devices/', { kind: 'gateway', serial: 'GW-WEIR' });
    const siteOf = async (name: string, serial: string) => {
      const [site] = await db
        .insert(sites)
        .values({ ownerOrganisationId: organisationId, name, realtime: true, siteType: 'realtime' })
        .returning();
      const [lane] = await db
        .insert(lanes)
        .values({ siteId: site?.id ?? '', name: 'north', direction: 1, positionId: 1 })
        .returning();
      const stud = await made(admin, '/devices/', {
        kind: 'roadstud',
        serial,
        gateway_id: gateway,
      });
      const array = await made(admin, '/device_arrays/', {
        name,
        spacing_m: 2,
        device_ids: [stud],
      });
      await made(admin, '/device_mappings/', {
        device_array_id: array,
        site_id: site?.id,
        lane_id: lane?.id,
        valid_from: '2025-06-01T00:00:00Z',
      });
      return site?.id ?? '';
    };
    const lower = await siteOf('Lower Weir', 'WEIR-L');
    const upper = await siteOf('Upper Weir', 'WEIR-U');
    const key = ((await rotate(admin, gateway)).body as { api_key: string }).api_key;
    const at = (sensor: string, second: string, speed: number) => ({
      sensor,
      timestamp: `2025-06-04T09:00:${second}.000Z`,
      speed,
      length: 4.5,
      class: 1,
    });
    await post(key, {
      events: [
        at('WEIR-L', '00', 36),
        at('WEIR-L', '20', 36),
        at('WEIR-L', '40', 36),
        at('WEIR-U', '10', 72),
        at('WEIR-U', '30', 72),
      ],
    });
    for (const [site, vehicles] of [
      [lower, 3],
      [upper, 2],
    ] as const) {
      const found = await pollUntil(
        () => detailOf(site),
        (detail) => detail?.summary.vehicles === vehicles,
      );
      expect(found?.summary.vehicles).toBe(vehicles);
    }

    const { body } = await graphql(
      server,
      `
        mutation ($target: ID!, $sources: [ID!]!) {
          mergeSites(target_id: $target, source_ids: $sources) {
            id
          }
        }
      `,
      { token: admin, variables: { target: lower, sources: [upper] } },
    );
    const taskId = (body.data?.mergeSites as { id: string } | undefined)?.id ?? '';
    expect(taskId).not.toBe('');
    const [task] = await pollUntil(
      () => db.select().from(tasks).where(eq(tasks.id, taskId)),
      ([row]) => row?.state !== 'QD' && row?.state !== 'PR',
      400,
    );
    expect(task?.message).not.toMatch(/unique|duplicate/i);
    expect(task?.state).toBe('CM');

    const merged = await detailOf(lower);
    expect(merged?.summary.vehicles).toBe(5);
    expect((merged?.summary.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(50.4, 4);
    // One file for the day, its vehicles in time order.
    const files = await db
      .select({ id: trafficDataFiles.id, logs: trafficDataFiles.logs })
      .from(trafficDataFiles)
      .where(
        and(
          eq(trafficDataFiles.siteId, lower),
          eq(trafficDataFiles.fileName, 'realtime 2025-06-04'),
        ),
      );
    expect(files).toHaveLength(1);
    const blobs = createLocalBlobStore(join(server.config.dataDir, 'blobs'));
    const seconds: number[] = [];
    for await (const batch of storedColumnBatches(blobs, `columns/${files[0]?.id}.arrow`))
      seconds.push(...Array.from(batch.timeMs, (time) => new Date(time).getUTCSeconds()));
    expect(seconds).toEqual([0, 10, 20, 30, 40]);
  });

  it('moves a merged site’s device mappings to the target’s aligned lanes', async () => {
    // Harbour Road (N and S) has a northbound lane measured by stud HR-T; Harbour Road East
    // (E and W), merged into it with E counting as N and W as S, has two eastbound lanes
    // measured by HR-E1 (inner) and HR-E2 (outer). Arrays of one stud: every event is a vehicle.
    const db = server.database.db;
    const gateway = await made(admin, '/devices/', { kind: 'gateway', serial: 'GW-HARBOUR' });
    const siteOf = async (
      name: string,
      directions: [number, number],
      siteLanes: { name: string; direction: number; positionId: number; stud?: string }[],
    ) => {
      const [site] = await db
        .insert(sites)
        .values({
          ownerOrganisationId: organisationId,
          name,
          realtime: true,
          siteType: 'realtime',
          directionOne: directions[0],
          directionTwo: directions[1],
        })
        .returning();
      const arrays: Record<string, string> = {};
      for (const { stud, ...values } of siteLanes) {
        const [lane] = await db
          .insert(lanes)
          .values({ siteId: site?.id ?? '', ...values })
          .returning();
        if (!stud) continue;
        const studId = await made(admin, '/devices/', {
          kind: 'roadstud',
          serial: stud,
          gateway_id: gateway,
        });
        arrays[stud] = await made(admin, '/device_arrays/', {
          name: stud,
          spacing_m: 2,
          device_ids: [studId],
        });
        await made(admin, '/device_mappings/', {
          device_array_id: arrays[stud],
          site_id: site?.id,
          lane_id: lane?.id,
          valid_from: '2025-06-01T00:00:00Z',
        });
      }
      return { id: site?.id ?? '', arrays };
    };
    const target = await siteOf(
      'Harbour Road',
      [1, 5],
      [
        { name: 'northbound', direction: 1, positionId: 1, stud: 'HR-T' },
        { name: 'southbound', direction: 5, positionId: 2 },
      ],
    );
    const source = await siteOf(
      'Harbour Road East',
      [3, 7],
      [
        { name: 'east inner', direction: 3, positionId: 1, stud: 'HR-E1' },
        { name: 'east outer', direction: 3, positionId: 2, stud: 'HR-E2' },
        { name: 'westbound', direction: 7, positionId: 3 },
      ],
    );
    const key = ((await rotate(admin, gateway)).body as { api_key: string }).api_key;
    const at = (sensor: string, time: string, speed: number) => ({
      sensor,
      timestamp: `2025-06-05T10:${time}.000Z`,
      speed,
      length: 4.5,
      class: 1,
    });
    // Before the merge, 5 June: HR-T at 10:00:00 and 10:00:20 (36 km/h), HR-E1 at 10:00:10
    // and HR-E2 at 10:00:30 (72 km/h): two vehicles on each site.
    await post(key, {
      events: [
        at('HR-T', '00:00', 36),
        at('HR-T', '00:20', 36),
        at('HR-E1', '00:10', 72),
        at('HR-E2', '00:30', 72),
      ],
    });
    for (const site of [target.id, source.id]) {
      const found = await pollUntil(
        () => detailOf(site),
        (detail) => detail?.summary.vehicles === 2,
      );
      expect(found?.summary.vehicles).toBe(2);
    }

    const { body } = await graphql(
      server,
      `
        mutation ($target: ID!, $sources: [ID!]!, $alignment: [DirectionAlignmentInput!]) {
          mergeSites(target_id: $target, source_ids: $sources, alignment: $alignment) {
            id
          }
        }
      `,
      {
        token: admin,
        variables: {
          target: target.id,
          sources: [source.id],
          alignment: [
            { site_id: source.id, from: 'E', to: 'N' },
            { site_id: source.id, from: 'W', to: 'S' },
          ],
        },
      },
    );
    const taskId = (body.data?.mergeSites as { id: string } | undefined)?.id ?? '';
    expect(taskId).not.toBe('');
    const [task] = await pollUntil(
      () => db.select().from(tasks).where(eq(tasks.id, taskId)),
      ([row]) => row?.state !== 'QD' && row?.state !== 'PR',
      400,
    );
    expect(task?.state).toBe('CM');

    // (a) HR-E1's mapping measures the target's northbound lane (the first of N, as east inner
    // was the first of E); the target had no second northbound lane for HR-E2's east outer, so
    // it has one now, outside its northbound lane (position 1 + 1 = 2).
    const mappedLanes = async () => {
      const rows = await db
        .select({
          array: deviceMappings.deviceArrayId,
          siteId: deviceMappings.siteId,
          lane: lanes.name,
          direction: lanes.direction,
          positionId: lanes.positionId,
        })
        .from(deviceMappings)
        .innerJoin(lanes, eq(lanes.id, deviceMappings.laneId))
        .where(
          inArray(deviceMappings.deviceArrayId, [
            source.arrays['HR-E1'] ?? '',
            source.arrays['HR-E2'] ?? '',
          ]),
        );
      return rows
        .map(({ array, ...row }) => ({
          stud: array === source.arrays['HR-E1'] ? 'HR-E1' : 'HR-E2',
          ...row,
        }))
        .sort((a, b) => a.stud.localeCompare(b.stud));
    };
    const targetLanes = () =>
      db
        .select({ name: lanes.name, direction: lanes.direction, positionId: lanes.positionId })
        .from(lanes)
        .where(eq(lanes.siteId, target.id))
        .orderBy(asc(lanes.positionId));
    const expectedMappings = [
      { stud: 'HR-E1', siteId: target.id, lane: 'northbound', direction: 1, positionId: 1 },
      { stud: 'HR-E2', siteId: target.id, lane: 'east outer', direction: 1, positionId: 2 },
    ];
    const expectedLanes = [
      { name: 'northbound', direction: 1, positionId: 1 },
      { name: 'southbound', direction: 5, positionId: 2 },
      { name: 'east outer', direction: 1, positionId: 2 },
    ];
    expect(await mappedLanes()).toEqual(expectedMappings);
    expect(await targetLanes()).toEqual(expectedLanes);
    // The merge run again moves nothing more and adds no lane.
    expect((await runTaskAgain(server, taskId)).state).toBe('CM');
    expect(await mappedLanes()).toEqual(expectedMappings);
    expect(await targetLanes()).toEqual(expectedLanes);
    expect((await detailOf(target.id))?.summary.vehicles).toBe(4);

    // (b) After the merge, HR-E1 at 10:00:40 and HR-E2 at 10:00:50 (54 km/h) count on the
    // target: 4 + 2 = 6 vehicles, mean (2 × 36 + 2 × 72 + 2 × 54) / 6 = 324 / 6 = 54 km/h.
    await post(key, { events: [at('HR-E1', '00:40', 54), at('HR-E2', '00:50', 54)] });
    const live = await pollUntil(
      () => detailOf(target.id),
      (detail) => detail?.summary.vehicles === 6,
    );
    expect(live?.summary.vehicles).toBe(6);
    expect((live?.summary.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(54, 4);

    // (c) Recorrelating the target's 5 June from the stored events keeps both sites' vehicles:
    // HR-T's two, HR-E1's two and HR-E2's two, six at 54 km/h.
    const queued = await call(admin, 'POST', `/core/api/realtime/sites/${target.id}/recorrelate`, {
      from: '2025-06-05T00:00:00Z',
      to: '2025-06-06T00:00:00Z',
    });
    expect(queued.status).toBe(202);
    const recorrelationId = (queued.body as { id: string }).id;
    const [recorrelated] = await pollUntil(
      () => db.select().from(tasks).where(eq(tasks.id, recorrelationId)),
      ([row]) => row?.state === 'CM' || row?.state === 'ER',
      400,
    );
    expect(recorrelated?.state).toBe('CM');
    expect(recorrelated?.result).toMatchObject({ vehicles: 6 });
    const rebuilt = await detailOf(target.id);
    expect(rebuilt?.summary.vehicles).toBe(6);
    expect((rebuilt?.summary.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(54, 4);
  });

  it('refuses events dated outside the gateway’s plausible clock, naming the first', async () => {
    const key = ((await rotate(admin, gatewayId)).body as { api_key: string }).api_key;
    const fine = { sensor: 'RS-3', timestamp: '2025-06-02T10:00:00.000Z', speed: 40, class: 1 };
    // The studs' first mapping starts on 1 June 2025 (the gateway was registered later, today):
    // a day before it is the earliest plausible time.
    const early = await post(key, {
      events: [fine, { ...fine, timestamp: '1900-01-01T00:00:00.000Z' }],
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      "Batch refused, nothing stored: events[1].timestamp: 1900-01-01T00:00:00.000Z is before 2025-05-31T00:00:00.000Z, a day before the gateway was registered or its studs' first mapping starts",
    );
    const late = await post(key, {
      events: [fine],
      pings: [{ sensor: 'RS-3', timestamp: '9999-12-31T23:59:59.000Z', battery_percent: 50 }],
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(
      /^Batch refused, nothing stored: pings\[0\]\.timestamp: 9999-12-31T23:59:59\.000Z is more than 5 minutes ahead of the server's clock \(\d{4}-\d\d-\d\dT[\d:.]+Z\)$/,
    );
    // Neither batch stored anything: the plausible event, sent alone now, is new.
    expect((await post(key, { events: [fine] })).body).toMatchObject({ stored: 1 });
  });
});
