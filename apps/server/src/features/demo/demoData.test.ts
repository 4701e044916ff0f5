import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  type TestServer,
} from '../../../test/testServer.ts';
import { createBlobStore } from '../../infra/blob/blobStore.ts';
import { sites, trafficDataFiles } from '../../infra/db/schema.ts';
import { createTaskQueue } from '../../infra/queue/taskQueue.ts';
import { seedDemo } from './demo.seed.ts';
import { seedDemoData } from './demoData.ts';

describe('demo surveys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
  }, 120_000);
  afterAll(() => server.close());

  it('go through the ingest pipeline into vehicle and bike sites of the demo organisation', async () => {
    const log = pino({ level: 'silent' });
    await seedDemo(server.database.db, log, { demo: 'demo-pass-25a' });
    await seedDemoData({
      db: server.database.db,
      blobs: createBlobStore(server.config),
      queue: createTaskQueue(server.database.db),
      log,
    });
    let files: (typeof trafficDataFiles.$inferSelect)[] = [];
    for (let attempt = 0; attempt < 600; attempt += 1) {
      files = await server.database.db.select().from(trafficDataFiles);
      if (files.length === 5 && files.every((file) => file.reviewStatus !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(files.map((file) => [file.fileName, file.reviewStatus]).sort()).toEqual([
      ['A33 Relief Road continuous.csv', 'PDC'],
      ['Bath Road tubes.csv', 'PDC'],
      ['London Road northbound.txt', 'PDC'],
      ['Oxford Road survey.csv', 'PDC'],
      ['Thames Path cycle counter.csv', 'PDC'],
    ]);
    const vehicles = Object.fromEntries(
      files.map((file) => [file.fileName, file.logs.saved_vehicles]),
    );
    expect(vehicles['A33 Relief Road continuous.csv']).toBeGreaterThan(300_000);
    // More than a year of the continuous count, up to yesterday (the demo never ages).
    const continuousFile = files.find((file) => file.fileName.startsWith('A33'));
    const spanDays =
      ((continuousFile?.endDataDatetime?.getTime() ?? 0) -
        (continuousFile?.startDataDatetime?.getTime() ?? 0)) /
      86_400_000;
    expect(spanDays).toBeGreaterThan(365);
    expect(Date.now() - (continuousFile?.endDataDatetime?.getTime() ?? 0)).toBeLessThan(
      2 * 86_400_000,
    );
    // The Jamar survey's site counts in FHWA classes, its two channels two directions.
    const [bath] = await server.database.db.select().from(sites).where(eq(sites.name, 'Bath Road'));
    expect(bath).toMatchObject({ classScheme: 'fhwa13', directionOne: 1, directionTwo: 5 });
    const bike = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.name, 'Thames Path cycle counter'));
    // The continuous count's site was set up first and its file matched it by GPS.
    const continuous = files.find((file) => file.fileName === 'A33 Relief Road continuous.csv');
    expect(continuous?.logs.match).toMatchObject({ rule: 'gps' });
    const [a33] = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.name, 'A33 Relief Road'));
    expect(a33).toMatchObject({ siteType: 'continuous', coreSiteMeta: { time_span: 'TS_P' } });
    // An Eco-Counter interval-count site.
    expect(bike[0]).toMatchObject({
      timeZone: 'Europe/London',
      classScheme: 'modes',
      coreSiteMeta: { site_context: ['BIKE'] },
    });
    expect(files.find((file) => file.fileName.startsWith('Thames'))?.logs.data_kind).toBe(
      'intervals',
    );

    // Issue 25, acceptance 2: the week at London Road is in the A33's factor group, and its
    // AADT is its ADT times the group's factors, which a new user sees beside it.
    const { access: token } = await signIn(server, 'demo', 'demo-pass-25a');
    const [london] = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.name, 'London Road'));
    type Aadt = {
      method: string;
      group_name: string;
      whole_days: number;
      adt: number;
      aadt: number;
      monthly_factor: number;
      day_of_week_factor: number;
      months: number[];
      error_percent: number;
    };
    const aadt = await pollUntil(
      async () =>
        (
          await graphql(
            server,
            `
              query ($id: ID!) {
                siteAadt(site_id: $id) {
                  method
                  group_name
                  whole_days
                  adt
                  aadt
                  monthly_factor
                  day_of_week_factor
                  months
                  error_percent
                }
              }
            `,
            { token, variables: { id: london?.id } },
          )
        ).body.data?.siteAadt as Aadt | undefined,
      (value) => value?.method === 'factored',
      600,
    );
    expect(aadt).toMatchObject({ method: 'factored', group_name: 'Reading principal roads' });
    expect(aadt?.whole_days).toBe(7);
    // The figure shown is the ADT times the two factors shown beside it.
    expect(aadt?.aadt).toBeCloseTo(
      (aadt?.adt ?? 0) * (aadt?.monthly_factor ?? 0) * (aadt?.day_of_week_factor ?? 0),
      6,
    );
    expect(aadt?.aadt).not.toBeCloseTo(aadt?.adt ?? 0, 0);
    expect(aadt?.error_percent).toBeGreaterThan(0);
    // The monthly factor is the group's for the count's month (the A33's, the one continuous site).
    const groups = (
      await graphql(
        server,
        `
          {
            factorGroups {
              name
              basis
              factor_sites
              monthly_factors
              day_of_week_factors
              continuous_sites {
                name
                qualifying_months
              }
              short_count_sites {
                name
              }
            }
          }
        `,
        { token },
      )
    ).body.data?.factorGroups as {
      name: string;
      factor_sites: number;
      monthly_factors: number[];
      continuous_sites: { name: string; qualifying_months: number[] }[];
      short_count_sites: { name: string }[];
    }[];
    const group = groups.find((entry) => entry.name === 'Reading principal roads');
    expect(group?.factor_sites).toBe(1);
    expect(group?.continuous_sites).toEqual([
      { name: 'A33 Relief Road', qualifying_months: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
    ]);
    expect(group?.short_count_sites).toEqual([{ name: 'London Road' }]);
    if (aadt?.months.length === 1)
      expect(aadt.monthly_factor).toBeCloseTo(group?.monthly_factors[aadt.months[0] ?? 0] ?? 0, 9);
    // A site outside every factor group is labelled unadjusted.
    const [oxford] = await server.database.db
      .select()
      .from(sites)
      .where(eq(sites.name, 'Oxford Road'));
    const unadjusted = (
      await graphql(
        server,
        `
          query ($id: ID!) {
            siteAadt(site_id: $id) {
              method
              reason
            }
          }
        `,
        {
          token,
          variables: { id: oxford?.id },
        },
      )
    ).body.data?.siteAadt;
    expect(unadjusted).toEqual({ method: 'unadjusted', reason: 'noGroup' });

    // Issue 37: the Surveys screen has the demo's surveys, each with its site's file: London
    // Road's week (today-9 to today-3) is filled by its file (today-10 to today-2) and completes;
    // the A33's fortnight (today-6 to today+7) has its days up to yesterday and stays active.
    type Survey = {
      name: string;
      state: string;
      window_days: number;
      sites: { name: string; files: number; days: number; complete: boolean }[];
    };
    const tab = async (name: string) =>
      (
        (
          await graphql(
            server,
            `
              query ($tab: String) {
                surveys(tab: $tab) {
                  surveys {
                    name
                    state
                    window_days
                    sites {
                      name
                      files
                      days
                      complete
                    }
                  }
                }
              }
            `,
            { token, variables: { tab: name } },
          )
        ).body.data?.surveys as { surveys: Survey[] }
      ).surveys;
    const completed = await pollUntil(
      () => tab('completed'),
      (list) => list.length > 0,
      600,
    );
    expect(completed).toEqual([
      {
        name: 'London Road week',
        state: 'completed',
        window_days: 7,
        sites: [{ name: 'London Road', files: 1, days: 7, complete: true }],
      },
    ]);
    expect(await tab('active')).toEqual([
      {
        name: 'A33 Relief Road fortnight',
        state: 'active',
        window_days: 14,
        sites: [{ name: 'A33 Relief Road', files: 1, days: 6, complete: false }],
      },
    ]);
  }, 240_000);
});
