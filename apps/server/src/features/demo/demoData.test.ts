import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { createBlobStore } from '../../infra/blob/blobStore.ts';
import { sites, trafficDataFiles } from '../../infra/db/schema.ts';
import { createTaskQueue } from '../../infra/queue/taskQueue.ts';
import { seedDemo } from './demo.seed.ts';
import { seedDemoData } from './demoData.ts';

describe('demo surveys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
  });
  afterAll(() => server.close());

  it('go through the ingest pipeline into vehicle and bike sites of the demo organisation', async () => {
    const log = pino({ level: 'silent' });
    await seedDemo(server.database.db, log, {});
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
  }, 120_000);
});
