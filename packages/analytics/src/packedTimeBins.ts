import type { TimeBin } from './siteDetailShape.ts';

/**
 * The time bins of a site-detail answer as a few flat arrays, one entry per bin and direction:
 * what an analysis thread hands over instead of thousands of small objects (typed arrays move
 * between threads without being copied value by value). NaN stands for null.
 */
export interface PackedTimeBins {
  starts: string[];
  /** Per entry: its bin (index into `starts`) and direction. */
  bin: Uint32Array;
  direction: Uint8Array;
  vehicles: Float64Array;
  averageSpeedMps: Float64Array;
  speed85thMps: Float64Array;
  speedingPercent: Float64Array;
}

export function packTimeBins(bins: TimeBin[]): PackedTimeBins {
  let entries = 0;
  for (const bin of bins) entries += Object.keys(bin.directions).length;
  const packed: PackedTimeBins = {
    starts: bins.map((bin) => bin.start),
    bin: new Uint32Array(entries),
    direction: new Uint8Array(entries),
    vehicles: new Float64Array(entries),
    averageSpeedMps: new Float64Array(entries),
    speed85thMps: new Float64Array(entries),
    speedingPercent: new Float64Array(entries),
  };
  let at = 0;
  bins.forEach((bin, index) => {
    for (const [direction, figures] of Object.entries(bin.directions)) {
      packed.bin[at] = index;
      packed.direction[at] = Number(direction);
      packed.vehicles[at] = figures.vehicles;
      packed.averageSpeedMps[at] = figures.averageSpeedMps ?? Number.NaN;
      packed.speed85thMps[at] = figures.speed85thMps ?? Number.NaN;
      packed.speedingPercent[at] = figures.speedingPercent ?? Number.NaN;
      at += 1;
    }
  });
  return packed;
}

const orNull = (value: number) => (value === value ? value : null);

export function unpackTimeBins(packed: PackedTimeBins): TimeBin[] {
  const bins: TimeBin[] = packed.starts.map((start) => ({ start, directions: {} }));
  for (let at = 0; at < packed.bin.length; at += 1) {
    const bin = bins[packed.bin[at] as number] as TimeBin;
    bin.directions[packed.direction[at] as number] = {
      vehicles: packed.vehicles[at] as number,
      averageSpeedMps: orNull(packed.averageSpeedMps[at] as number),
      speed85thMps: orNull(packed.speed85thMps[at] as number),
      speedingPercent: orNull(packed.speedingPercent[at] as number),
    };
  }
  return bins;
}

/** The buffers of a packed answer, to hand over rather than copy. */
export function packedBuffers(packed: PackedTimeBins): ArrayBuffer[] {
  return [
    packed.bin,
    packed.direction,
    packed.vehicles,
    packed.averageSpeedMps,
    packed.speed85thMps,
    packed.speedingPercent,
  ].map((array) => array.buffer as ArrayBuffer);
}

/**
 * One direction's figures over the bins of `TimeBinColumns.starts`, one entry per bin: 0
 * vehicles and nulls in a bin where it had none.
 */
export interface DirectionColumns {
  vehicles: number[];
  averageSpeedMps: (number | null)[];
  speed85thMps: (number | null)[];
  speedingPercent: (number | null)[];
}

/**
 * The time bins as the API sends them: the local start of each bin with data, and each
 * direction's figures as columns in the same order. A chart reads a series straight off a
 * column, and the answer carries each figure's name once rather than once per bin (a half-year
 * of hourly bins is 0.5 MB rather than 1.2 MB).
 */
export interface TimeBinColumns {
  starts: string[];
  directions: Record<number, DirectionColumns>;
}

export function timeBinColumns(bins: TimeBin[]): TimeBinColumns {
  const directions: Record<number, DirectionColumns> = {};
  const count = bins.length;
  const columnsOf = (direction: number) =>
    (directions[direction] ??= {
      vehicles: new Array<number>(count).fill(0),
      averageSpeedMps: new Array<number | null>(count).fill(null),
      speed85thMps: new Array<number | null>(count).fill(null),
      speedingPercent: new Array<number | null>(count).fill(null),
    });
  bins.forEach((bin, index) => {
    for (const [direction, figures] of Object.entries(bin.directions)) {
      const columns = columnsOf(Number(direction));
      columns.vehicles[index] = figures.vehicles;
      columns.averageSpeedMps[index] = figures.averageSpeedMps;
      columns.speed85thMps[index] = figures.speed85thMps;
      columns.speedingPercent[index] = figures.speedingPercent;
    }
  });
  return { starts: bins.map((bin) => bin.start), directions };
}
