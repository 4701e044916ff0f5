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

const SET = `mutation($siteId: ID!, $limits: [SpeedLimitInput!]!) {
  setSpeedLimits(siteId: $siteId, limits: $limits) { effective_from limit_mps }
}`;
const READ = `query($siteId: ID!) { speedLimits(siteId: $siteId) { effective_from limit_mps } }`;
const SPEEDING = `query($siteId: ID!) { siteDetail(siteId: $siteId) { speeding { vehicles aboveLimit { vehicles } } } }`;

describe('speed limits', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;
  let siteId: string;
  let vehicles: GeneratedVehicle[];

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisationId = (await createOrg(server)).id;
    admin = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_admin' })).username,
      )
    ).access;
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
    vehicles = [
      ...generateTraffic({
        seed: 61,
        startDay: '2025-02-03',
        days: 4,
        vehiclesPerDay: 500,
        directions: [1, 5],
        meanSpeedKmh: 50,
      }),
    ];
    const text = [
      ...roadcountCsvText(vehicles, { name: 'Limit Lane', latitude: 51.1, longitude: -1.1 }),
    ].join('');
    siteId = (await uploadAndProcess(server, admin, 'limit.csv', text)).site?.id ?? '';
  }, 60_000);
  afterAll(() => server.close());

  it('are set by an organisation admin, read by a viewer, and used for speeding', async () => {
    const limits = [{ limit_mps: 30 / 3.6 }, { effective_from: '2025-02-05', limit_mps: 50 / 3.6 }];
    const set = await graphql(server, SET, { token: admin, variables: { siteId, limits } });
    expect(set.body.data?.setSpeedLimits).toEqual([
      { effective_from: '1970-01-01', limit_mps: 30 / 3.6 },
      { effective_from: '2025-02-05', limit_mps: 50 / 3.6 },
    ]);
    const read = await graphql(server, READ, { token: viewer, variables: { siteId } });
    expect(read.body.data?.speedLimits).toHaveLength(2);

    // Plain loop over the file: the limit in force on each vehicle's local (UTC) day.
    const within = vehicles.filter((vehicle) => {
      const kmh = Number(vehicle.speedKmh.toFixed(1));
      return kmh >= 1 && kmh <= 180;
    });
    const above = within.filter((vehicle) => {
      const day = new Date(vehicle.localMs).toISOString().slice(0, 10);
      const limit = day >= '2025-02-05' ? 50 / 3.6 : 30 / 3.6;
      return Math.fround(Number(vehicle.speedKmh.toFixed(1)) / 3.6) > limit;
    });
    const { body } = await graphql(server, SPEEDING, { token: viewer, variables: { siteId } });
    const speeding = body.data?.siteDetail as {
      speeding: { vehicles: number; aboveLimit: { vehicles: number } };
    };
    expect(speeding.speeding.vehicles).toBe(within.length);
    expect(speeding.speeding.aboveLimit.vehicles).toBe(above.length);
  });

  it('refuse a limit of 0, a viewer, and another organisation', async () => {
    const zero = await graphql(server, SET, {
      token: admin,
      variables: { siteId, limits: [{ limit_mps: 0 }] },
    });
    expect(zero.body.errors?.[0]?.message).toBe('limits.0.limit_mps: must be greater than 0');
    const byViewer = await graphql(server, SET, {
      token: viewer,
      variables: { siteId, limits: [] },
    });
    expect(byViewer.status).toBe(403);
    const foreignSet = await graphql(server, SET, {
      token: stranger,
      variables: { siteId, limits: [] },
    });
    expect(foreignSet.status).toBe(403);
    const foreignRead = await graphql(server, READ, { token: stranger, variables: { siteId } });
    expect(foreignRead.status).toBe(403);
    const stillThere = await graphql(server, READ, { token: viewer, variables: { siteId } });
    expect(stillThere.body.data?.speedLimits).toHaveLength(2);
  });
});
