import { generateTraffic, roadcountCsvText, type GeneratedVehicle } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const MAP_SITES = `query($filter: MapFilter!) {
  mapSites(filter: $filter) {
    id name has_data days vehicles adt average_speed_mps speed85_mps speed95_mps pace_kmh_from_mps pace_mph_from_mps heavy_percent
    last_surveyed survey_years contexts time_span latitude longitude
  }
}`;
const VOLUMES = `query($siteId: ID!, $filter: MapFilter!) {
  mapSiteVolumes(siteId: $siteId, filter: $filter) { day vehicles }
}`;

interface MapSite {
  id: string;
  name: string;
  has_data: boolean;
  days: number;
  vehicles: number;
  adt: number | null;
  average_speed_mps: number | null;
  speed85_mps: number | null;
  speed95_mps: number | null;
  pace_kmh_from_mps: number | null;
  pace_mph_from_mps: number | null;
  heavy_percent: number | null;
  last_surveyed: string | null;
  survey_years: number[];
  contexts: string[];
  time_span: string | null;
}

/**
 * The pace by its definition (TRAFFIC-ENGINEERING.md): of the bands of 10 whole units starting
 * at a measured whole speed, the one holding the most vehicles (the lowest on a tie); its start.
 */
function paceStart(speeds: number[]): number {
  const units = speeds.map((speed) => Math.floor(speed));
  let best = Number.NaN;
  let bestCount = -1;
  for (const from of [...new Set(units)].sort((a, b) => a - b)) {
    const count = units.filter((unit) => unit >= from && unit < from + 10).length;
    if (count > bestCount) [best, bestCount] = [from, count];
  }
  return best;
}

/** Spreadsheet PERCENTILE.INC over sorted values: the definition, independent of the server. */
function percentileInc(sorted: number[], p: number): number {
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (rank - below);
}

describe('map layers through GraphQL', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let siteId: string;
  let adminToken: string;
  let vehicles: GeneratedVehicle[];

  const mapSites = async (filter: Record<string, string>, as = token) => {
    const { body } = await graphql(server, MAP_SITES, { token: as, variables: { filter } });
    return (body.data?.mapSites ?? []) as MapSite[];
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const viewer = await createUser(server, { organisationId: organisation.id, role: 'org_user' });
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    adminToken = (await signIn(server, admin.username)).access;
    token = (await signIn(server, viewer.username)).access;
    otherToken = (await signIn(server, other.username)).access;
    vehicles = [
      ...generateTraffic({
        seed: 11,
        startDay: '2025-03-03',
        days: 14,
        vehiclesPerDay: 600,
        directions: [1, 5],
        meanSpeedKmh: 52,
      }),
    ];
    const text = [
      ...roadcountCsvText(vehicles, { name: 'Map Road', latitude: 51.75, longitude: -1.25 }),
    ].join('');
    const file = await uploadAndProcess(server, adminToken, 'map.csv', text);
    expect(file.review_status).toBe('PDC');
    siteId = file.site?.id ?? '';
    // The rollups are rebuilt by a task of their own after the file passes.
    await pollUntil(
      () => mapSites({ start_date: '2025-01-01', end_date: '2025-12-31' }),
      (sites) => sites.some((site) => site.has_data),
    );
  }, 60_000);
  afterAll(() => server.close());

  it('gives ADT, speeds and the heavy share an independent computation gets from the file', async () => {
    const [site] = await mapSites({
      start_date: '2025-03-01',
      end_date: '2025-03-31',
      day_range: 'weekdays',
    });
    const speedsKmh: number[] = [];
    const perDay = new Map<string, number>();
    const everyDay = new Set<string>();
    let heavy = 0;
    let classified = 0;
    for (const vehicle of vehicles) {
      const day = new Date(vehicle.localMs).toISOString().slice(0, 10);
      everyDay.add(day);
      if (new Date(`${day}T00:00:00Z`).getUTCDay() % 6 === 0) continue;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      speedsKmh.push(Number(vehicle.speedKmh.toFixed(1)));
      if (vehicle.classIndex > 0) classified += 1;
      if (vehicle.classIndex >= 3) heavy += 1; // Austroads ARX: classes 3 and above are heavy.
    }
    const total = [...perDay.values()].reduce((sum, count) => sum + count, 0);
    expect(site).toMatchObject({ id: siteId, name: 'Map Road', has_data: true, days: 10 });
    expect(site?.vehicles).toBe(total);
    // ADT as the site detail counts it: the first and last days with data (3 and 16 March) are
    // partial; the weekdays between them are 4 to 7 and 10 to 14 March.
    const whole = [...everyDay]
      .sort()
      .slice(1, -1)
      .filter((day) => perDay.has(day));
    expect(whole).toHaveLength(9);
    const wholeTotal = whole.reduce((sum, day) => sum + (perDay.get(day) ?? 0), 0);
    expect(site?.adt).toBeCloseTo(wholeTotal / 9, 9);
    const mean = speedsKmh.reduce((sum, speed) => sum + speed, 0) / speedsKmh.length;
    expect((site?.average_speed_mps ?? 0) * 3.6).toBeCloseTo(mean, 3);
    // The map reads 1 km/h bins: its 85th percentile is within a bin of the exact one.
    const exact85 = percentileInc(
      [...speedsKmh].sort((a, b) => a - b),
      85,
    );
    expect(Math.abs((site?.speed85_mps ?? 0) * 3.6 - exact85)).toBeLessThan(1);
    // The 95th percentile layer's figure, from the same bins: within a bin of the exact one.
    const exact95 = percentileInc(
      [...speedsKmh].sort((a, b) => a - b),
      95,
    );
    expect(Math.abs((site?.speed95_mps ?? 0) * 3.6 - exact95)).toBeLessThan(1);
    expect(site?.speed95_mps ?? 0).toBeGreaterThan(site?.speed85_mps ?? Infinity);
    // The pace layer's band starts, from the same bins: within a unit of the exact ones.
    expect(
      Math.abs((site?.pace_kmh_from_mps ?? 0) * 3.6 - paceStart(speedsKmh)),
    ).toBeLessThanOrEqual(1);
    const speedsMph = speedsKmh.map((kmh) => kmh / 1.609344);
    expect(
      Math.abs((site?.pace_mph_from_mps ?? 0) / 0.44704 - paceStart(speedsMph)),
    ).toBeLessThanOrEqual(1);
    expect(site?.heavy_percent).toBeCloseTo((heavy / classified) * 100, 9);
    expect(site?.last_surveyed).toBe('2025-03-16');
    expect(site?.survey_years).toEqual([2025]);
    expect(site?.contexts).toEqual(['VEH']);
  });

  it('shows a site without data in a range it was not surveyed in', async () => {
    const [site] = await mapSites({ start_date: '2024-01-01', end_date: '2024-12-31' });
    expect(site).toMatchObject({ id: siteId, has_data: false, days: 0, adt: null });
  });

  it('gives the daily volumes of the summary chart', async () => {
    const { body } = await graphql(server, VOLUMES, {
      token,
      variables: { siteId, filter: { start_date: '2025-03-03', end_date: '2025-03-04' } },
    });
    const counted = (day: string) =>
      vehicles.filter((vehicle) => new Date(vehicle.localMs).toISOString().startsWith(day)).length;
    expect(body.data?.mapSiteVolumes).toEqual([
      { day: '2025-03-03', vehicles: counted('2025-03-03') },
      { day: '2025-03-04', vehicles: counted('2025-03-04') },
    ]);
  });

  it('gives the design layers the site detail’s whole-record AADT, K, D and peak hour factor', async () => {
    const DESIGN = `{ mapDesignFigures { id aadt aadt_method k_factor d_factor peak_hour_factor } }`;
    const { body } = await graphql(server, DESIGN, { token });
    // By the definitions, from the generated vehicles: the ADT of the 12 whole days (4 to 15
    // March; the first and last days are partial) is the AADT of a site without a factor group.
    const perDay = new Map<string, number>();
    const perQuarter = new Map<number, number>();
    for (const vehicle of vehicles) {
      const day = new Date(vehicle.localMs).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const quarter = Math.floor(vehicle.localMs / 900_000);
      perQuarter.set(quarter, (perQuarter.get(quarter) ?? 0) + 1);
    }
    const wholeDays = [...perDay.keys()].sort().slice(1, -1);
    expect(wholeDays).toHaveLength(12);
    const adt = wholeDays.reduce((sum, day) => sum + (perDay.get(day) ?? 0), 0) / 12;
    // The peak hour: the four consecutive quarter hours with the most vehicles (the earliest on
    // a tie); PHF = its volume / (4 × its busiest quarter).
    let best = { volume: -1, quarter: 0 };
    for (const start of [...perQuarter.keys()].sort((a, b) => a - b)) {
      const quarters = [0, 1, 2, 3].map((step) => perQuarter.get(start + step) ?? 0);
      const volume = quarters.reduce((sum, count) => sum + count, 0);
      if (volume > best.volume) best = { volume, quarter: Math.max(...quarters) };
    }
    expect(body.data?.mapDesignFigures).toEqual([
      {
        id: siteId,
        aadt: expect.closeTo(adt, 9) as number,
        aadt_method: 'unadjusted',
        // Two weeks of data: no design hour (K and D need a year).
        k_factor: null,
        d_factor: null,
        peak_hour_factor: expect.closeTo(best.volume / (4 * best.quarter), 9) as number,
      },
    ]);
    const foreign = await graphql(server, DESIGN, { token: otherToken });
    expect(foreign.body.data?.mapDesignFigures).toEqual([]);
  });

  it('keeps the sites from another organisation and refuses a backwards range', async () => {
    expect(
      await mapSites({ start_date: '2025-01-01', end_date: '2025-12-31' }, otherToken),
    ).toEqual([]);
    const foreign = await graphql(server, VOLUMES, {
      token: otherToken,
      variables: { siteId, filter: { start_date: '2025-03-03', end_date: '2025-03-04' } },
    });
    expect(foreign.status).toBe(403);
    const backwards = await graphql(server, MAP_SITES, {
      token,
      variables: { filter: { start_date: '2025-03-05', end_date: '2025-03-01' } },
    });
    expect(backwards.body.errors?.[0]?.message).toBe(
      'The start date must not be later than the end date.',
    );
    const anonymous = await graphql(server, MAP_SITES, {
      variables: { filter: { start_date: '2025-03-01', end_date: '2025-03-05' } },
    });
    expect(anonymous.status).toBe(401);
  });

  it('keeps a user’s quick filters, at most 8 with unique labels of 3 to 20 characters', async () => {
    const SAVE = `mutation($userId: ID!, $preference: JSON!) { update_user_preference(userId: $userId, preference: $preference) { preferences } }`;
    const me = await graphql(
      server,
      `
        {
          me {
            id
          }
        }
      `,
      { token },
    );
    const userId = (me.body.data?.me as { id: string }).id;
    const quick = (label: string) => ({
      label,
      layer: 'volume',
      dayRange: 'weekdays',
      contexts: ['VEH'],
      timeSpans: ['TS_T'],
      year: 2025,
    });
    const saved = await graphql(server, SAVE, {
      token,
      variables: { userId, preference: { quickFilters: [quick('  Weekday volume ')] } },
    });
    expect(saved.body.data?.update_user_preference).toMatchObject({
      preferences: { quickFilters: [quick('Weekday volume')] },
    });
    const nine = Array.from({ length: 9 }, (_, index) => quick(`Filter ${index}`));
    const tooMany = await graphql(server, SAVE, {
      token,
      variables: { userId, preference: { quickFilters: nine } },
    });
    expect(tooMany.body.errors?.[0]?.message).toBe('At most 8 quick filters');
    const short = await graphql(server, SAVE, {
      token,
      variables: { userId, preference: { quickFilters: [quick('ab')] } },
    });
    expect(short.body.errors?.[0]?.message).toBe('A quick filter label is 3 to 20 characters');
    const forSomeoneElse = await graphql(server, SAVE, {
      token: otherToken,
      variables: { userId, preference: { quickFilters: [] } },
    });
    expect(forSomeoneElse.status).toBe(403);
  });

  it('shows a later file that joins the site at once, and the earlier figures unchanged', async () => {
    const later = [
      ...generateTraffic({
        seed: 12,
        startDay: '2025-04-07',
        days: 3,
        vehiclesPerDay: 400,
        directions: [1, 5],
        meanSpeedKmh: 70,
      }),
    ];
    const text = [
      ...roadcountCsvText(later, { name: 'Map Road', latitude: 51.75, longitude: -1.25 }),
    ].join('');
    const file = await uploadAndProcess(server, adminToken, 'later.csv', text);
    expect(file.site?.id).toBe(siteId);
    const year = { start_date: '2025-01-01', end_date: '2025-12-31' };
    const [site] = await pollUntil(
      () => mapSites(year),
      ([first]) => first?.days === 17,
    );
    expect(site).toMatchObject({ days: 17, vehicles: vehicles.length + later.length });
    expect(site?.last_surveyed).toBe('2025-04-09');
    const [march] = await mapSites({ start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(march).toMatchObject({ days: 14, vehicles: vehicles.length });
  });
});
