import ExcelJS from 'exceljs';
import { generateTraffic, roadcountCsvText, type GeneratedVehicle } from '@roadcount/formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  runTaskAgain,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';
import { CLASSES, SPEEDING, SUMMARY } from './siteDetailFields.ts';

const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    site_name ${SUMMARY} bins ${CLASSES} ${SPEEDING}
  }
}`;
const SITE_TASKS = `query($siteId: ID!) { siteTasks(siteId: $siteId) { id function_name state message } }`;
const CHANGE_SCHEME = `mutation($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {
  changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {
    id function_name state
  }
}`;
const RECALCULATE = `mutation($siteId: ID!) { recalculateSiteDataQuality(siteId: $siteId) { id function_name state } }`;

interface Task {
  id: string;
  function_name: string;
  state: string;
  message: string;
}

describe('site detail tools', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;
  let siteId: string;
  let fileId: string;
  let organisationId: string;
  let vehicles: GeneratedVehicle[];

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    organisationId = organisation.id;
    const adminUser = await createUser(server, {
      organisationId: organisation.id,
      role: 'org_admin',
    });
    const viewerUser = await createUser(server, {
      organisationId: organisation.id,
      role: 'org_user',
    });
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    admin = (await signIn(server, adminUser.username)).access;
    viewer = (await signIn(server, viewerUser.username)).access;
    otherAdmin = (await signIn(server, other.username)).access;
    vehicles = [
      ...generateTraffic({
        seed: 11,
        startDay: '2025-03-03',
        days: 8,
        vehiclesPerDay: 400,
        directions: [1, 5],
        meanSpeedKmh: 52,
      }),
    ];
    const file = await uploadAndProcess(
      server,
      admin,
      'tools.csv',
      [...roadcountCsvText(vehicles, { name: 'Tools Road', latitude: 51.5, longitude: -0.1 })].join(
        '',
      ),
    );
    expect(file.review_status).toBe('PDC');
    siteId = file.site?.id ?? '';
    fileId = file.id;
    const limits = await graphql(
      server,
      `
        mutation ($siteId: ID!) {
          setSpeedLimits(siteId: $siteId, limits: [{ limit_mps: 13.8889 }]) {
            limit_mps
          }
        }
      `,
      { token: admin, variables: { siteId } },
    );
    expect(limits.status).toBe(200);
  }, 60_000);
  afterAll(() => server.close());

  async function waitForTask(functionName: string): Promise<Task> {
    let last: Task | undefined;
    for (let attempt = 0; attempt < 150; attempt += 1) {
      const { body } = await graphql(server, SITE_TASKS, { token: admin, variables: { siteId } });
      const task = (body.data?.siteTasks as Task[]).find(
        (candidate) => candidate.function_name === functionName,
      );
      if (task && (task.state === 'CM' || task.state === 'ER')) return task;
      last = task;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${functionName} did not finish: ${JSON.stringify(last)}`);
  }

  async function fileStatus(): Promise<string> {
    const { body } = await graphql(
      server,
      `
        query ($id: ID!) {
          getTrafficDataFile(id: $id) {
            review_status
          }
        }
      `,
      { token: viewer, variables: { id: fileId } },
    );
    return (body.data?.getTrafficDataFile as { review_status: string }).review_status;
  }

  async function siteVehicles(): Promise<number> {
    const { body } = await graphql(server, SITE_DETAIL, {
      token: viewer,
      variables: { siteId, filter: { velocity_min: 0, velocity_max: 1000 }, minutes: 1440 },
    });
    return (body.data?.siteDetail as { summary: { vehicles: number } }).summary.vehicles;
  }

  async function setPreferences(preferences: Record<string, unknown>): Promise<void> {
    await server.database.db
      .update(organisations)
      .set({ preferences })
      .where(eq(organisations.id, organisationId));
  }

  async function download(path: string, token: string) {
    return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  }

  it('gives the time range of the site data, to its organisation only', async () => {
    const query = `query($siteId: ID!) { siteTimeRange(siteId: $siteId) { time_zone available_start available_end } }`;
    const { body } = await graphql(server, query, { token: viewer, variables: { siteId } });
    const range = body.data?.siteTimeRange as { available_start: string; available_end: string };
    const times = vehicles.map((vehicle) => vehicle.localMs);
    // The file names no zone, so the site keeps UTC: local digits are UTC instants.
    expect(Date.parse(range.available_start)).toBe(Math.min(...times));
    expect(Date.parse(range.available_end)).toBe(Math.max(...times));
    const foreign = await graphql(server, query, { token: otherAdmin, variables: { siteId } });
    expect(foreign.status).toBe(403);
  });

  it('writes the summary workbook with the figures the siteDetail query gives', async () => {
    const filter = {
      velocity_min: 20 / 3.6,
      velocity_max: 90 / 3.6,
      active_classes: [1, 2, 3, 4],
      start_time: '2025-03-04T00:00:00.000Z',
      end_time: '2025-03-08T23:59:59.999Z',
    };
    const { body } = await graphql(server, SITE_DETAIL, {
      token: viewer,
      variables: { siteId, filter, minutes: 60 },
    });
    const detail = body.data?.siteDetail as {
      summary: Record<string, number | null>;
      bins: { starts: string[]; directions: Record<string, { vehicles: number[] }> };
      classes: { classIndex: number; vehicles: number; speed85thMps: number }[];
      speeding: { aboveLimit: { vehicles: number; sharePercent: number } };
    };
    const response = await download(
      `/api/sites/${siteId}/summary.xlsx?aggregation=60&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      viewer,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const summarySheet = workbook.getWorksheet('Summary');
    const row = (name: string) => {
      let found: ExcelJS.Row | undefined;
      summarySheet?.eachRow((candidate) => {
        if (candidate.getCell(1).value === name) found = candidate;
      });
      if (!found) throw new Error(`no row ${name}`);
      return { value: found.getCell(2).value, unit: found.getCell(3).value };
    };
    expect(row('Vehicles').value).toBe(detail.summary.vehicles);
    expect(detail.summary.vehicles).toBeGreaterThan(1000);
    expect(row('ADT')).toEqual({ value: detail.summary.adt, unit: 'vehicles per day' });
    expect(row('AWDT').value).toBe(detail.summary.awdt);
    const speed85 = row('85th percentile speed');
    expect(speed85.unit).toBe('km/h');
    // Speeds are written to six decimals of km/h.
    expect(speed85.value).toBeCloseTo((detail.summary.speed85thMps ?? 0) * 3.6, 6);
    expect(row('Percent commercial').value).toBe(detail.summary.percentCommercial);
    // The AADT as the AADT card names it: a short count in no factor group keeps the ADT of its
    // whole record (every day between the first and last, which are partial), unadjusted.
    const perDay = new Map<string, number>();
    for (const vehicle of vehicles) {
      const day = new Date(vehicle.localMs).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const wholeDays = [...perDay.keys()].sort().slice(1, -1);
    const recordAdt = wholeDays.reduce((sum, day) => sum + (perDay.get(day) ?? 0), 0);
    expect(row('ADT, unadjusted').value).toBeCloseTo(recordAdt / wholeDays.length, 9);
    expect(row('AADT method').value).toBe('Unadjusted ADT: the site is in no factor group');
    expect(row('95th percentile speed').value).toBeCloseTo(
      (detail.summary.speed95thMps ?? 0) * 3.6,
      6,
    );
    // The peak hour factor is counted by quarter hour whatever the bins (hourly here).
    const phf = (detail.summary as unknown as { peakHourFactor: { factor: number } | null })
      .peakHourFactor;
    expect(phf?.factor).toBeGreaterThan(0);
    expect(row('Peak hour factor').value).toBe(phf?.factor);

    const bins = workbook.getWorksheet('Bins');
    expect(bins?.getRow(1).getCell(2).value).toBe('North: vehicles');
    expect(bins?.getRow(1).getCell(4).value).toBe('North: 85th percentile speed (km/h)');
    expect(bins?.rowCount).toBe(detail.bins.starts.length + 1);
    const north = detail.bins.directions['1']?.vehicles ?? [];
    const index = north.indexOf(Math.max(...north));
    expect(bins?.getRow(index + 2).getCell(1).value).toBe(
      detail.bins.starts[index]?.replace('T', ' '),
    );
    expect(bins?.getRow(index + 2).getCell(2).value).toBe(north[index]);

    const classes = workbook.getWorksheet('Classes');
    expect(classes?.getRow(1).getCell(6).value).toBe('85th percentile speed (km/h)');
    const first = detail.classes[0];
    expect(classes?.getRow(2).getCell(1).value).toBe(first?.classIndex);
    expect(classes?.getRow(2).getCell(3).value).toBe(first?.vehicles);
    expect(classes?.getRow(2).getCell(6).value).toBeCloseTo((first?.speed85thMps ?? 0) * 3.6, 6);

    const speeding = workbook.getWorksheet('Speeding');
    expect(speeding?.getRow(3).getCell(1).value).toBe('Above the limit');
    expect(speeding?.getRow(3).getCell(2).value).toBe(detail.speeding.aboveLimit.vehicles);
    expect(speeding?.getRow(3).getCell(3).value).toBe(detail.speeding.aboveLimit.sharePercent);

    const imperial = await download(`/api/sites/${siteId}/summary.xlsx?units=imperial`, viewer);
    const imperialBook = new ExcelJS.Workbook();
    await imperialBook.xlsx.load(await imperial.arrayBuffer());
    let unit: unknown;
    imperialBook.getWorksheet('Summary')?.eachRow((candidate) => {
      if (candidate.getCell(1).value === 'Average speed') unit = candidate.getCell(3).value;
    });
    expect(unit).toBe('mph');
  });

  it('refuses the workbook to another organisation and answers 404 for an unknown site', async () => {
    expect((await download(`/api/sites/${siteId}/summary.xlsx`, otherAdmin)).status).toBe(403);
    const unknown = await download(
      '/api/sites/00000000-0000-4000-8000-000000000000/summary.xlsx',
      viewer,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      "We couldn't find that site. It may have been deleted",
    );
    const bad = await download(`/api/sites/${siteId}/summary.xlsx?filter=nope`, viewer);
    expect(bad.status).toBe(400);
  });

  it('reprocesses the site from its raw file under a new class scheme', async () => {
    const refused = await graphql(server, CHANGE_SCHEME, {
      token: otherAdmin,
      variables: { siteId, scheme: 'length', pedestrians: true },
    });
    expect(refused.status).toBe(403);
    const viewerRefused = await graphql(server, CHANGE_SCHEME, {
      token: viewer,
      variables: { siteId, scheme: 'length', pedestrians: true },
    });
    expect(viewerRefused.status).toBe(403);
    const unknownScheme = await graphql(server, CHANGE_SCHEME, {
      token: admin,
      variables: { siteId, scheme: 'colours', pedestrians: false },
    });
    expect(unknownScheme.status).toBe(400);

    const queued = await graphql(server, CHANGE_SCHEME, {
      token: admin,
      variables: { siteId, scheme: 'length', pedestrians: true },
    });
    expect(queued.body.data?.changeSiteScheme).toMatchObject({
      function_name: 'site_change_scheme',
      state: 'QD',
    });
    const done = await waitForTask('site_change_scheme');
    expect(done.state).toBe('CM');
    expect(done.message).toContain('1 files reprocessed');

    // Independently: the length bins of the lengths the file holds (2 decimals).
    const expected = new Map<number, number>();
    for (const vehicle of vehicles) {
      const length = Number(vehicle.lengthM.toFixed(2));
      const bin = length < 5.5 ? 1 : length < 11.5 ? 2 : length < 19 ? 3 : 4;
      expected.set(bin, (expected.get(bin) ?? 0) + 1);
    }
    const classCounts = async () => {
      const { body } = await graphql(server, SITE_DETAIL, {
        token: viewer,
        variables: { siteId, filter: { velocity_min: 0, velocity_max: 1000 }, minutes: 1440 },
      });
      const classes = (
        body.data?.siteDetail as { classes: { classIndex: number; vehicles: number }[] }
      ).classes;
      return Object.fromEntries(classes.map((entry) => [entry.classIndex, entry.vehicles]));
    };
    expect(await classCounts()).toEqual(Object.fromEntries(expected));
    // Run a second time, the same scheme gives the same counts: nothing doubled or lost.
    const again = await runTaskAgain(
      server,
      (queued.body.data?.changeSiteScheme as { id: string }).id,
    );
    expect(again.state).toBe('CM');
    expect(await classCounts()).toEqual(Object.fromEntries(expected));
    const site = await graphql(
      server,
      `
        query ($id: ID!) {
          site(id: $id) {
            class_scheme
            pedestrians_included
            site_context
          }
        }
      `,
      { token: viewer, variables: { id: siteId } },
    );
    expect(site.body.data?.site).toEqual({
      class_scheme: 'length',
      pedestrians_included: true,
      site_context: ['VEH', 'PED'],
    });
  });

  it('queues the reprocess when the site edit changes the class scheme', async () => {
    const before = await graphql(server, SITE_TASKS, { token: admin, variables: { siteId } });
    const previous = (before.body.data?.siteTasks as Task[]).find(
      (task) => task.function_name === 'site_change_scheme',
    );
    const input = {
      name: 'Tools Road',
      latitude: 51.5,
      longitude: -0.1,
      direction_one: 'N',
      direction_two: 'S',
      site_type: 'temporary',
      time_zone: 'UTC',
      class_scheme: 'arx',
      pedestrians_included: true,
    };
    const edited = await graphql(
      server,
      `
        mutation ($id: ID!, $input: SiteInput!) {
          updateSite(id: $id, input: $input) {
            class_scheme
          }
        }
      `,
      { token: admin, variables: { id: siteId, input } },
    );
    expect(edited.body.data?.updateSite).toEqual({ class_scheme: 'arx' });
    const done = await waitForTask('site_change_scheme');
    expect(done.id).not.toBe(previous?.id);
    const { body } = await graphql(server, SITE_DETAIL, {
      token: viewer,
      variables: { siteId, filter: { velocity_min: 0, velocity_max: 1000 }, minutes: 1440 },
    });
    const fromFile = new Map<number, number>();
    for (const vehicle of vehicles)
      fromFile.set(vehicle.classIndex, (fromFile.get(vehicle.classIndex) ?? 0) + 1);
    const classes = (
      body.data?.siteDetail as { classes: { classIndex: number; vehicles: number }[] }
    ).classes;
    expect(Object.fromEntries(classes.map((entry) => [entry.classIndex, entry.vehicles]))).toEqual(
      Object.fromEntries([...fromFile].filter(([classIndex]) => classIndex > 0)),
    );
  });

  it('recalculates data quality for the site, for its organisation admins only', async () => {
    const refused = await graphql(server, RECALCULATE, {
      token: otherAdmin,
      variables: { siteId },
    });
    expect(refused.status).toBe(403);
    const tasks = await graphql(server, SITE_TASKS, { token: otherAdmin, variables: { siteId } });
    expect(tasks.status).toBe(403);
    const queued = await graphql(server, RECALCULATE, { token: admin, variables: { siteId } });
    expect(queued.body.data?.recalculateSiteDataQuality).toMatchObject({
      function_name: 'recalculate_data_quality',
      state: 'QD',
    });
    const done = await waitForTask('recalculate_data_quality');
    expect(done).toMatchObject({ state: 'CM' });
    expect(done.message).toContain('data quality recalculated for 1 files');
    expect(await fileStatus()).toBe('PDC');
    const counted = await siteVehicles();
    expect(counted).toBeGreaterThan(0);
    const [organisation] = await server.database.db
      .select({ preferences: organisations.preferences })
      .from(organisations)
      .where(eq(organisations.id, organisationId));

    // The organisation now asks for 200 hours; the survey lasts 8 days = 192 hours, too short:
    // the file waits for review again, and its vehicles leave the site's figures.
    await setPreferences({ ...organisation?.preferences, min_survey_hours: 200 });
    const raised = (await graphql(server, RECALCULATE, { token: admin, variables: { siteId } }))
      .body.data?.recalculateSiteDataQuality as { id: string };
    expect((await waitForTask('recalculate_data_quality')).id).toBe(raised.id);
    expect(await fileStatus()).toBe('WFR');
    expect(await siteVehicles()).toBe(0);
    // A second run finds the same: still waiting, still none counted.
    expect((await runTaskAgain(server, raised.id)).state).toBe('CM');
    expect(await fileStatus()).toBe('WFR');
    expect(await siteVehicles()).toBe(0);

    // Back to what it was: the file passes again, with all its vehicles.
    await setPreferences(organisation?.preferences ?? {});
    const lowered = (await graphql(server, RECALCULATE, { token: admin, variables: { siteId } }))
      .body.data?.recalculateSiteDataQuality as { id: string };
    expect((await waitForTask('recalculate_data_quality')).id).toBe(lowered.id);
    expect(await fileStatus()).toBe('PDC');
    expect((await runTaskAgain(server, lowered.id)).state).toBe('CM');
    expect(await fileStatus()).toBe('PDC');
    expect(await siteVehicles()).toBe(counted);
  });

  it('refuses a filterset update by someone of another organisation', async () => {
    const me = await graphql(server, '{ filterset { id } }', { token: admin });
    const id = (me.body.data?.filterset as { id: string }).id;
    const foreign = await graphql(
      server,
      `
        mutation ($id: ID!) {
          update_filterset(id: $id, velocity_max: 20) {
            velocity_max
          }
        }
      `,
      { token: otherAdmin, variables: { id } },
    );
    expect(foreign.status).toBe(403);
    const mine = await graphql(server, '{ filterset { velocity_max } }', { token: admin });
    expect(mine.body.data?.filterset).toEqual({ velocity_max: 50 });
  });
});
