import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  generateTraffic,
  jamarText,
  metroCountText,
  roadcountCsvText,
  type SiteDescription,
  type TrafficProfile,
} from '@roadcount/formats';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { createDemoRepository } from './demo.repository.ts';
import { DEMO_ORGANISATION_NAME } from './demo.seed.ts';
import { rawUploadKey } from '../siteData/index.ts';

interface DemoFile {
  fileName: string;
  kind: 'vehicle' | 'bike';
  text: () => Iterable<string>;
  /** What the uploader wrote; a file that names no place gets its coordinates here. */
  description?: string;
  /** A permanent count site set up before its data arrives; the file then matches it by GPS. */
  continuousSite?: { name: string; latitude: number; longitude: number };
}

const DEMO_TIME_ZONE = 'Europe/London';
const site = (name: string, latitude: number, longitude: number): SiteDescription => ({
  name,
  latitude,
  longitude,
  timeZone: DEMO_TIME_ZONE,
});
const traffic = (
  profile: Omit<TrafficProfile, 'startDay' | 'days'> &
    ({ weeksAgo: number; days: number } | { weeksAgo: number; untilYesterday: true }),
) => {
  // Recent data: the survey starts on a Monday some weeks ago, whatever day the demo starts on.
  const start = new Date(Date.now() - profile.weeksAgo * 7 * 86_400_000);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  start.setUTCHours(0, 0, 0, 0);
  // A continuous count runs on to yesterday, so that the map's last 7 days show it.
  const days =
    'days' in profile ? profile.days : Math.floor((Date.now() - start.getTime()) / 86_400_000);
  return generateTraffic({ ...profile, days, startDay: start.toISOString().slice(0, 10) });
};

/** The demo surveys: vehicle and bike, temporary and continuous, a few weeks to a year. */
const DEMO_FILES: DemoFile[] = [
  {
    fileName: 'A33 Relief Road continuous.csv',
    kind: 'vehicle',
    text: () =>
      roadcountCsvText(
        traffic({
          seed: 11,
          weeksAgo: 52,
          untilYesterday: true,
          vehiclesPerDay: 2600,
          directions: [1, 5],
          meanSpeedKmh: 72,
        }),
        site('A33 Relief Road', 51.42876, -0.97962),
      ),
    continuousSite: { name: 'A33 Relief Road', latitude: 51.42876, longitude: -0.97962 },
  },
  {
    fileName: 'London Road northbound.txt',
    kind: 'vehicle',
    text: () =>
      metroCountText(
        traffic({
          seed: 12,
          weeksAgo: 3,
          days: 14,
          vehiclesPerDay: 7000,
          directions: [1, 1],
          meanSpeedKmh: 43,
        }),
        { ...site('London Road', 51.45206, -0.96052), attribute: 'Outside no. 112' },
        1,
      ),
  },
  {
    fileName: 'Bath Road tubes.csv',
    kind: 'vehicle',
    text: () =>
      jamarText(
        traffic({
          seed: 13,
          weeksAgo: 5,
          days: 21,
          vehiclesPerDay: 5200,
          directions: [3, 7],
          meanSpeedKmh: 51,
        }),
        site('Bath Road', 51.44951, -1.00734),
      ),
    // A Jamar file names no place: the uploader gives the coordinates.
    description: 'Demo survey at 51.44951, -1.00734',
  },
  {
    fileName: 'Thames Path cycle counter.csv',
    kind: 'bike',
    text: () =>
      roadcountCsvText(
        traffic({
          seed: 14,
          weeksAgo: 6,
          days: 28,
          vehiclesPerDay: 650,
          directions: [3, 7],
          meanSpeedKmh: 19,
          bikeShare: 1,
        }),
        site('Thames Path cycle counter', 51.46228, -0.96407),
      ),
  },
];

/**
 * Puts the demo surveys into the demo organisation through the ingest pipeline, as uploads by
 * its admin: the files are generated the same way every time and processed by the worker.
 */
export async function seedDemoData(deps: {
  db: Database;
  blobs: BlobStore;
  queue: TaskQueue;
  log: FastifyBaseLogger;
}): Promise<void> {
  const repository = createDemoRepository(deps.db);
  const organisation = await repository.organisationByName(DEMO_ORGANISATION_NAME);
  if (!organisation) return;
  await repository.setOrganisationPreferences(organisation.id, {
    ...organisation.preferences,
    time_zone: DEMO_TIME_ZONE,
  });
  const admin = await repository.userByUsername('admin');
  for (const demo of DEMO_FILES) {
    if (demo.continuousSite) {
      await repository.insertSite({
        ownerOrganisationId: organisation.id,
        ...demo.continuousSite,
        siteType: 'continuous',
        timeZone: DEMO_TIME_ZONE,
        directionOne: 1,
        directionTwo: 5,
        classScheme: 'arx',
        coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_P' },
      });
    }
    const id = randomUUID();
    const s3Key = rawUploadKey(organisation.id, id);
    const stored = await deps.blobs.putStream(
      s3Key,
      Readable.from(demo.text()),
      Number.MAX_SAFE_INTEGER,
    );
    await repository.insertFile({
      id,
      organisationId: organisation.id,
      uploadedBy: admin?.id ?? null,
      fileName: demo.fileName,
      kind: demo.kind,
      s3Key,
      sha256: stored.sha256,
      sizeBytes: stored.sizeBytes,
      logs: { description: demo.description ?? 'Demo survey' },
    });
    await deps.queue.enqueue({
      functionName: 'process_file',
      organisationId: organisation.id,
      userId: admin?.id ?? null,
      payload: { fileId: id },
      message: `Queued ${demo.fileName}`,
    });
  }
  deps.log.info(`Demo surveys queued: ${DEMO_FILES.map((demo) => demo.fileName).join(', ')}`);
}
