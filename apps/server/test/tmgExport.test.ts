import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, sites } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const HEADER =
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';

/**
 * One whole Tuesday (4 March 2025, UTC) and a lone vehicle the next morning, whose day is not
 * whole and so is not sent. FHWA classes as the counter gave them; speeds in km/h.
 */
const VEHICLES: [string, 'N' | 'S', number, number][] = [
  ['2025-03-04T00:10:00', 'N', 2, 50],
  ['2025-03-04T08:15:00', 'N', 2, 72],
  ['2025-03-04T08:40:00', 'N', 9, 90],
  ['2025-03-04T23:50:00', 'N', 3, 40],
  ['2025-03-04T00:20:00', 'S', 2, 30],
  ['2025-03-04T12:00:00', 'S', 5, 64],
  ['2025-03-04T23:55:00', 'S', 2, 140],
  ['2025-03-05T06:00:00', 'N', 2, 50],
];

const csv = (siteId: string, name: string, point: string) =>
  [
    HEADER,
    ...VEHICLES.map(
      ([time, direction, vehicleClass, kmh]) =>
        `${time}.000,1,${direction},${vehicleClass},${kmh}.0,4.50,9.00,8.00,2,2.70,100.00,${siteId},${name},${point}`,
    ),
  ].join('\n');

describe('TMG 2022 export', () => {
  let server: TestServer;
  let token: string;
  let gpsSiteId: string;
  let noGpsSiteId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    // A one-day file is a valid count here: the organisation's quality thresholds allow it.
    await server.database.db
      .update(organisations)
      .set({ preferences: { lowest_max_adt: 1, min_survey_hours: 1, min_average_rho: 0 } })
      .where(eq(organisations.id, organisation.id));
    const user = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, user.username)).access;
    const [gps, noGps] = await server.database.db
      .insert(sites)
      .values([
        {
          ownerOrganisationId: organisation.id,
          name: 'TMG Road',
          assetManagementId: 'TMG-001',
          latitude: 40.7,
          longitude: -74,
          classScheme: 'fhwa13',
          directionOne: 1,
          directionTwo: 5,
        },
        {
          ownerOrganisationId: organisation.id,
          name: 'No GPS Road',
          assetManagementId: 'TMG-002',
          latitude: null,
          longitude: null,
          classScheme: 'fhwa13',
          directionOne: 1,
          directionTwo: 5,
        },
      ])
      .returning();
    gpsSiteId = gps?.id ?? '';
    noGpsSiteId = noGps?.id ?? '';
    for (const [id, name, point] of [
      [gpsSiteId, 'TMG Road', '40.7,-74'],
      [noGpsSiteId, 'No GPS Road', ','],
    ] as const) {
      const file = await uploadAndProcess(server, token, `${name}.csv`, csv(id, name, point));
      expect(file.review_status).toBe('PDC');
      expect(file.site?.id).toBe(id);
    }
  }, 180_000);
  afterAll(() => server.close());

  const get = (path: string) =>
    fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('passes its own checks for a site with coordinates, and writes the hand-worked records', async () => {
    const check = await get(`/api/tmg/check?site_id=${gpsSiteId}&year=2025&state_code=36`);
    expect(check.status).toBe(200);
    // Two directions, one whole day: 2 station, 2 volume records; 3 hours with vehicles in
    // each direction: 6 classification and 6 speed records.
    expect(await check.json()).toEqual({
      passed: true,
      sites: 1,
      failures: [],
      notes: [],
      records: { station: 2, volume: 2, classification: 6, speed: 6 },
    });

    const response = await get(`/api/tmg/export.zip?site_id=${gpsSiteId}&year=2025&state_code=36`);
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const read = async (extension: string) =>
      (await zip.file(`TMG_36_2025_TMG001.${extension}`)?.async('string'))?.trim().split('\r\n');
    expect(await read('STA')).toEqual([
      'S|36|TMG001|1|1|2025|40.700000|-74.000000|TMG Road|Y|Y|Y',
      'S|36|TMG001|5|1|2025|40.700000|-74.000000|TMG Road|Y|Y|Y',
    ]);
    // Tuesday is day 3 (Sunday 1). North: 1 vehicle at 00h, 2 at 08h, 1 at 23h; south: 1 at
    // 00h, 1 at 12h, 1 at 23h. The 5 March vehicle's day is not whole: no record.
    const hours = (filled: Record<number, number>) =>
      Array.from({ length: 24 }, (_, hour) => filled[hour] ?? 0).join('|');
    expect(await read('VOL')).toEqual([
      `3|36|TMG001|1|1|2025|03|04|3|${hours({ 0: 1, 8: 2, 23: 1 })}`,
      `3|36|TMG001|5|1|2025|03|04|3|${hours({ 0: 1, 12: 1, 23: 1 })}`,
    ]);
    const classes = (filled: Record<number, number>) =>
      Array.from({ length: 13 }, (_, index) => filled[index + 1] ?? 0).join('|');
    const classLines = await read('CLS');
    // North 08h: a car (2) and a five-axle semitrailer (9).
    expect(classLines).toContain(`C|36|TMG001|1|1|2025|03|04|08|2|${classes({ 2: 1, 9: 1 })}`);
    expect(classLines).toContain(`C|36|TMG001|5|1|2025|03|04|12|1|${classes({ 5: 1 })}`);
    // Speed bins (mph): under 20, then 5 mph bins to 85, then 85 and over (15 bins).
    // 72 km/h = 44.7 mph: 40-45 (bin 6); 90 km/h = 55.9 mph: 55-60 (bin 9);
    // 140 km/h = 87.0 mph: 85 and over (bin 15).
    const bins = (filled: Record<number, number>) =>
      Array.from({ length: 15 }, (_, index) => filled[index + 1] ?? 0).join('|');
    const speedLines = await read('SPD');
    expect(speedLines).toContain(`S|36|TMG001|1|1|2025|03|04|08|2|${bins({ 6: 1, 9: 1 })}`);
    expect(speedLines).toContain(`S|36|TMG001|5|1|2025|03|04|23|1|${bins({ 15: 1 })}`);
    expect(speedLines).toHaveLength(6);
  });

  it('fails a site without coordinates, naming the reason, and refuses its files', async () => {
    const check = await get(`/api/tmg/check?site_id=${noGpsSiteId}&year=2025&state_code=36`);
    const body = (await check.json()) as { passed: boolean; failures: unknown[] };
    expect(body.passed).toBe(false);
    expect(body.failures).toEqual([
      {
        code: 'coordinates_missing',
        site: 'No GPS Road',
        params: {},
        message:
          'No GPS Road: the site has no latitude and longitude, and TMAS rejects a station without coordinates',
      },
    ]);
    const refused = await get(`/api/tmg/export.zip?site_id=${noGpsSiteId}&year=2025&state_code=36`);
    expect(refused.status).toBe(422);
    const refusal = (await refused.json()) as { message: string; details: { code: string }[] };
    expect(refusal.message).toContain('No GPS Road: the site has no latitude and longitude');
    expect(refusal.details.map((failure) => failure.code)).toEqual(['coordinates_missing']);
  });

  it('checks the state code and the year before reading anything', async () => {
    const badState = await get(`/api/tmg/check?site_id=${gpsSiteId}&year=2025&state_code=NY`);
    expect(badState.status).toBe(400);
    const badYear = await get(`/api/tmg/check?site_id=${gpsSiteId}&year=1800&state_code=36`);
    expect(badYear.status).toBe(400);
  });
});
