import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { createBlobStore, type BlobStore } from '../../infra/blob/blobStore.ts';
import {
  devices,
  siteGroups,
  sites,
  surveys,
  tasks,
  trafficDataFiles,
} from '../../infra/db/schema.ts';
import { createTaskQueue } from '../../infra/queue/taskQueue.ts';
import { seedDemo } from './demo.seed.ts';
import { demoSurveysUnfinished, seedDemoData } from './demoData.ts';

/**
 * The first `npm start` can be stopped while it puts the demo surveys in. The next start carries
 * on: the demo ends with every survey once, each queued once, and nothing twice.
 */
describe('a demo seed cut short', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No worker: the files stay queued, so the test sees exactly what the seed queued.
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server.close());

  it('is finished by the next start, with each survey, site and task once', async () => {
    const { db } = server.database;
    const log = pino({ level: 'silent' });
    await seedDemo(db, log, { demo: 'demo-pass-resume' });
    const blobs = createBlobStore(server.config);
    // The process dies while storing the third survey's upload.
    let puts = 0;
    const dying: BlobStore = {
      ...blobs,
      putStream: (...args) => {
        puts += 1;
        if (puts === 3) return Promise.reject(new Error('killed'));
        return blobs.putStream(...args);
      },
    };
    const queue = createTaskQueue(db);
    await expect(seedDemoData({ db, blobs: dying, queue, log })).rejects.toThrow('killed');
    expect(await db.select().from(trafficDataFiles)).toHaveLength(2);
    expect(await demoSurveysUnfinished(db)).toBe(true);

    // The next start.
    await seedDemoData({ db, blobs, queue, log });
    expect(await demoSurveysUnfinished(db)).toBe(false);

    const files = await db.select().from(trafficDataFiles);
    expect(files.map((file) => file.fileName).sort()).toEqual([
      'A33 Relief Road continuous.csv',
      'Bath Road tubes.csv',
      'London Road northbound.txt',
      'Oxford Road survey.csv',
      'Thames Path cycle counter.csv',
    ]);
    const queued = await db.select().from(tasks).where(eq(tasks.functionName, 'process_file'));
    expect(queued.map((task) => String(task.payload.fileId)).sort()).toEqual(
      files.map((file) => file.id).sort(),
    );
    // The sites the seed makes itself (the others come from their files when processed), the
    // realtime site's gateway, and the factor group: once each.
    const siteNames = (await db.select({ name: sites.name }).from(sites)).map((row) => row.name);
    expect(siteNames.length).toBe(new Set(siteNames).size);
    expect(siteNames).toContain('Kings Road live');
    expect(await db.select().from(devices).where(eq(devices.serial, 'DEMO-GW-1'))).toHaveLength(1);
    expect(
      await db.select().from(siteGroups).where(eq(siteGroups.name, 'Reading principal roads')),
    ).toHaveLength(1);

    // The planned surveys, once each.
    expect(
      (await db.select({ name: surveys.name }).from(surveys)).map((row) => row.name).sort(),
    ).toEqual(['A33 Relief Road fortnight', 'London Road week']);

    // A third start has nothing left to do.
    await seedDemoData({ db, blobs, queue, log });
    expect(await db.select().from(surveys)).toHaveLength(2);
    expect(await db.select().from(trafficDataFiles)).toHaveLength(5);
    expect(
      await db.select().from(tasks).where(eq(tasks.functionName, 'process_file')),
    ).toHaveLength(5);
  }, 180_000);
});
