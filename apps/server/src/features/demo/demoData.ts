import { serverMessage } from '@roadcount/domain';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  ecoCounterText,
  jamarText,
  metroCountText,
  roadcountCsvText,
  type SiteDescription,
} from '@roadcount/formats';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { createDemoRepository } from './demo.repository.ts';
import { DEMO_ORGANISATION_NAME } from './demo.seed.ts';
import { rawUploadKey } from '../siteData/index.ts';
import { dayNumberOf, isoDayOf, type DayNumber } from './demoCalendar.ts';
import { ARX_MIX, demoBikeCounts, demoVehicles, FHWA_MIX } from './demoTraffic.ts';

interface DemoFile {
  fileName: string;
  kind: 'vehicle' | 'bike';
  text: () => Iterable<string>;
  /** What the uploader wrote; a file that names no place gets its coordinates here. */
  description?: string;
  /** A permanent count site set up before its data arrives; the file then matches it by GPS. */
  continuousSite?: { name: string; latitude: number; longitude: number };
  /** The continuous site's speed limit, m/s. */
  speedLimitMps?: number;
  /** A temporary count site set up before its data arrives (to be put in a factor group). */
  temporarySite?: { name: string; latitude: number; longitude: number; directionOne: number };
  /** The demo factor group the file's site belongs to. */
  factorGroup?: string;
}

/** The demo's factor group: the continuous A33 gives the factors the London Road week takes. */
export const DEMO_FACTOR_GROUP = 'Reading principal roads';

const MPH = 0.44704;

const DEMO_TIME_ZONE = 'Europe/London';
/** The demo organisation's preferences once seeded. */
export const DEMO_ORGANISATION_PREFERENCES = { locale: 'en-GB', time_zone: DEMO_TIME_ZONE };
const site = (name: string, latitude: number, longitude: number): SiteDescription => ({
  name,
  latitude,
  longitude,
  timeZone: DEMO_TIME_ZONE,
});

/** Today as a local day of the demo's zone: the surveys are laid out back from it. */
function demoToday(): DayNumber {
  return dayNumberOf(
    new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE }).format(new Date()),
  );
}

/**
 * The demo surveys, relative to today so they never age: a continuous count of more than a
 * year, a cycle counter of four months, and three tube surveys of the last fortnight that end
 * within the map's last 7 days.
 */
export function demoFiles(today: DayNumber = demoToday()): DemoFile[] {
  return [
    {
      fileName: 'A33 Relief Road continuous.csv',
      kind: 'vehicle',
      text: () =>
        roadcountCsvText(
          demoVehicles({
            seed: 11,
            firstDay: today - 400,
            days: 400,
            vehiclesPerDay: 2500,
            directions: [1, 5],
            laneOneShare: 0.5,
            freeSpeedKmh: 74,
            congestion: 0.5,
            mix: ARX_MIX,
            // The counter fell silent for two days (a fault: no data, not zero traffic).
            silentDays: [today - 143, today - 142],
            // Resurfacing closed the road overnight twice, and an emergency repair for a day.
            closures: [
              { day: today - 88, fromHour: 20, toHour: 24 },
              { day: today - 87, fromHour: 0, toHour: 6 },
              { day: today - 61, fromHour: 9, toHour: 16 },
            ],
          }),
          site('A33 Relief Road', 51.42876, -0.97962),
        ),
      continuousSite: { name: 'A33 Relief Road', latitude: 51.42876, longitude: -0.97962 },
      speedLimitMps: 50 * MPH,
      factorGroup: DEMO_FACTOR_GROUP,
    },
    {
      fileName: 'London Road northbound.txt',
      kind: 'vehicle',
      text: () =>
        metroCountText(
          // Nine days: the first and last are partial, leaving a week of whole days.
          demoVehicles({
            seed: 12,
            firstDay: today - 10,
            days: 9,
            vehiclesPerDay: 7000,
            directions: [1, 1],
            laneOneShare: 0.55,
            freeSpeedKmh: 47,
            congestion: 0.8,
            mix: ARX_MIX,
          }),
          { ...site('London Road', 51.45206, -0.96052), attribute: 'Outside no. 112' },
          1,
        ),
      temporarySite: {
        name: 'London Road',
        latitude: 51.45206,
        longitude: -0.96052,
        directionOne: 1,
      },
      factorGroup: DEMO_FACTOR_GROUP,
    },
    {
      fileName: 'Bath Road tubes.csv',
      kind: 'vehicle',
      text: () =>
        jamarText(
          demoVehicles({
            seed: 13,
            firstDay: today - 12,
            days: 10,
            vehiclesPerDay: 5200,
            directions: [3, 7],
            laneOneShare: 0.52,
            freeSpeedKmh: 52,
            congestion: 0.6,
            mix: FHWA_MIX,
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
        ecoCounterText(
          demoBikeCounts({ seed: 14, firstDay: today - 120, days: 120, bicyclesPerDay: 700 }),
          'Thames Path cycle counter',
          { from: isoDayOf(today - 120), to: isoDayOf(today - 1) },
        ),
      description: 'Demo cycle counter at 51.46228, -0.96407',
    },
    {
      fileName: 'Oxford Road survey.csv',
      kind: 'vehicle',
      text: () =>
        roadcountCsvText(
          demoVehicles({
            seed: 15,
            firstDay: today - 6,
            days: 5,
            vehiclesPerDay: 9000,
            directions: [3, 7],
            laneOneShare: 0.5,
            freeSpeedKmh: 44,
            congestion: 0.9,
            mix: ARX_MIX,
          }),
          site('Oxford Road', 51.45803, -0.99419),
        ),
    },
  ];
}

/**
 * The demo's planned surveys, relative to today: a week of London Road's tube count, whose
 * file fills it (completed once the file is processed), and a fortnight at the A33 that runs on
 * past today (active, its days so far counted).
 */
export function demoSurveys(today: DayNumber = demoToday()) {
  return [
    {
      name: 'London Road week',
      siteNames: ['London Road'],
      start: isoDayOf(today - 9),
      end: isoDayOf(today - 3),
      notes: 'A week of whole days of the northbound tubes outside no. 112.',
    },
    {
      name: 'A33 Relief Road fortnight',
      siteNames: ['A33 Relief Road'],
      start: isoDayOf(today - 6),
      end: isoDayOf(today + 7),
      notes: 'The continuous counter checked against the spring resurfacing plan.',
    },
  ];
}

/** The demo's realtime site and its hardware: what `npm run simulate:gateway` sends for. */
export const DEMO_REALTIME = {
  site: { name: 'Kings Road live', latitude: 51.45561, longitude: -0.96377 },
  gateway: { serial: 'DEMO-GW-1', name: 'Kings Road gateway' },
  /** Eastbound and westbound, two studs 2 m apart in each lane. */
  lanes: [
    { name: 'Eastbound', direction: 3, studs: ['DEMO-RS-1', 'DEMO-RS-2'] },
    { name: 'Westbound', direction: 7, studs: ['DEMO-RS-3', 'DEMO-RS-4'] },
  ],
  spacingM: 2,
  speedLimitMps: 30 * MPH,
};

/** Registers the realtime site, its gateway and studs, each lane's array mapped from now. */
export async function seedRealtimeSite(
  repository: ReturnType<typeof createDemoRepository>,
  organisationId: string,
) {
  const { site: place, gateway, lanes, spacingM, speedLimitMps } = DEMO_REALTIME;
  if (await repository.deviceExists(organisationId, gateway.serial)) return;
  const siteId =
    (await repository.siteIdByName(organisationId, place.name)) ??
    (await repository.insertSite(
      {
        ownerOrganisationId: organisationId,
        ...place,
        siteType: 'realtime',
        realtime: true,
        timeZone: DEMO_TIME_ZONE,
        directionOne: 3,
        directionTwo: 7,
        classScheme: 'arx',
        coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_P' },
      },
      speedLimitMps,
    ));
  await repository.insertRealtimeHardware({
    organisationId,
    siteId,
    // From the start of the day, so that a simulator run today counts whole.
    since: new Date(Date.now() - 86_400_000),
    gateway: { ...gateway, latitude: place.latitude, longitude: place.longitude },
    lanes,
    spacingM,
  });
}

/** Set in the demo organisation's preferences once every demo survey is in and queued. */
const SEEDED = 'demo_surveys_seeded';

/**
 * Puts the demo surveys into the demo organisation through the ingest pipeline, as uploads by
 * its admin: the files are generated the same way every time and processed by the worker.
 * A seed cut short (the first start stopped while it ran) carries on where it stopped when run
 * again: what is already there is kept and only what is missing is added and queued.
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
    ...DEMO_ORGANISATION_PREFERENCES,
  });
  const admin = await repository.userByUsername('admin');
  const today = demoToday();
  const files = demoFiles(today);
  const present = await repository.filesByName(organisation.id);
  const queue = (fileId: string, fileName: string) =>
    deps.queue.enqueue({
      functionName: 'process_file',
      organisationId: organisation.id,
      userId: admin?.id ?? null,
      payload: { fileId },
      message: serverMessage('taskQueuedFile', { file: fileName }),
    });
  // The sites set up before their data arrives, then the surveys of them, then the files: a
  // survey is there before its file's processing looks for the surveys it completes.
  const factorGroupSites: string[] = [];
  const siteIds = new Map<string, string>();
  for (const demo of files) {
    let siteId: string | undefined;
    const siteName = (demo.temporarySite ?? demo.continuousSite)?.name;
    if (siteName) siteId = await repository.siteIdByName(organisation.id, siteName);
    if (!siteId && demo.temporarySite) {
      const { directionOne, ...place } = demo.temporarySite;
      siteId = await repository.insertSite({
        ownerOrganisationId: organisation.id,
        ...place,
        siteType: 'temporary',
        timeZone: DEMO_TIME_ZONE,
        directionOne,
        classScheme: 'arx',
        coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_T' },
      });
    }
    if (!siteId && demo.continuousSite) {
      siteId = await repository.insertSite(
        {
          ownerOrganisationId: organisation.id,
          ...demo.continuousSite,
          siteType: 'continuous',
          timeZone: DEMO_TIME_ZONE,
          directionOne: 1,
          directionTwo: 5,
          classScheme: 'arx',
          coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_P' },
        },
        demo.speedLimitMps,
      );
    }
    if (siteId && siteName) siteIds.set(siteName, siteId);
    if (siteId && demo.factorGroup) factorGroupSites.push(siteId);
  }
  for (const survey of demoSurveys(today))
    await repository.insertSurveyUnlessNamed({
      organisationId: organisation.id,
      name: survey.name,
      scheduledStart: survey.start,
      scheduledEnd: survey.end,
      notes: survey.notes,
      createdBy: admin?.id ?? null,
      siteIds: survey.siteNames.flatMap((name) => siteIds.get(name) ?? []),
    });
  for (const demo of files) {
    const already = present.get(demo.fileName);
    if (already) {
      if (!already.queued) await queue(already.id, demo.fileName);
      continue;
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
    await queue(id, demo.fileName);
  }
  await seedRealtimeSite(repository, organisation.id);
  if (
    factorGroupSites.length > 0 &&
    !(await repository.factorGroupExists(organisation.id, DEMO_FACTOR_GROUP))
  )
    await repository.insertFactorGroup(
      organisation.id,
      DEMO_FACTOR_GROUP,
      'roadClass',
      factorGroupSites,
    );
  await repository.setOrganisationPreferences(organisation.id, {
    ...organisation.preferences,
    ...DEMO_ORGANISATION_PREFERENCES,
    [SEEDED]: true,
  });
  deps.log.info(`Demo files queued: ${files.map((demo) => demo.fileName).join(', ')}`);
}

/** Whether the demo organisation exists and its surveys were not all put in (a seed cut short). */
export async function demoSurveysUnfinished(db: Database): Promise<boolean> {
  const organisation = await createDemoRepository(db).organisationByName(DEMO_ORGANISATION_NAME);
  return organisation !== undefined && organisation.preferences[SEEDED] !== true;
}
