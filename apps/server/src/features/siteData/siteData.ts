import {
  columnsInTimeOrder,
  concatColumns,
  intervalsToArrow,
  type IntervalColumns,
  type VehicleColumns,
} from '@roadcount/analytics';
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { createArrowColumnsWriter, createScanFileStream } from './columnStreams.ts';
import type { Database } from '../../infra/db/database.ts';
import { composeDirectionMaps, directionMapOf, type DirectionMap } from './directionMap.ts';
import {
  refreshRealtimeDayRollups,
  writeRealtimeDay,
  type RealtimeDayFiles,
} from './realtimeDays.ts';
import { readIntervals, storedColumnBatches, vehicleBatches } from './readers.ts';
import { reclassifyStoredFile } from './reclassify.ts';
import { rebuildSiteRollups } from './rollups.ts';
import { createRollupSeriesCache } from './rollupSeriesCache.ts';
import { writeScanFile } from './scanFiles.ts';
import { createSiteDataRepository } from './siteData.repository.ts';
import { storedFileOf, storedKeys, type StoredColumns, type VehicleSpan } from './storedForms.ts';

/**
 * A site's stored data, through one door: every feature that reads or writes vehicles, counts
 * or rollups calls these, and none knows a blob key or a stored form's layout.
 */
export function createSiteData(deps: { db: Database; blobs: BlobStore }) {
  const { blobs } = deps;
  const repository = createSiteDataRepository(deps.db);

  /** The files that joined the site, as their logs describe their stored data. */
  const joinedFiles = async (siteId: string) =>
    (await repository.joinedFiles(siteId)).map(storedFileOf);

  const siteData = {
    /** The site's vehicle files as the analysis threads read them (scan file, else columns). */
    async vehicleFiles(siteId: string): Promise<StoredColumns[]> {
      return (await joinedFiles(siteId))
        .filter((file) => file.kind === 'vehicles')
        .map((file) => ({
          key: storedKeys.columns(file.id),
          scanKey: storedKeys.scanFile(file.id),
          version: file.version,
          ...(file.directionMap ? { directionMap: file.directionMap } : {}),
        }));
    },

    /** Each vehicle file's batches in turn, directions as they count on the site. */
    async *vehicleBatches(siteId: string) {
      for (const file of await joinedFiles(siteId))
        if (file.kind === 'vehicles') yield* vehicleBatches(blobs, file);
    },

    /** Each vehicle file's name and batches in turn, directions as they count on the site. */
    async *vehicleBatchesByFile(siteId: string) {
      for (const row of await repository.joinedFiles(siteId)) {
        const file = storedFileOf(row);
        if (file.kind !== 'vehicles') continue;
        for await (const batch of vehicleBatches(blobs, file))
          yield { fileName: row.fileName, batch };
      }
    },

    /** The interval counts of the site's count files (bike and pedestrian counters). */
    async intervalCounts(siteId: string): Promise<IntervalColumns[]> {
      const counts = [];
      for (const file of await joinedFiles(siteId))
        if (file.kind === 'intervals') counts.push(await readIntervals(blobs, file));
      return counts;
    },

    /** What kinds of data joined the site: vehicle records, interval counts, or both. */
    async dataKinds(siteId: string): Promise<('vehicles' | 'intervals')[]> {
      const kinds = new Set((await joinedFiles(siteId)).map((file) => file.kind));
      return (['vehicles', 'intervals'] as const).filter((kind) => kinds.has(kind));
    },

    /** The site's volume per local day over its whole history, from its daily rollups. */
    dailyVolumes: (siteId: string) => repository.dailyVolumes(siteId),

    /** The organisation's headway threshold for free flow, in seconds (its rollups' own). */
    headwayThresholdSeconds: (organisationId: string) =>
      repository.headwayThresholdSeconds(organisationId),

    /** The earliest start and latest end of the data that joined the site. */
    dataTimeRange: (siteId: string) => repository.dataTimeRange(siteId),

    /** Each vehicle file's span (UTC ms, null when unknown) and vehicles, from its metadata. */
    async vehicleSpans(siteId: string): Promise<VehicleSpan[]> {
      return (await repository.joinedVehicleSpans(siteId)).map((file) => ({
        startMs: file.start ? new Date(file.start).getTime() : null,
        endMs: file.end ? new Date(file.end).getTime() : null,
        vehicles: Number(file.vehicles ?? 0),
      }));
    },

    /**
     * The site's excluded bad-data periods as time windows: every figure of the site leaves
     * their vehicles out (the rollups here, the analysis through its filter).
     */
    excludedWindows: (siteId: string) => repository.excludedWindows(siteId),
    /** The organisation's live sites, by name: whose rollups its settings shape. */
    organisationSiteIds: (organisationId: string) => repository.organisationSiteIds(organisationId),

    /** Rebuilds the site's daily rollups and the map's packed series from its joined files. */
    rebuildRollups: (siteId: string) => rebuildSiteRollups({ repository, blobs }, siteId),

    /** The site's vehicles over its rolled-up days. */
    rolledUpVehicles: (siteId: string) => repository.rolledUpVehicles(siteId),

    /** The map's packed rollup series, kept in memory up to `maxBytes`. */
    rollupSeriesCache: (maxBytes: number) =>
      createRollupSeriesCache({ repository, blobs, maxBytes }),

    /** A file's raw upload as it was stored, to be read again. */
    rawUpload: (key: string) => blobs.getStream(key),

    /** A file's own vehicle batches, as it was recorded (no direction map). */
    fileVehicleBatches: (fileId: string) => storedColumnBatches(blobs, storedKeys.columns(fileId)),

    /** A file's own interval counts, as it was recorded. */
    fileIntervals: (fileId: string) => readIntervals(blobs, { id: fileId }),

    /**
     * Starts writing a vehicle file's column object: batches go to `writer` as they are read;
     * `stored` settles once the object is in the store.
     */
    columnsWriter(fileId: string) {
      const writer = createArrowColumnsWriter();
      const stored = blobs.putStream(
        storedKeys.columns(fileId),
        writer.stream,
        Number.MAX_SAFE_INTEGER,
      );
      return { writer, stored };
    },

    /**
     * Starts writing a vehicle file's scan file from its batches as they are read (`version`:
     * the processing run); `stored` settles once it is in the store.
     */
    scanFileWriter(fileId: string, version: string) {
      const scan = createScanFileStream(version);
      const stored = blobs.putStream(
        storedKeys.scanFile(fileId),
        scan.stream,
        Number.MAX_SAFE_INTEGER,
      );
      return { scan, stored };
    },

    /** Writes the scan file of a written column object; false when it cannot be coded exactly. */
    writeScanFile: (fileId: string, version: string) =>
      writeScanFile(blobs, storedKeys.columns(fileId), storedKeys.scanFile(fileId), version),

    /**
     * Rewrites a vehicle file's stored classes from each record's measures (`classify`), as
     * the processing run `version`; answers the vehicles per new class.
     */
    reclassifyFile: (
      fileId: string,
      classify: Parameters<typeof reclassifyStoredFile>[2],
      version: string,
    ) => reclassifyStoredFile(blobs, fileId, classify, version),

    writeIntervals: (fileId: string, intervals: IntervalColumns) =>
      blobs.putBytes(storedKeys.intervals(fileId), intervalsToArrow(intervals)),

    /** The version of the site's realtime file of a UTC day as last written; none before. */
    async realtimeDayVersion(siteId: string, day: string): Promise<string | undefined> {
      const file = await repository.realtimeDayFile(siteId, `realtime ${day}`);
      const version = file?.logs.columns_version;
      return typeof version === 'string' ? version : undefined;
    },

    /**
     * Writes a realtime site's vehicles of one UTC day (`day`, YYYY-MM-DD) in the day's realtime
     * file: the first `keep` of them as last written (`previous`) stay, `tail` (sorted by time)
     * replaces the rest, appended to the column object and scan file (docs/storage.md); then
     * rolls up again the local days it reaches (only those) so that the map and lists count
     * them. `version` names this writing, so that the site detail reads it afresh. Answers what
     * the next write of the day continues from.
     */
    writeRealtimeDay: (input: Parameters<typeof writeRealtimeDay>[1]) =>
      writeRealtimeDay({ repository, blobs }, input),

    /**
     * Rolls up again the local days a realtime UTC day reaches, from its vehicles as last
     * written (`files`) or else from its stored files: after writes made with `rollups: false`.
     */
    refreshRealtimeDayRollups: (siteId: string, day: string, files?: RealtimeDayFiles) =>
      refreshRealtimeDayRollups({ repository, blobs }, siteId, day, files),

    /**
     * Before a merge moves the sources' files to the target (one realtime file per site and
     * day): each source's realtime day file whose day the target also has is combined into the
     * target's, its vehicles and the target's in time order with their directions as they count
     * on the target (`directionMap`: the source's alignment to it), and removed. Run again after
     * a stop, a source file already combined (named in the target's logs) is only removed.
     * Answers how many files were combined.
     */
    async combineRealtimeDays(
      target: { id: string; organisationId: string },
      sources: { id: string; directionMap: DirectionMap | undefined }[],
    ) {
      const targetDays = new Map(
        (await repository.realtimeDayFiles(target.id)).map((file) => [file.fileName, file]),
      );
      let combined = 0;
      for (const source of sources)
        for (const file of await repository.realtimeDayFiles(source.id)) {
          const into = targetDays.get(file.fileName);
          if (!into) continue;
          const done = Array.isArray(into.logs.combined_files)
            ? (into.logs.combined_files as unknown[]).filter((id) => typeof id === 'string')
            : [];
          if (!done.includes(file.id)) {
            const sourceMap = composeDirectionMaps(directionMapOf(file.logs), source.directionMap);
            const batches: VehicleColumns[] = [];
            for await (const batch of vehicleBatches(blobs, storedFileOf(into)))
              batches.push(batch);
            for await (const batch of vehicleBatches(blobs, {
              id: file.id,
              directionMap: Object.keys(sourceMap).length > 0 ? sourceMap : undefined,
            }))
              batches.push(batch);
            const day = file.fileName.replace('realtime ', '');
            await writeRealtimeDay(
              { repository, blobs },
              {
                organisationId: target.organisationId,
                siteId: target.id,
                day,
                version: `realtime-${randomUUID()}`,
                previous: undefined,
                keep: 0,
                tail: columnsInTimeOrder(concatColumns(batches)),
                // Directions are stored as they count on the target now.
                logs: { direction_map: null, combined_files: [...done, file.id] },
              },
            );
          }
          await repository.deleteRealtimeFile(file.id);
          await siteData.deleteFileData({ id: file.id, s3Key: storedKeys.columns(file.id) }, false);
          combined += 1;
        }
      return combined;
    },

    /** Deletes a file's derived stored forms (columns, scan file, counts), and with `raw` its upload. */
    async deleteFileData(file: { id: string; s3Key: string }, raw: boolean) {
      await blobs.delete(storedKeys.columns(file.id));
      await blobs.delete(storedKeys.scanFile(file.id));
      await blobs.delete(storedKeys.intervals(file.id));
      if (raw) await blobs.delete(file.s3Key);
    },

    /**
     * Deletes every stored form of the site's files, their raw uploads and its packed series;
     * answers the files, whose rows the caller removes.
     */
    async deleteSiteData(site: { id: string; rollupsVersion: number }) {
      const files = await repository.allFiles(site.id);
      for (const file of files) {
        await blobs.delete(storedKeys.columns(file.id));
        await blobs.delete(storedKeys.scanFile(file.id));
        await blobs.delete(storedKeys.intervals(file.id));
        await blobs.delete(file.s3Key);
      }
      await blobs.delete(storedKeys.rollupSeries(site.id, site.rollupsVersion));
      return files;
    },
  };
  return siteData;
}

export type SiteData = ReturnType<typeof createSiteData>;
