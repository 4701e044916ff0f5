// Files from the field: each reader's class scheme reaches the new site, two channels become two
// directions, and the site detail's total adds up to the files' saved vehicles. Small files
// written by hand, so that every expected figure can be counted off them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';
import {
  AVAILABILITY,
  CLASSES,
  COUNT_BINS,
  COUNT_TOTALS,
  LEFT_OUT,
  SUMMARY,
} from './siteDetailFields.ts';

const JAMAR = `Date/Time:, 3/3/2025 8:00:00 AM
Site Code:, Oak Avenue
Station ID:, 0101
Veh. No., Date, Time, Channel, Class, Speed
1, 3/3/2025, 8:00:05 AM, 1, 2, 31
2, 3/3/2025, 8:00:09 AM, 2, 3, 28
3, 3/3/2025, 8:01:10 AM, 1, 14, 12
4, 3/3/2025, 8:02:00 AM, 2, 9, 45
5, 3/3/2025, 8:02:30 AM, 1, 15, 33
6, 3/3/2025, 8:03:00 AM, 1, 2, 36
7, 3/3/2025, 9:10:00 AM, 2, 2, 25
`;

/** The Jamar file as another site's: its site code `name`, its station `station`. */
const jamarOf = (name: string, station: string) =>
  JAMAR.replace('Oak Avenue', name).replace('Station ID:, 0101', `Station ID:, ${station}`);

const metroCount = (attribute: string, scheme: string) => `MetroCount Traffic Executive
Individual Vehicles - 18

Datasets:
Site:              Mill Lane
Attribute:         ${attribute}
Direction:         3 - East bound, A trigger first. Lane: 0
Survey Duration:   10:00 Monday, 3 March 2025 => 12:00 Monday, 3 March 2025
Zone:              Europe/London
Scheme:            ${scheme}
Units:             Metric (metre, km, m/s, km/h, kg, tonne)

Date-Time               Speed Dir   Span   Hdwy    Gap Ax Gp  Rho   Nm Cl Vehicle Pic
2025-03-03 10:00:04.5    52.1   0    2.7   15.0   14.6  2  1 0.98    1  1 SV
2025-03-03 10:00:09.0    48.0   7    2.6    4.5    4.3  2  1 0.97    2  1 SV
2025-03-03 10:20:59.9    61.3   0    5.9   12.2   11.4  3  2 0.91    3  3 TB2
2025-03-03 11:30:00.0    38.9   7    2.5  999.9  999.5  2  1 1.00    4  1 SV

In profile:        Vehicles = 4 / 4 (100.00%)
`;

/** A MetroCount listing with a Length column: 4.4, 12.3, 6.0 and 4.6 m. */
const metroCountWithLengths = (attribute: string) => `MetroCount Traffic Executive
Individual Vehicles - 18

Datasets:
Site:              Mill Lane
Attribute:         ${attribute}
Direction:         3 - East bound, A trigger first. Lane: 0
Survey Duration:   10:00 Monday, 3 March 2025 => 12:00 Monday, 3 March 2025
Zone:              Europe/London
Scheme:            Vehicle classification (ARX)
Units:             Metric (metre, km, m/s, km/h, kg, tonne)

Date-Time               Speed Dir   Span   Hdwy    Gap Ax Gp  Rho   Nm Cl Length Vehicle
2025-03-05 10:00:04.5    52.1   0    2.7   15.0   14.6  2  1 0.98    1  1    4.4 SV
2025-03-05 10:00:09.0    48.0   7    6.6    4.5    4.3  3  2 0.97    2  4   12.3 TB3
2025-03-05 10:20:59.9    61.3   0    3.9   12.2   11.4  2  1 0.91    3  2    6.0 SVT
2025-03-05 11:30:00.0    38.9   7    2.5  999.9  999.5  2  1 1.00    4  1    4.6 SV

In profile:        Vehicles = 4 / 4 (100.00%)
`;

const ECO_COUNTER = `Period,"Mar 3, 2025 - Mar 3, 2025"
Time,Canal Towpath,Canal Towpath IN,Canal Towpath OUT
"Mar 3, 2025 8:00 AM",12,7,5
"Mar 3, 2025 8:15 AM",9,4,5
"Mar 3, 2025 8:30 AM",3,3,0
`;

const FILE = `query($id: ID!) { getTrafficDataFile(id: $id) {
  id review_status start_data_datetime logs { saved_vehicles data_qc_tests } site { id }
} }`;
const SITE = `query($id: ID!) { site(id: $id) {
  id name class_scheme direction_one direction_two time_zone
} }`;
const DETAIL = `query($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter) {
    class_scheme ${SUMMARY} ${CLASSES} ${AVAILABILITY} ${LEFT_OUT}
  }
}`;

const COUNTS = `query($siteId: ID!) {
  timeSeriesCountSummary(siteId: $siteId, aggregation_minutes: 1440) {
    ${COUNT_TOTALS} ${COUNT_BINS}
  }
}`;

const SCHEME = `mutation($siteId: ID!, $scheme: String!) {
  changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: false) { id }
}`;
const UPDATE = `mutation($id: ID!, $input: SiteInput!) { updateSite(id: $id, input: $input) { id } }`;

interface FileState {
  id: string;
  start_data_datetime: string;
  review_status: string;
  logs: { saved_vehicles: number; data_qc_tests: Record<string, Record<string, unknown>> };
  site: { id: string } | null;
}

describe('files from the field: schemes, directions and totals', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    // Short hand-written files pass the quality tests, so that they join their sites at once.
    await server.database.db
      .update(organisations)
      .set({
        preferences: { min_survey_hours: 0, lowest_max_adt: 0, max_unclassifiable_percent: 100 },
      })
      .where(eq(organisations.id, organisation.id));
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
  });
  afterAll(() => server.close());

  async function uploaded(name: string, text: string, kind = 'vehicle'): Promise<FileState> {
    const form = new FormData();
    form.append('file-0', new Blob([text]), name);
    form.append('kind', kind);
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as { files: { id: string }[] };
    const id = body.files[0]?.id ?? '';
    const file = await pollUntil(
      async () =>
        (await graphql(server, FILE, { token, variables: { id } })).body.data
          ?.getTrafficDataFile as FileState | undefined,
      (state) => state !== undefined && state.review_status !== 'LOAD',
    );
    if (!file) throw new Error(`${name} was not processed`);
    return file;
  }
  const siteOf = async (id: string) =>
    (await graphql(server, SITE, { token, variables: { id } })).body.data?.site as {
      class_scheme: string;
      direction_one: string | null;
      direction_two: string | null;
      time_zone: string;
    };
  const detailOf = async (siteId: string, filter: Record<string, unknown> = {}) =>
    (await graphql(server, DETAIL, { token, variables: { siteId, filter } })).body.data
      ?.siteDetail as {
      class_scheme: string;
      summary: { vehicles: number; heavyVehicles?: number };
      classes: { classIndex: number; vehicles: number }[];
      availability: { direction: number; vehicles: number }[];
      leftOut: Record<string, number>;
    };
  const byClass = (classes: { classIndex: number; vehicles: number }[]) =>
    Object.fromEntries(classes.map((entry) => [entry.classIndex, entry.vehicles]));
  const byDirection = (availability: { direction: number; vehicles: number }[]) => {
    const totals: Record<number, number> = {};
    for (const entry of availability)
      totals[entry.direction] = (totals[entry.direction] ?? 0) + entry.vehicles;
    return totals;
  };

  it('gives a Jamar file’s new site FHWA classes, two directions and the file’s total', async () => {
    const file = await uploaded('oak-avenue.csv', JAMAR);
    expect(file.logs.saved_vehicles).toBe(7);
    const siteId = file.site?.id ?? '';
    const site = await siteOf(siteId);
    // Channel 1 and channel 2: two opposite placeholder directions, north and south.
    expect(site).toMatchObject({ class_scheme: 'fhwa13', direction_one: 'N', direction_two: 'S' });
    // Passed: its data joined the site.
    expect(file.review_status).toBe('PDC');

    const detail = await detailOf(siteId);
    expect(detail.class_scheme).toBe('fhwa13');
    // Filters wide open: every vehicle of the file, the unclassified (Jamar 15) one included.
    expect(detail.summary.vehicles).toBe(7);
    // Class 2 three times (rows 1, 6, 7), 3, 9 and 14 once, Jamar's 15 stored as 0 once.
    expect(byClass(detail.classes)).toEqual({ 0: 1, 2: 3, 3: 1, 9: 1, 14: 1 });
    // Channel 1 (rows 1, 3, 5, 6) north, channel 2 (rows 2, 4, 7) south.
    expect(byDirection(detail.availability)).toEqual({ 1: 4, 5: 3 });
    expect(detail.leftOut).toMatchObject({ total: 7, selected: 7, speedRange: 0, classes: 0 });

    // From 30 mph: rows 2 (28), 3 (12) and 7 (25 mph) are left out for the speed range.
    const narrowed = await detailOf(siteId, { velocity_min: 30 * 0.44704 });
    expect(narrowed.summary.vehicles).toBe(4);
    expect(narrowed.leftOut).toMatchObject({ total: 7, selected: 4, speedRange: 3 });
    // Classes 1 to 13 chosen: the bicycle (14) and the unclassified vehicle (0) are left out.
    const motorVehicles = await detailOf(siteId, {
      active_classes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    });
    expect(motorVehicles.leftOut).toMatchObject({ selected: 5, classes: 2, unclassified: 1 });
  });

  it('moves the data with directions the user names, and re-reads local times in a new zone', async () => {
    const file = await uploaded('birch-road.csv', jamarOf('Birch Road', '0102'));
    const siteId = file.site?.id ?? '';
    // The organisation names no zone: read as UTC.
    expect(file.start_data_datetime).toBe('2025-03-03T08:00:05.000Z');
    const input = {
      name: 'Birch Road',
      latitude: null,
      longitude: null,
      direction_one: 'E',
      direction_two: 'W',
      site_type: 'temporary',
      time_zone: 'America/Chicago',
      class_scheme: 'fhwa13',
      pedestrians_included: false,
    };
    const updated = await graphql(server, UPDATE, { token, variables: { id: siteId, input } });
    expect(updated.body.errors).toBeUndefined();
    // Chicago is 6 hours behind UTC on 3 March 2025 (daylight time starts on 9 March).
    const reread = await pollUntil(
      async () =>
        (await graphql(server, FILE, { token, variables: { id: file.id } })).body.data
          ?.getTrafficDataFile as FileState | undefined,
      (state) => state?.start_data_datetime === '2025-03-03T14:00:05.000Z',
    );
    expect(reread?.start_data_datetime).toBe('2025-03-03T14:00:05.000Z');
    const detail = await pollUntil(
      () => detailOf(siteId),
      (answer) => byDirection(answer.availability)[3] === 4,
    );
    // Channel 1 now east (4 vehicles), channel 2 west (3).
    expect(byDirection(detail.availability)).toEqual({ 3: 4, 7: 3 });
  });

  it('gives a MetroCount file’s new site the scheme the file names and its directions', async () => {
    const file = await uploaded(
      'mill-lane.txt',
      metroCount('Tube 4', 'Vehicle classification (ARX)'),
    );
    expect(file.logs.saved_vehicles).toBe(4);
    const site = await siteOf(file.site?.id ?? '');
    // Declared east; Dir 7 (west) is the other direction the table names.
    expect(site).toMatchObject({ class_scheme: 'arx', direction_one: 'E' });
    const detail = await detailOf(file.site?.id ?? '');
    expect(detail.summary.vehicles).toBe(4);
    // Cl 1 three times, 3 once; Dir 0 (declared east, 3) twice and 7 (west) twice.
    expect(byClass(detail.classes)).toEqual({ 1: 3, 3: 1 });
    expect(byDirection(detail.availability)).toEqual({ 3: 2, 7: 2 });
  });

  it('finds a Jamar station’s site by its Station ID; holds an uncertain match naming the site', async () => {
    // Two files of station 166905, no GPS: the second joins the site the first made.
    const first = await uploaded('166905-week1.csv', jamarOf('166905', '166905'));
    const second = await uploaded(
      '166905-week2.csv',
      jamarOf('166905', '166905').replaceAll('3/3/2025', '3/10/2025'),
    );
    expect(first.site?.id).toBeTruthy();
    expect(second.site?.id).toBe(first.site?.id);
    expect(Object.keys(second.logs.data_qc_tests)).not.toContain('station_code_uncertain');

    // A site named 200417 carries no station code; a file of station 200417 names another
    // site (Cedar Lane): it joins 200417 but waits for review, naming it.
    const named = await uploaded(
      '200417.csv',
      JAMAR.replace('Oak Avenue', '200417').replace('Station ID:, 0101\n', ''),
    );
    const uncertain = await uploaded('cedar-lane.csv', jamarOf('Cedar Lane', '200417'));
    expect(uncertain.site?.id).toBe(named.site?.id);
    expect(uncertain.review_status).toBe('WFR');
    expect(uncertain.logs.data_qc_tests.station_code_uncertain).toMatchObject({
      passed: false,
      reason:
        'The file names station 200417, which matches more than one site or a site by name only: check that it belongs to 200417',
    });
  });

  it('gives an Eco-Counter file’s new site modes, IN and OUT as two directions', async () => {
    const file = await uploaded('canal-towpath.csv', ECO_COUNTER, 'bike');
    // 12 + 9 + 3 bicycles.
    expect(file.logs.saved_vehicles).toBe(24);
    const site = await siteOf(file.site?.id ?? '');
    expect(site).toMatchObject({ class_scheme: 'modes', direction_one: 'N', direction_two: 'S' });
    const counts = (await graphql(server, COUNTS, { token, variables: { siteId: file.site?.id } }))
      .body.data?.timeSeriesCountSummary as {
      totals: Record<string, number | null>;
      bins: { counts: { bike: { direction: number; count: number }[] } }[];
    };
    expect(counts.totals).toEqual({ pedestrian: null, bike: 24, vehicle: null });
    // One day: IN 7 + 4 + 3 = 14 north, OUT 5 + 5 + 0 = 10 south.
    expect(counts.bins.map((bin) => bin.counts.bike)).toEqual([
      [
        { direction: 1, count: 14 },
        { direction: 5, count: 10 },
      ],
    ]);
  });

  it('counts an Eco-Counter file sent as pedestrians as pedestrians (issue 37)', async () => {
    // The same file as above, chosen as pedestrian counts in the upload box.
    const file = await uploaded(
      'towpath-walkers.csv',
      ECO_COUNTER.replaceAll('Canal Towpath', 'Towpath Walkers'),
      'pedestrian',
    );
    expect(file.logs.saved_vehicles).toBe(24);
    const counts = (await graphql(server, COUNTS, { token, variables: { siteId: file.site?.id } }))
      .body.data?.timeSeriesCountSummary as {
      totals: Record<string, number | null>;
      bins: { counts: { pedestrian: { direction: number; count: number }[] } }[];
    };
    // 12 + 9 + 3 people: IN 14 north, OUT 10 south; no bicycles.
    expect(counts.totals).toEqual({ pedestrian: 24, bike: null, vehicle: null });
    expect(counts.bins.map((bin) => bin.counts.pedestrian)).toEqual([
      [
        { direction: 1, count: 14 },
        { direction: 5, count: 10 },
      ],
    ]);
  });

  it('reads 3010_IN as IN and the rest of the total as OUT; holds rows that cannot add up', async () => {
    // A one-way cycle lane: totals 10 and 6, IN 8 and 6, so 2 and 0 rode the wrong way.
    const oneWay = await uploaded(
      'cycle-lane-3010.csv',
      'Period,2025-03-03 - 2025-03-03\nTime,3010,3010_IN\n' +
        '2025-03-03 08:00:00,10,8\n2025-03-03 08:15:00,6,6\n',
      'bike',
    );
    expect(oneWay.review_status).toBe('PDC');
    const counts = (
      await graphql(server, COUNTS, { token, variables: { siteId: oneWay.site?.id } })
    ).body.data?.timeSeriesCountSummary as {
      bins: { counts: { bike: { direction: number; count: number }[] } }[];
    };
    expect(counts.bins.map((bin) => bin.counts.bike)).toEqual([
      [
        { direction: 1, count: 14 },
        { direction: 5, count: 2 },
      ],
    ]);

    // Line 4: total 9, IN 4 + OUT 4 = 8. Held for review naming the line.
    const held = await uploaded(
      'bridge-3011.csv',
      'Period,2025-03-03 - 2025-03-03\nTime,3011,3011 IN,3011 OUT\n' +
        '2025-03-03 08:00:00,5,2,3\n2025-03-03 08:15:00,9,4,4\n',
      'bike',
    );
    expect(held.review_status).toBe('WFR');
    expect(held.logs.data_qc_tests.directions_not_total).toMatchObject({
      passed: false,
      value: 1,
      threshold: 0,
      lines: [4],
      reason: 'Rows whose direction counts do not add up to the total: 1 (lines 4)',
    });
  });

  it('holds a file whose scheme differs from its site’s for review, with the reason', async () => {
    const jamar = await uploaded('oak-avenue-again.csv', jamarOf('Elm Row', '0103'));
    const siteId = jamar.site?.id ?? '';
    // An ARX MetroCount file sent to the FHWA site by its SID: no mapping from ARX to FHWA.
    const file = await uploaded(
      'mill-lane-to-elm.txt',
      metroCount(`SID:${siteId}`, 'Vehicle classification (ARX)'),
    );
    expect(file.site?.id).toBe(siteId);
    expect(file.review_status).toBe('WFR');
    expect(file.logs.data_qc_tests.class_scheme_mismatch).toMatchObject({
      passed: false,
      value: 4,
      threshold: 0,
      file_scheme: 'Austroads (ARX)',
      site_scheme: 'FHWA 13 (14 bicycle, 15 unclassified)',
    });
  });

  it('reclassifies by length for a length site, and holds a file without lengths', async () => {
    const first = await uploaded(
      'mill-lane-5.txt',
      metroCount('Tube 5', 'Vehicle classification (ARX)'),
    );
    const siteId = first.site?.id ?? '';
    const changed = await graphql(server, SCHEME, {
      token,
      variables: { siteId, scheme: 'length' },
    });
    expect(changed.body.errors).toBeUndefined();
    // An ARX file to a length site: every vehicle classified by its length instead.
    const file = await uploaded('mill-lane-lengths.txt', metroCountWithLengths(`SID:${siteId}`));
    expect(file.site?.id).toBe(siteId);
    expect(Object.keys(file.logs.data_qc_tests)).not.toContain('class_scheme_mismatch');
    expect(Object.keys(file.logs.data_qc_tests)).not.toContain('class_scheme_no_lengths');
    // A Jamar file measures no lengths: no mapping to length classes, held for review.
    const jamar = await uploaded(
      'oak-avenue-to-length.csv',
      JAMAR.replace('Site Code:, Oak Avenue', `Site Code:, SID:${siteId}`),
    );
    expect(jamar.site?.id).toBe(siteId);
    expect(jamar.review_status).toBe('WFR');
    expect(jamar.logs.data_qc_tests.class_scheme_no_lengths).toMatchObject({ value: 7 });
    const detail = await pollUntil(
      () =>
        detailOf(siteId, { start_time: '2025-03-05T00:00:00Z', end_time: '2025-03-06T00:00:00Z' }),
      (answer) => answer.summary.vehicles === 4,
    );
    // Under 5.5 m: class 1 (4.4, 4.6); 5.5 to 11.5 m: class 2 (6.0); 11.5 to 19 m: class 3 (12.3).
    expect(byClass(detail.classes)).toEqual({ 1: 2, 2: 1, 3: 1 });
  });

  it('holds vehicles in classes the site’s scheme lacks for review', async () => {
    const mill = await uploaded(
      'mill-lane-3.txt',
      metroCount('Tube 9', 'Vehicle classification (ARX)'),
    );
    const siteId = mill.site?.id ?? '';
    // A Roadcount CSV names no scheme: its classes are the site's. Class 14 is not an ARX class.
    const csv = `timestamp,lane,direction,class,speed_kmh,site_id
2025-03-04T10:00:00Z,1,E,1,50,${siteId}
2025-03-04T10:00:05Z,1,E,14,18,
2025-03-04T10:00:09Z,1,E,14,21,
`;
    const file = await uploaded('mill-lane-bikes.csv', csv);
    expect(file.site?.id).toBe(siteId);
    expect(file.review_status).toBe('WFR');
    // Rows 2 and 3.
    expect(file.logs.data_qc_tests.classes_outside_scheme).toMatchObject({ value: 2 });
  });
});
