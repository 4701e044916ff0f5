import { columnsByDirection, type ScanColumns } from './vehicleColumns.ts';

/** Codes 0 to 65533 stand for one exact value each; these two for the rest. */
export const CODE_OVERFLOW = 65534;
export const CODE_MISSING = 65535;
const CODE_VALUES = 65534;

/**
 * A measure (speed, headway, gap) as 16-bit codes: code `k` holds exactly the value
 * `values[k]` (every vehicle with that code has that very value), so counting codes gives exact
 * percentiles. Values above the coded range are coded `CODE_OVERFLOW` and read from the column;
 * unknown values `CODE_MISSING`.
 */
export interface CodedMeasure {
  codes: Uint16Array[];
  values: Float64Array;
  /** Largest value coded exactly; greater values are overflow. */
  maxCoded: number;
  /** Codes per unit: a value `v` has the code `Math.round(v * scale)`. */
  scale: number;
}

/** A site's columns made ready for fast scans, kept in the column cache. */
export interface PreparedColumns {
  batches: ScanColumns[];
  /**
   * Per batch: the bounds of its stretches of ascending times (`[0, …, length]`), in each of
   * which a time window is found by binary search (one stretch: the batch is in time order);
   * null when its times are in too little order for that (see `MAX_ASCENDING_RUNS`).
   */
  ascendingRuns: (Int32Array | null)[];
  /** Null when the values are too fine to code exactly: the kernel then sorts instead. */
  speed: CodedMeasure | null;
  headway: CodedMeasure | null;
  gap: CodedMeasure | null;
  minTimeMs: number;
  maxTimeMs: number;
  maxSpeedMps: number;
  bytes: number;
}

/**
 * Codes a measure at the first of `scales` (codes per unit) at which no two different values
 * share a code. Negative values, or speeds beyond the range when `overflow` is false, make it
 * uncodable.
 */
function codeMeasure(
  columns: Float32Array[],
  scales: number[],
  overflow: boolean,
  shared: boolean,
): CodedMeasure | null {
  const memory = (bytes: number) =>
    shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  for (const scale of scales) {
    const values = new Float64Array(memory(CODE_VALUES * 8)).fill(Number.NaN);
    const codes: Uint16Array[] = [];
    let codable = true;
    for (const column of columns) {
      const batchCodes = new Uint16Array(memory(column.length * 2));
      for (let index = 0; index < column.length; index += 1) {
        const value = column[index] as number;
        if (value !== value) {
          batchCodes[index] = CODE_MISSING;
          continue;
        }
        const code = Math.round(value * scale);
        if (code < 0) {
          codable = false;
          break;
        }
        if (code >= CODE_VALUES) {
          if (!overflow) {
            codable = false;
            break;
          }
          batchCodes[index] = CODE_OVERFLOW;
          continue;
        }
        const known = values[code] as number;
        if (known !== known) values[code] = value;
        else if (known !== value) {
          codable = false;
          break;
        }
        batchCodes[index] = code;
      }
      if (!codable) break;
      codes.push(batchCodes);
    }
    if (codable) return { codes, values, maxCoded: (CODE_VALUES - 0.5) / scale, scale };
  }
  return null;
}

/** More stretches of ascending times than this, and a batch is scanned whole. */
export const MAX_ASCENDING_RUNS = 64;

/** The bounds of the stretches of ascending times, or null when there are too many. */
function ascendingRunsOf(times: Float64Array): Int32Array | null {
  const bounds = [0];
  for (let index = 1; index < times.length; index += 1)
    if ((times[index] as number) < (times[index - 1] as number)) {
      if (bounds.length === MAX_ASCENDING_RUNS) return null;
      bounds.push(index);
    }
  bounds.push(times.length);
  return Int32Array.from(bounds);
}

/**
 * Prepares a site's columns: one batch per file and direction (see `columnsByDirection`),
 * sortedness, time and speed bounds, and the coded measures. With `shared`, the columns and
 * codes are kept in shared memory, for other threads to scan too.
 */
export function prepareColumns(
  files: ScanColumns[],
  { shared = false }: { shared?: boolean } = {},
): PreparedColumns {
  const batches = files.flatMap((columns) => columnsByDirection(columns, { shared }));
  let minTimeMs = Number.POSITIVE_INFINITY;
  let maxTimeMs = Number.NEGATIVE_INFINITY;
  let maxSpeedMps = 0;
  for (const batch of batches) {
    for (let index = 0; index < batch.timeMs.length; index += 1) {
      const time = batch.timeMs[index] as number;
      if (time < minTimeMs) minTimeMs = time;
      if (time > maxTimeMs) maxTimeMs = time;
      const speed = batch.speedMps[index] as number;
      if (speed > maxSpeedMps) maxSpeedMps = speed;
    }
  }
  const speed = codeMeasure(
    batches.map((batch) => batch.speedMps),
    [100, 1000],
    false,
    shared,
  );
  const headway = codeMeasure(
    batches.map((batch) => batch.headwayS),
    [100, 1000],
    true,
    shared,
  );
  const gap = codeMeasure(
    batches.map((batch) => batch.gapS),
    [100, 1000],
    true,
    shared,
  );
  let bytes = 0;
  for (const batch of batches)
    for (const column of Object.values(batch) as ArrayBufferView[]) bytes += column.byteLength;
  for (const measure of [speed, headway, gap])
    if (measure) bytes += measure.codes.reduce((sum, codes) => sum + codes.byteLength, 0);
  return {
    batches,
    ascendingRuns: batches.map((batch) => ascendingRunsOf(batch.timeMs)),
    speed,
    headway,
    gap,
    minTimeMs,
    maxTimeMs,
    maxSpeedMps,
    bytes,
  };
}
