import { tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow';
import type { QualityTestResult, QualityThresholds } from './dataQuality.ts';

export const INTERVAL_MODES = ['vehicle', 'bike', 'pedestrian'] as const;
export type IntervalMode = (typeof INTERVAL_MODES)[number];

/** Counts over intervals (bike and pedestrian counters), UTC milliseconds. */
export interface IntervalColumns {
  startMs: Float64Array;
  durationS: Float32Array;
  direction: Uint8Array;
  lane: Int16Array;
  count: Int32Array;
  /** Index into INTERVAL_MODES. */
  mode: Uint8Array;
}

export interface IntervalRow {
  startMs: number;
  durationS: number;
  direction: number;
  lane: number;
  count: number;
  mode: IntervalMode;
}

/** Interval files are small (a year of 15-minute rows is 35,040): plain arrays, then typed. */
export class IntervalColumnsBuilder {
  private readonly rows: IntervalRow[] = [];

  push(row: IntervalRow): void {
    this.rows.push(row);
  }

  get length(): number {
    return this.rows.length;
  }

  build(): IntervalColumns {
    const rows = this.rows;
    return {
      startMs: Float64Array.from(rows, (row) => row.startMs),
      durationS: Float32Array.from(rows, (row) => row.durationS),
      direction: Uint8Array.from(rows, (row) => row.direction),
      lane: Int16Array.from(rows, (row) => row.lane),
      count: Int32Array.from(rows, (row) => row.count),
      mode: Uint8Array.from(rows, (row) => INTERVAL_MODES.indexOf(row.mode)),
    };
  }
}

export function intervalsToArrow(columns: IntervalColumns): Uint8Array {
  return tableToIPC(tableFromArrays({ ...columns }), 'file');
}

export function intervalsFromArrow(bytes: Uint8Array): IntervalColumns {
  const table = tableFromIPC(bytes);
  const column = <T>(name: keyof IntervalColumns) => {
    const vector = table.getChild(name);
    if (!vector) throw new Error(`the interval file has no '${name}' column`);
    return vector.toArray() as T;
  };
  return {
    startMs: column<Float64Array>('startMs'),
    durationS: column<Float32Array>('durationS'),
    direction: column<Uint8Array>('direction'),
    lane: column<Int16Array>('lane'),
    count: column<Int32Array>('count'),
    mode: column<Uint8Array>('mode'),
  };
}

/**
 * The quality tests that apply to counts: survey duration (first interval's start to last
 * interval's end) and the busiest local day against the lowest max ADT. RHO, lengths and classes
 * do not exist for counts, so those tests are not run (a missing flag means pass).
 */
export function runIntervalQualityTests(
  columns: IntervalColumns,
  thresholds: Pick<QualityThresholds, 'minSurveyHours' | 'lowestMaxAdt'>,
  utcOffsetMsAt: (utcMs: number) => number,
): { above_vol_thres: QualityTestResult; sufficient_hours: QualityTestResult } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const perDay = new Map<number, number>();
  for (let index = 0; index < columns.startMs.length; index += 1) {
    const start = columns.startMs[index] as number;
    const end = start + (columns.durationS[index] as number) * 1000;
    if (start < first) first = start;
    if (end > last) last = end;
    const day = Math.floor((start + utcOffsetMsAt(start)) / 86_400_000);
    perDay.set(day, (perDay.get(day) ?? 0) + (columns.count[index] as number));
  }
  const hours = columns.startMs.length > 0 ? (last - first) / 3_600_000 : 0;
  const busiestDay = Math.max(0, ...perDay.values());
  return {
    above_vol_thres: {
      passed: busiestDay >= thresholds.lowestMaxAdt,
      value: busiestDay,
      threshold: thresholds.lowestMaxAdt,
    },
    sufficient_hours: {
      passed: hours >= thresholds.minSurveyHours,
      value: hours,
      threshold: thresholds.minSurveyHours,
    },
  };
}
