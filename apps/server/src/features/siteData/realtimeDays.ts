import {
  arrowStreamParts,
  columnsSlice,
  concatColumns,
  ScanFileCoding,
  ScanFileWriter,
  type ScanFileMark,
  type VehicleColumns,
} from '@roadcount/analytics';
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { refreshSiteRollupDays } from './rollups.ts';
import type { SiteDataRepository } from './siteData.repository.ts';
import { storedKeys } from './storedForms.ts';

const DAY_MS = 86_400_000;

/** One written part of a realtime day's files: its vehicles and where the files stood after it. */
interface DaySegment {
  columns: VehicleColumns;
  /** The column object's length up to this part's record batch (its end marker follows). */
  arrowEnd: number;
  /** The scan file's writer after this part's batch (the value tables and footer follow). */
  scanEnd: ScanFileMark | null;
}

/**
 * A realtime day's files as this process last wrote them: what the next write appends to.
 * Its parts grow geometrically (a part is rewritten into the next one when that is as large), so
 * a day of n vehicles written in updates of m has about log2(n / m) parts, and each vehicle is
 * written again a few times at most, not once per update.
 */
export interface RealtimeDayFiles {
  fileId: string;
  segments: DaySegment[];
  /** The scan file's writer; null when the day's measures cannot be coded (no scan file). */
  scan: ScanFileWriter | null;
}

const rowsOf = (columns: VehicleColumns) => columns.timeMs.length;

function joined(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Writes a realtime site's vehicles of one UTC day: the first `keep` vehicles of the day as last
 * written (`previous`) stay, and `tail` (sorted by time, after them) replaces the rest. The
 * column object (an Arrow IPC stream) and the scan file are cut after the last part that stays
 * whole and the new vehicles appended there; without `previous` (or when the new vehicles cannot
 * be coded as the scan file codes the day) both are written whole. Then the local days the UTC
 * day reaches are rolled up again from the vehicles in memory. Answers what the next write
 * continues from; undefined when there is nothing to write (no file, no vehicles).
 */
export async function writeRealtimeDay(
  deps: { repository: SiteDataRepository; blobs: BlobStore },
  input: {
    organisationId: string;
    siteId: string;
    day: string;
    version: string;
    previous: RealtimeDayFiles | undefined;
    keep: number;
    tail: VehicleColumns;
    /** More to record in the file's logs. */
    logs?: Record<string, unknown>;
    /** False leaves the rollups to a later `refreshRealtimeDayRollups` (a live site's burst). */
    rollups?: boolean;
  },
): Promise<RealtimeDayFiles | undefined> {
  const { repository, blobs, previous } = { ...deps, previous: input.previous };
  const fileName = `realtime ${input.day}`;
  let fileId = previous?.fileId;
  if (!fileId) {
    let file = await repository.realtimeDayFile(input.siteId, fileName);
    if (!file && rowsOf(input.tail) === 0) return undefined;
    if (!file) {
      const id = randomUUID();
      await repository.insertRealtimeFile({
        id,
        organisationId: input.organisationId,
        siteId: input.siteId,
        fileName,
        s3Key: storedKeys.columns(id),
      });
      file = await repository.realtimeDayFile(input.siteId, fileName);
      if (!file) throw new Error(`the realtime file ${fileName} was not registered`);
    }
    fileId = file.id;
  }

  // The parts that stay whole, and the vehicles written after them.
  const before = previous?.segments ?? [];
  let whole = 0;
  let kept = 0;
  while (whole < before.length && kept + rowsOf(before[whole]!.columns) <= input.keep) {
    kept += rowsOf(before[whole]!.columns);
    whole += 1;
  }
  let parts = [input.tail];
  if (input.keep > kept) parts.unshift(columnsSlice(before[whole]!.columns, 0, input.keep - kept));
  let rows = parts.reduce((sum, part) => sum + rowsOf(part), 0);
  while (whole > 0 && rowsOf(before[whole - 1]!.columns) <= rows) {
    whole -= 1;
    parts.unshift(before[whole]!.columns);
    rows += rowsOf(before[whole]!.columns);
  }

  // The scan file appended to where the writer stood, else written whole with a coding learnt
  // from all the day's vehicles (a scale that codes the first part may not code the next).
  let scan = whole > 0 ? (previous?.scan ?? null) : null;
  let columns = concatColumns(parts);
  let scanChunks = scan ? (scan.rewind(before[whole - 1]!.scanEnd!), scan.add(columns)) : null;
  if (!scanChunks && (whole === 0 || scan)) {
    if (whole > 0) {
      parts = [...before.slice(0, whole).map((segment) => segment.columns), ...parts];
      whole = 0;
      columns = concatColumns(parts);
    }
    const coding = new ScanFileCoding();
    coding.add(columns);
    const coders = coding.coders();
    scan = coders ? new ScanFileWriter(input.version, coders) : null;
    scanChunks = scan ? scan.add(columns) : null;
  }
  const scanEnd = scan && scanChunks ? scan.mark() : null;
  const scanBytes =
    scan && scanChunks ? joined([...scanChunks, ...scan.finish(input.version)]) : null;

  const arrow = arrowStreamParts(rowsOf(columns) > 0 ? [columns] : []);
  const arrowFrom = whole > 0 ? before[whole - 1]!.arrowEnd : 0;
  const arrowHead = whole > 0 ? [] : [arrow.schema];
  const arrowEnd = arrowFrom + (whole > 0 ? 0 : arrow.schema.length) + arrow.body.length;
  const scanFrom = whole > 0 ? before[whole - 1]!.scanEnd!.offset : 0;
  await Promise.all([
    blobs.writeAt(
      storedKeys.columns(fileId),
      arrowFrom,
      joined([...arrowHead, arrow.body, arrow.end]),
    ),
    scanBytes
      ? blobs.writeAt(storedKeys.scanFile(fileId), scanFrom, scanBytes)
      : blobs.delete(storedKeys.scanFile(fileId)),
  ]);

  const segments = [
    ...before.slice(0, whole),
    { columns, arrowEnd, scanEnd: scanBytes ? scanEnd : null },
  ].filter((segment) => rowsOf(segment.columns) > 0);
  const batches = segments.map((segment) => segment.columns);
  const count = batches.reduce((sum, batch) => sum + rowsOf(batch), 0);
  const first = batches[0]?.timeMs[0];
  const lastBatch = batches.at(-1)?.timeMs;
  const last = lastBatch?.[lastBatch.length - 1];
  await repository.updateRealtimeFile(fileId, {
    siteId: input.siteId,
    start: first === undefined ? null : new Date(first),
    end: last === undefined ? null : new Date(last),
    logs: {
      ...input.logs,
      saved_vehicles: count,
      data_kind: 'vehicles',
      realtime_day: input.day,
      columns_form: 'arrow-stream',
      columns_version: input.version,
    },
  });
  const files = { fileId, segments, scan: scanBytes ? scan : null };
  if (input.rollups !== false)
    await refreshRealtimeDayRollups({ repository, blobs }, input.siteId, input.day, files);
  return files;
}

/**
 * Rolls up again the local days a realtime UTC day reaches (only those: the site's other days
 * are as they were), from the day's vehicles in memory when `files` holds them (as last
 * written), else from its stored files.
 */
export async function refreshRealtimeDayRollups(
  deps: { repository: SiteDataRepository; blobs: BlobStore },
  siteId: string,
  day: string,
  files: RealtimeDayFiles | undefined,
) {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  await refreshSiteRollupDays(
    deps,
    siteId,
    dayStart,
    dayStart + DAY_MS,
    files
      ? { fileId: files.fileId, batches: files.segments.map((segment) => segment.columns) }
      : undefined,
  );
}
