import {
  columnsByDirection,
  typedArrayIn,
  type Allocate,
  type ScanColumns,
} from './vehicleColumns.ts';

/** Codes 0 to 65533 stand for one exact value each; these two for the rest. */
export const CODE_OVERFLOW = 65534;
export const CODE_MISSING = 65535;
export const CODE_VALUES = 65534;

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

/** The scales (codes per unit) a measure is coded at, the first that codes it exactly. */
export const CODE_SCALES = [100, 1000];

/**
 * Codes a measure's columns one after another at one scale, learning which value each code
 * stands for; `codable` turns false for good at the first value it cannot code (negative, two
 * values sharing a code, or beyond the range without `overflow`).
 */
export class MeasureCoder {
  readonly values: Float64Array;
  codable = true;

  constructor(
    readonly scale: number,
    private readonly overflow: boolean,
    memory?: Allocate,
  ) {
    this.values = (
      memory ? typedArrayIn(Float64Array, memory, CODE_VALUES) : new Float64Array(CODE_VALUES)
    ).fill(Number.NaN);
  }

  /** Codes `column` into `codes`, or only learns its values without them. */
  code(column: Float32Array, codes?: Uint16Array): boolean {
    if (!this.codable) return false;
    const { values, scale, overflow } = this;
    for (let index = 0; index < column.length; index += 1) {
      const value = column[index] as number;
      let code: number;
      if (value !== value) code = CODE_MISSING;
      else {
        code = Math.round(value * scale);
        if (code < 0 || (code >= CODE_VALUES && !overflow)) return (this.codable = false);
        if (code >= CODE_VALUES) code = CODE_OVERFLOW;
        else {
          const known = values[code] as number;
          if (known !== known) values[code] = value;
          else if (known !== value) return (this.codable = false);
        }
      }
      if (codes) codes[index] = code;
    }
    return true;
  }

  /** The measure with these codes (one array per batch). */
  measure(codes: Uint16Array[]): CodedMeasure {
    return codedMeasure(codes, this.values, this.scale);
  }
}

/** A measure from its codes (one array per batch), the values they stand for, and its scale. */
export function codedMeasure(
  codes: Uint16Array[],
  values: Float64Array,
  scale: number,
): CodedMeasure {
  return { codes, values, maxCoded: (CODE_VALUES - 0.5) / scale, scale };
}

/** Codes a measure at the first of `CODE_SCALES` that codes it exactly, or null. */
function codeMeasure(
  columns: Float32Array[],
  overflow: boolean,
  memory: Allocate | undefined,
): CodedMeasure | null {
  for (const scale of CODE_SCALES) {
    const coder = new MeasureCoder(scale, overflow, memory);
    const codes: Uint16Array[] = [];
    for (const column of columns) {
      const batchCodes = memory
        ? typedArrayIn(Uint16Array, memory, column.length)
        : new Uint16Array(column.length);
      if (!coder.code(column, batchCodes)) break;
      codes.push(batchCodes);
    }
    if (coder.codable) return coder.measure(codes);
  }
  return null;
}

/** More stretches of ascending times than this, and a batch is scanned whole. */
export const MAX_ASCENDING_RUNS = 64;

/** The bounds of the stretches of ascending times, or null when there are too many. */
export function ascendingRunsOf(times: Float64Array): Int32Array | null {
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
 * sortedness, time and speed bounds, and the coded measures. With `memory`, the columns and
 * codes are kept in memory from it (shared memory, for other threads to scan too).
 */
export function prepareColumns(
  files: ScanColumns[],
  { memory }: { memory?: Allocate } = {},
): PreparedColumns {
  const batches = files.flatMap((columns) => columnsByDirection(columns, { memory }));
  const bounds = emptyBounds();
  for (const batch of batches) widenBounds(bounds, batch);
  return preparedOf(
    batches,
    batches.map((batch) => ascendingRunsOf(batch.timeMs)),
    {
      speed: codeMeasure(
        batches.map((batch) => batch.speedMps),
        false,
        memory,
      ),
      headway: codeMeasure(
        batches.map((batch) => batch.headwayS),
        true,
        memory,
      ),
      gap: codeMeasure(
        batches.map((batch) => batch.gapS),
        true,
        memory,
      ),
    },
    bounds,
  );
}

export interface ColumnBounds {
  minTimeMs: number;
  maxTimeMs: number;
  maxSpeedMps: number;
}

/** Bounds that any vehicle widens. */
export function emptyBounds(): ColumnBounds {
  return {
    minTimeMs: Number.POSITIVE_INFINITY,
    maxTimeMs: Number.NEGATIVE_INFINITY,
    maxSpeedMps: 0,
  };
}

/** Widens `bounds` to the times and speeds of `batch`. */
export function widenBounds(bounds: ColumnBounds, batch: ScanColumns): void {
  let { minTimeMs, maxTimeMs, maxSpeedMps } = bounds;
  for (let index = 0; index < batch.timeMs.length; index += 1) {
    const time = batch.timeMs[index] as number;
    if (time < minTimeMs) minTimeMs = time;
    if (time > maxTimeMs) maxTimeMs = time;
    const speed = batch.speedMps[index] as number;
    if (speed > maxSpeedMps) maxSpeedMps = speed;
  }
  Object.assign(bounds, { minTimeMs, maxTimeMs, maxSpeedMps });
}

/** Prepared columns from their parts, with the bytes they hold. */
export function preparedOf(
  batches: ScanColumns[],
  ascendingRuns: (Int32Array | null)[],
  measures: Pick<PreparedColumns, 'speed' | 'headway' | 'gap'>,
  bounds: ColumnBounds,
): PreparedColumns {
  let bytes = 0;
  for (const batch of batches)
    for (const column of Object.values(batch) as ArrayBufferView[]) bytes += column.byteLength;
  for (const measure of [measures.speed, measures.headway, measures.gap])
    if (measure) bytes += measure.codes.reduce((sum, codes) => sum + codes.byteLength, 0);
  return { batches, ascendingRuns, ...measures, ...bounds, bytes };
}
