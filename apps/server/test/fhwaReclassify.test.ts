import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
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

const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) { classes { classIndex vehicles } }
}`;
const SITE_TASKS = `query($siteId: ID!) { siteTasks(siteId: $siteId) { id function_name state message } }`;
const CHANGE_SCHEME = `mutation($siteId: ID!, $scheme: String!) {
  changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: false) { id state }
}`;
const FILE = `query($id: ID!) { getTrafficDataFile(id: $id) { review_status } }`;

const ft = (feet: number) => (feet * 0.3048).toFixed(2);

/**
 * Hand-made vehicles on 2 March 2025, the day before the generated week: axles and wheelbase
 * (feet, written in metres), and the FHWA class read off the axle table by hand.
 */
const HAND_MADE: { axles: number; feet: number; fhwa: number }[] = [
  { axles: 2, feet: 4.5, fhwa: 1 }, // motorcycle: under 6 ft
  { axles: 2, feet: 9, fhwa: 2 }, // car: 6 to 10.2 ft
  { axles: 2, feet: 9.5, fhwa: 2 },
  { axles: 2, feet: 12, fhwa: 3 }, // van: 10.2 to 13 ft
  { axles: 2, feet: 18, fhwa: 5 }, // two-axle six-tyre truck: 13 to 23 ft
  { axles: 2, feet: 25, fhwa: 4 }, // bus: two axles, 23 ft or more
  { axles: 3, feet: 20, fhwa: 6 }, // three-axle single unit: under 26 ft
  { axles: 4, feet: 40, fhwa: 8 }, // four axles, 40 ft: single trailer
  { axles: 5, feet: 52, fhwa: 9 }, // five-axle semitrailer: under 65 ft
  { axles: 5, feet: 55, fhwa: 9 },
  { axles: 5, feet: 68, fhwa: 11 }, // five axles, 65 ft or more: doubles
  { axles: 8, feet: 90, fhwa: 13 }, // seven or more axles, multi-trailer
  { axles: -1, feet: 10, fhwa: 0 }, // no axle count: unclassified
];
// Counted by hand from the list: class → vehicles.
const EXPECTED = { 0: 1, 1: 1, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1, 8: 1, 9: 2, 11: 1, 13: 1 };

describe('site change scheme into FHWA 13 from stored records', () => {
  let server: TestServer;
  let admin: string;
  let siteId: string;
  let fileId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const user = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    admin = (await signIn(server, user.username)).access;
    const generated = [
      ...roadcountCsvText(
        generateTraffic({
          seed: 4,
          startDay: '2025-03-03',
          days: 7,
          vehiclesPerDay: 300,
          directions: [1, 5],
          meanSpeedKmh: 50,
        }),
        { name: 'Axle Road', latitude: 40.7, longitude: -74 },
      ),
    ].join('');
    const [header, ...rest] = generated.split('\n');
    const handLines = HAND_MADE.map(
      (vehicle, index) =>
        `2025-03-02T10:${String(index).padStart(2, '0')}:00.000,1,N,1,50.0,${ft(vehicle.feet + 3)},9.00,8.00,${vehicle.axles},${ft(vehicle.feet)},1.00,,Axle Road,40.7,-74`,
    );
    const file = await uploadAndProcess(
      server,
      admin,
      'axles.csv',
      [header, ...handLines, ...rest].join('\n'),
    );
    expect(file.review_status).toBe('PDC');
    siteId = file.site?.id ?? '';
    fileId = file.id;
  }, 60_000);
  afterAll(() => server.close());

  async function changeAndWait(scheme: string, previous: Set<string>) {
    const queued = await graphql(server, CHANGE_SCHEME, {
      token: admin,
      variables: { siteId, scheme },
    });
    expect(queued.status).toBe(200);
    const id = (queued.body.data?.changeSiteScheme as { id: string }).id;
    expect(previous.has(id)).toBe(false);
    previous.add(id);
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const { body } = await graphql(server, SITE_TASKS, { token: admin, variables: { siteId } });
      const tasks = body.data?.siteTasks as { id: string; state: string; message: string }[];
      const task = tasks.find((candidate) => candidate.id === id);
      const rollups = tasks.filter(
        (candidate) =>
          (candidate as unknown as { function_name: string }).function_name ===
            'refresh_site_rollups' && !['CM', 'ER'].includes(candidate.state),
      );
      if (task && ['CM', 'ER'].includes(task.state) && rollups.length === 0) return task;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the scheme change did not finish');
  }

  async function handMadeClasses() {
    const { body } = await graphql(server, SITE_DETAIL, {
      token: admin,
      variables: {
        siteId,
        filter: {
          velocity_min: 0,
          velocity_max: 1000,
          start_time: '2025-03-02T00:00:00.000Z',
          end_time: '2025-03-02T23:59:59.999Z',
        },
        minutes: 1440,
      },
    });
    const classes = (
      body.data?.siteDetail as { classes: { classIndex: number; vehicles: number }[] }
    ).classes;
    return Object.fromEntries(
      classes
        .filter((entry) => entry.vehicles > 0)
        .map((entry) => [entry.classIndex, entry.vehicles]),
    );
  }

  it('reclassifies the stored vehicles by axles and wheelbase, and a second run changes nothing', async () => {
    // Before: the file's own classes (all class 1 as written).
    expect(await handMadeClasses()).toEqual({ 1: HAND_MADE.length });
    const tasks = new Set<string>();
    const first = await changeAndWait('fhwa13', tasks);
    expect(first.state).toBe('CM');
    expect(first.message).toContain('reclassified into FHWA 13');
    expect(await handMadeClasses()).toEqual(EXPECTED);

    const second = await changeAndWait('fhwa13', tasks);
    expect(second.state).toBe('CM');
    expect(await handMadeClasses()).toEqual(EXPECTED);
    const file = await graphql(server, FILE, { token: admin, variables: { id: fileId } });
    expect(file.body.data?.getTrafficDataFile).toEqual({ review_status: 'PDC' });
  }, 60_000);
});
