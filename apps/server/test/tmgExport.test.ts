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

  /** The station values the user gives in the export dialog: 4U, New York County, road tube. */
  const GIVEN = 'state_code=36&functional_class=4U&county_code=061&sensor_type=R';

  it('passes its own checks for a site with coordinates, and writes the hand-worked records', async () => {
    const check = await get(`/api/tmg/check?site_id=${gpsSiteId}&year=2025&${GIVEN}`);
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

    const response = await get(`/api/tmg/export.zip?site_id=${gpsSiteId}&year=2025&${GIVEN}`);
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const read = async (extension: string) =>
      (await zip.file(`TMG_36_2025_TMG001.${extension}`)?.async('string'))?.trim().split('\r\n');
    const station = (direction: string) =>
      [
        'S', // record type: station
        '36', // FIPS state code
        'TMG001', // station identification: the asset management ID's letters and digits
        direction, // direction of travel code
        '1', // lane of travel
        '2025', // year of data
        '4U', // functional classification code (given)
        '1', // number of lanes in direction indicated: lane 1 only
        'Y', // sample type for TMAS
        '1', // number of lanes monitored for traffic volume
        '2', // method of traffic volume counting: portable (a temporary site)
        '1', // number of lanes monitored for vehicle class and/or speed
        '2', // mechanism of vehicle classification and/or speed: portable device
        'F', // method for vehicle classification: axle spacing, FHWA 13 (the default)
        '13', // vehicle classification groupings: FHWA 13
        '0', // number of lanes monitored for truck weight
        '', // method of truck weighing
        '', // calibration of weighing system
        '1', // method of data retrieval: not automated
        'R', // type of sensor: road tube (given)
        'N', // second type of sensor: none
        'P', // primary purpose: planning or traffic statistics (the default)
        '', // LRS route ID
        '', // LRS location point
        '40700000', // latitude 40.7: 40.700000 with the decimal point implied
        '074000000', // longitude -74: 74.000000 west, decimal point implied
        '', // LTPP site identification
        '', // previous station ID
        '2025', // year station established: its first vehicle, 4 March 2025
        '', // year station discontinued
        '061', // FIPS county code (given)
        '', // HPMS sample type
        '', // HPMS sample identifier
        '', // national highway system
        '', // posted route signing
        '', // posted signed route number
        'TMG Road', // station location
      ].join('|');
    expect(await read('STA')).toEqual([station('1'), station('5')]);
    // Tuesday is day 3 (Sunday 1). North: 1 vehicle at 00h, 2 at 08h, 1 at 23h; south: 1 at
    // 00h, 1 at 12h, 1 at 23h. The 5 March vehicle's day is not whole: no record.
    const hours = (filled: Record<number, number>) =>
      Array.from({ length: 24 }, (_, hour) => filled[hour] ?? 0).join('|');
    // Record type 3, state, functional class, station, direction, lane, year, month, day, day
    // of week, the 24 hours, restrictions (0 none).
    expect(await read('VOL')).toEqual([
      `3|36|4U|TMG001|1|1|2025|03|04|3|${hours({ 0: 1, 8: 2, 23: 1 })}|0`,
      `3|36|4U|TMG001|5|1|2025|03|04|3|${hours({ 0: 1, 12: 1, 23: 1 })}|0`,
    ]);
    const classes = (filled: Record<number, number>) =>
      Array.from({ length: 13 }, (_, index) => filled[index + 1] ?? 0).join('|');
    const classLines = await read('CLS');
    // Record type C, state, station, direction, lane, year, month, day, hour, interval (empty:
    // 60 minutes), total volume, restrictions, classes 1-13. North 08h: a car (2) and a
    // five-axle semitrailer (9).
    expect(classLines).toContain(`C|36|TMG001|1|1|2025|03|04|08||2|0|${classes({ 2: 1, 9: 1 })}`);
    expect(classLines).toContain(`C|36|TMG001|5|1|2025|03|04|12||1|0|${classes({ 5: 1 })}`);
    // Speed bins (mph): 20 and under, then over 20 to 25 ... over 80 to 85, then over 85 (15).
    // 72 km/h = 72 / 1.609344 = 44.7 mph: over 40 to 45 (bin 6); 90 km/h = 55.9 mph: over 55
    // to 60 (bin 9); 140 km/h = 87.0 mph: over 85 (bin 15).
    const bins = (filled: Record<number, number>) =>
      Array.from({ length: 15 }, (_, index) => filled[index + 1] ?? 0).join('|');
    const speedLines = await read('SPD');
    // Record type T, state, station, direction, lane, year, month, day, hour, interval (empty),
    // first bin (empty: 20 mph and under), number of bins, total volume, the bins.
    expect(speedLines).toContain(`T|36|TMG001|1|1|2025|03|04|08|||15|2|${bins({ 6: 1, 9: 1 })}`);
    expect(speedLines).toContain(`T|36|TMG001|5|1|2025|03|04|23|||15|1|${bins({ 15: 1 })}`);
    expect(speedLines).toHaveLength(6);
  });

  it('names the station values not given, and refuses the files until they are', async () => {
    const check = await get(`/api/tmg/check?site_id=${gpsSiteId}&year=2025&state_code=36`);
    const body = (await check.json()) as { passed: boolean; failures: { code: string }[] };
    expect(body.passed).toBe(false);
    expect(body.failures.map((failure) => failure.code)).toEqual([
      'functional_class_missing',
      'county_code_missing',
      'sensor_type_missing',
    ]);
    const refused = await get(`/api/tmg/export.zip?site_id=${gpsSiteId}&year=2025&state_code=36`);
    expect(refused.status).toBe(422);
  });

  it('fails a site without coordinates, naming the reason, and refuses its files', async () => {
    const check = await get(`/api/tmg/check?site_id=${noGpsSiteId}&year=2025&${GIVEN}`);
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
    const refused = await get(`/api/tmg/export.zip?site_id=${noGpsSiteId}&year=2025&${GIVEN}`);
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
    const badClass = await get(
      `/api/tmg/check?site_id=${gpsSiteId}&year=2025&state_code=36&county_code=061&sensor_type=R&functional_class=8U`,
    );
    expect(badClass.status).toBe(400);
    const { details } = (await badClass.json()) as { details: string[] };
    expect(details).toEqual([
      'functional_class: functional_class must be a functional class 1 to 7 and R (rural) or U (urban), e.g. 4U',
    ]);
    const badSensor = await get(
      `/api/tmg/check?site_id=${gpsSiteId}&year=2025&state_code=36&county_code=061&functional_class=4U&sensor_type=Y`,
    );
    expect(badSensor.status).toBe(400);
  });
});
