import { generateTraffic, roadcountCsvText, type GeneratedVehicle } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const FIELDS = `id organisation_id name description min_speed_mps max_speed_mps
  headway_greater_than_s classes start_time end_time`;
const LIST = `query($siteId: ID) { vehicleExclusionFilters(siteId: $siteId) { ${FIELDS} } }`;
const CREATE = `mutation($siteId: ID, $filter: VehicleExclusionFilterInput!) {
  createVehicleExclusionFilter(siteId: $siteId, filter: $filter) { ${FIELDS} }
}`;
const UPDATE = `mutation($id: ID!, $filter: VehicleExclusionFilterInput!) {
  updateVehicleExclusionFilter(id: $id, filter: $filter) { ${FIELDS} }
}`;
const DELETE = `mutation($id: ID!) { deleteVehicleExclusionFilter(id: $id) }`;
const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 1440) {
    time_zone summary { vehicles averageSpeedMps } bins
  }
}`;

interface Detail {
  time_zone: string;
  summary: { vehicles: number; averageSpeedMps: number | null };
  bins: { starts: string[]; directions: Record<string, { vehicles: number[] }> };
}

/** Each bin's vehicles over all directions, by the bin's start. */
const vehiclesByStart = (bins: Detail['bins'] | undefined) =>
  new Map(
    (bins?.starts ?? []).map((start, index) => [
      start,
      Object.values(bins?.directions ?? {}).reduce(
        (sum, figures) => sum + (figures.vehicles[index] ?? 0),
        0,
      ),
    ]),
  );

// Every class of the generated traffic, so that the base filter is the same in the plain loops.
const BASE = {
  velocity_min: 1 / 3.6,
  velocity_max: 50,
  active_classes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
};

/** A vehicle's figures as the file states them and the reader stores them (float32). */
const stored = (vehicle: GeneratedVehicle) => ({
  speedMps: Math.fround(Number(vehicle.speedKmh.toFixed(1)) * (1 / 3.6)),
  headwayS: Number.isFinite(vehicle.headwayS)
    ? Math.fround(Number(vehicle.headwayS.toFixed(2)))
    : Number.NaN,
});
const passesBase = (vehicle: GeneratedVehicle) => {
  const { speedMps } = stored(vehicle);
  return (
    speedMps >= 1 / 3.6 && speedMps <= 50 && vehicle.classIndex >= 1 && vehicle.classIndex <= 12
  );
};

describe('vehicle and time exclusions', () => {
  let server: TestServer;
  let user: string;
  let admin: string;
  let demo: string;
  let other: string;
  let siteId: string;
  let otherSiteId: string;
  let vehicles: GeneratedVehicle[];

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const otherOrganisation = await createOrg(server);
    const signInAs = async (
      organisationId: string,
      role: 'org_admin' | 'org_user',
      isDemo = false,
    ) =>
      (await signIn(server, (await createUser(server, { organisationId, role, isDemo })).username))
        .access;
    admin = await signInAs(organisation.id, 'org_admin');
    user = await signInAs(organisation.id, 'org_user');
    demo = await signInAs(organisation.id, 'org_user', true);
    other = await signInAs(otherOrganisation.id, 'org_admin');
    vehicles = [
      ...generateTraffic({
        seed: 11,
        startDay: '2025-05-05',
        days: 14,
        vehiclesPerDay: 600,
        directions: [1, 5],
        meanSpeedKmh: 50,
      }),
    ];
    const text = [
      ...roadcountCsvText(vehicles, { name: 'Exclusion Road', latitude: 52.2, longitude: 0.13 }),
    ].join('');
    siteId = (await uploadAndProcess(server, admin, 'exclusions.csv', text)).site?.id ?? '';
    const otherText = [
      ...roadcountCsvText(vehicles.slice(0, 500), {
        name: 'Elsewhere Road',
        latitude: 51.2,
        longitude: -1.13,
      }),
    ].join('');
    otherSiteId = (await uploadAndProcess(server, other, 'other.csv', otherText)).site?.id ?? '';
    expect(siteId).not.toBe('');
    expect(otherSiteId).not.toBe('');
  }, 90_000);
  afterAll(() => server.close());

  const siteDetail = async (filter: Record<string, unknown>, token = user) => {
    const { status, body } = await graphql(server, SITE_DETAIL, {
      token,
      variables: { siteId, filter: { ...BASE, ...filter } },
    });
    return { status, body, detail: body.data?.siteDetail as Detail | undefined };
  };

  it('lets an organisation user create, list, edit and delete a filter, with the rules checked', async () => {
    const created = await graphql(server, CREATE, {
      token: user,
      variables: {
        siteId,
        filter: { name: 'Slow trucks', description: 'Queues', max_speed_mps: 5, classes: [9, 3] },
      },
    });
    const filter = created.body.data?.createVehicleExclusionFilter as { id: string };
    expect(filter).toMatchObject({
      name: 'Slow trucks',
      description: 'Queues',
      min_speed_mps: null,
      max_speed_mps: 5,
      classes: [3, 9],
      start_time: null,
    });
    const listed = await graphql(server, LIST, { token: admin, variables: { siteId } });
    expect(listed.body.data?.vehicleExclusionFilters).toEqual([filter]);
    const ownList = await graphql(server, LIST, { token: user });
    expect(ownList.body.data?.vehicleExclusionFilters).toEqual([filter]);

    const updated = await graphql(server, UPDATE, {
      token: admin,
      variables: {
        id: filter.id,
        filter: {
          name: 'Roadworks',
          start_time: '2025-05-10T00:00:00Z',
          end_time: '2025-05-12T00:00:00Z',
        },
      },
    });
    expect(updated.body.data?.updateVehicleExclusionFilter).toMatchObject({
      id: filter.id,
      name: 'Roadworks',
      description: null,
      max_speed_mps: null,
      classes: null,
      start_time: '2025-05-10T00:00:00.000Z',
      end_time: '2025-05-12T00:00:00.000Z',
    });

    const problems = [
      [{ name: ' ', max_speed_mps: 5 }, 'name: A name is required'],
      [
        { name: 'Backwards', min_speed_mps: 20, max_speed_mps: 10 },
        'max_speed_mps: The minimum speed must not be above the maximum speed',
      ],
      [
        { name: 'Everything' },
        'Give at least one condition, or the filter would leave out every vehicle',
      ],
      [
        { name: 'roadworks', max_speed_mps: 3 },
        'An exclusion filter with that name already exists',
      ],
    ] as const;
    for (const [input, message] of problems) {
      const answer = await graphql(server, CREATE, {
        token: user,
        variables: { siteId, filter: input },
      });
      expect(answer.body.errors?.[0]?.message).toBe(message);
    }

    const deleted = await graphql(server, DELETE, { token: user, variables: { id: filter.id } });
    expect(deleted.body.data?.deleteVehicleExclusionFilter).toBe(filter.id);
    const empty = await graphql(server, LIST, { token: user, variables: { siteId } });
    expect(empty.body.data?.vehicleExclusionFilters).toEqual([]);
    const again = await graphql(server, DELETE, { token: user, variables: { id: filter.id } });
    expect(again.status).toBe(404);
  });

  it('refuses every operation on another organisation, and the demo account any change', async () => {
    const created = await graphql(server, CREATE, {
      token: user,
      variables: { siteId, filter: { name: 'Private', max_speed_mps: 3 } },
    });
    const id = (created.body.data?.createVehicleExclusionFilter as { id: string }).id;
    const foreignList = await graphql(server, LIST, { token: other, variables: { siteId } });
    expect(foreignList.status).toBe(403);
    const ownList = await graphql(server, LIST, { token: other });
    expect(ownList.body.data?.vehicleExclusionFilters).toEqual([]);
    const foreignCreate = await graphql(server, CREATE, {
      token: other,
      variables: { siteId, filter: { name: 'Intruder', max_speed_mps: 3 } },
    });
    expect(foreignCreate.status).toBe(403);
    const foreignUpdate = await graphql(server, UPDATE, {
      token: other,
      variables: { id, filter: { name: 'Taken over', max_speed_mps: 3 } },
    });
    expect(foreignUpdate.status).toBe(403);
    const foreignDelete = await graphql(server, DELETE, { token: other, variables: { id } });
    expect(foreignDelete.status).toBe(403);
    const anonymous = await graphql(server, LIST, { variables: { siteId } });
    expect(anonymous.status).toBe(401);

    const demoCreate = await graphql(server, CREATE, {
      token: demo,
      variables: { siteId, filter: { name: 'Demo', max_speed_mps: 3 } },
    });
    expect(demoCreate.status).toBe(403);
    const demoDelete = await graphql(server, DELETE, { token: demo, variables: { id } });
    expect(demoDelete.status).toBe(403);
    const demoList = await graphql(server, LIST, { token: demo, variables: { siteId } });
    expect(demoList.body.data?.vehicleExclusionFilters).toHaveLength(1);

    // Still there, unchanged, for its own organisation.
    const listed = await graphql(server, LIST, { token: admin, variables: { siteId } });
    expect(listed.body.data?.vehicleExclusionFilters).toMatchObject([{ id, name: 'Private' }]);
    await graphql(server, DELETE, { token: admin, variables: { id } });
  });

  it('leaves out the vehicles a saved filter matches, as a plain loop over the file counts them', async () => {
    const created = await graphql(server, CREATE, {
      token: user,
      variables: {
        siteId,
        filter: {
          name: 'Fast light vehicles with long headways in the second week',
          min_speed_mps: 45 / 3.6,
          headway_greater_than_s: 3.005,
          classes: [1, 2],
          start_time: '2025-05-12T00:00:00Z',
          end_time: '2025-05-19T00:00:00Z',
        },
      },
    });
    const id = (created.body.data?.createVehicleExclusionFilter as { id: string }).id;
    const all = await siteDetail({});
    const excluded = await siteDetail({ vehicle_exclusions: [id] });
    // The site is in UTC, so the file's local times are the instants too.
    expect(excluded.detail?.time_zone).toBe('UTC');

    const start = Date.UTC(2025, 4, 12);
    const end = Date.UTC(2025, 4, 19);
    const matches = (vehicle: GeneratedVehicle) => {
      const { speedMps, headwayS } = stored(vehicle);
      return (
        vehicle.localMs >= start &&
        vehicle.localMs < end &&
        speedMps >= 45 / 3.6 &&
        headwayS > 3.005 &&
        (vehicle.classIndex === 1 || vehicle.classIndex === 2)
      );
    };
    const base = vehicles.filter(passesBase);
    const kept = base.filter((vehicle) => !matches(vehicle));
    expect(all.detail?.summary.vehicles).toBe(base.length);
    expect(kept.length).toBeLessThan(base.length - 100);
    expect(excluded.detail?.summary.vehicles).toBe(kept.length);
    const average =
      kept.reduce((sum, vehicle) => sum + Number(vehicle.speedKmh.toFixed(1)), 0) / kept.length;
    expect((excluded.detail?.summary.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(average, 3);
    // Per day: the first week is untouched, the second loses what the filter matches.
    const perDay = new Map<string, number>();
    for (const vehicle of kept) {
      const day = new Date(vehicle.localMs).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const binDays = new Map(
      [...vehiclesByStart(excluded.detail?.bins)].map(([start, count]) => [
        start.slice(0, 10),
        count,
      ]),
    );
    expect(binDays).toEqual(perDay);

    // The download leaves out the same vehicles.
    const filter = { ...BASE, vehicle_exclusions: [id] };
    const response = await fetch(
      `${server.url}/api/sites/${siteId}/vehicles.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      { headers: { authorization: `Bearer ${user}` } },
    );
    expect(response.status).toBe(200);
    expect((await response.text()).trim().split('\n').length - 1).toBe(kept.length);
    await graphql(server, DELETE, { token: user, variables: { id } });
  });

  it('leaves out the vehicles of the chosen days and times, as a plain loop counts them', async () => {
    const time_exclusions = [
      { days: [0, 1, 2, 3, 4], from: '07:00', to: '09:30' },
      { days: [5], from: '22:00', to: '00:00' },
    ];
    const excluded = await siteDetail({ time_exclusions });
    const inRule = (vehicle: GeneratedVehicle) => {
      const local = new Date(vehicle.localMs);
      const mondayFirst = (local.getUTCDay() + 6) % 7;
      const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
      return (
        (mondayFirst <= 4 && minute >= 7 * 60 && minute < 9 * 60 + 30) ||
        (mondayFirst === 5 && minute >= 22 * 60)
      );
    };
    const base = vehicles.filter(passesBase);
    const kept = base.filter((vehicle) => !inRule(vehicle));
    expect(kept.length).toBeLessThan(base.length - 500);
    expect(excluded.detail?.summary.vehicles).toBe(kept.length);
    expect(vehiclesByStart(excluded.detail?.bins).get('2025-05-10T00:00:00')).toBe(
      kept.filter((vehicle) => new Date(vehicle.localMs).toISOString().startsWith('2025-05-10'))
        .length,
    );

    const backwards = await siteDetail({
      time_exclusions: [{ days: [1], from: '10:00', to: '09:00' }],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]?.message).toBe(
      'time_exclusions.0.to: The from time must be before the to time',
    );
  });

  it("refuses another organisation's filter id and an unknown one in the filter payload", async () => {
    const created = await graphql(server, CREATE, {
      token: other,
      variables: { siteId: otherSiteId, filter: { name: 'Theirs', max_speed_mps: 10 } },
    });
    const theirs = (created.body.data?.createVehicleExclusionFilter as { id: string }).id;
    const foreign = await siteDetail({ vehicle_exclusions: [theirs] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0]?.message).toBe(
      `vehicle_exclusions: '${theirs}' is not a saved exclusion filter of this site's organisation`,
    );
    const unknown = await siteDetail({ vehicle_exclusions: ['not-an-id'] });
    expect(unknown.status).toBe(400);
    const csv = await fetch(
      `${server.url}/api/sites/${siteId}/vehicles.csv?filter=${encodeURIComponent(
        JSON.stringify({ vehicle_exclusions: [theirs] }),
      )}`,
      { headers: { authorization: `Bearer ${user}` } },
    );
    expect(csv.status).toBe(400);
    // Their own site takes it.
    const own = await graphql(server, SITE_DETAIL, {
      token: other,
      variables: { siteId: otherSiteId, filter: { vehicle_exclusions: [theirs] } },
    });
    expect(own.status).toBe(200);
  });
});
