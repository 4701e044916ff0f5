import { describe, expect, it } from 'vitest';
import { defaultFilter, type LocalClock } from './filters.ts';
import {
  preparedFromScanFiles,
  scanFileChunks,
  ScanFileCoding,
  ScanFileWriter,
  type RandomAccessFile,
} from './scanFile.ts';
import { siteDetailBySorting } from './siteDetail.ts';
import { scanSiteDetail } from './siteDetailScan.ts';
import {
  sharedMemory,
  VehicleColumnsBuilder,
  type ScanColumns,
  type VehicleColumns,
} from './vehicleColumns.ts';

const utc: LocalClock = { offsetAt: () => 0 };
const kmh = (value: number) => value / 3.6;

/** A counter's file: several record batches, two directions, some long headways and no gaps. */
function counterFile(startMs: number, vehicles: number, seed: number): VehicleColumns[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const builder = new VehicleColumnsBuilder(4_000);
  let time = startMs;
  for (let index = 0; index < vehicles; index += 1) {
    const headway = random() < 0.01 ? 700 + Math.round(random() * 3000) : 0.5 + random() * 40;
    time += headway * 1000;
    builder.push({
      timeMs: Math.round(time),
      lane: random() < 0.5 ? 1 : 2,
      direction: random() < 0.6 ? 1 : 5,
      classIndex: 1 + Math.floor(random() * 6),
      speedMps: kmh(Math.round(100 + random() * 1000) / 10),
      lengthM: 4.5,
      headwayS: Math.round(headway * 100) / 100,
      gapS: random() < 0.02 ? Number.NaN : Math.round(Math.max(0, headway - 0.3) * 100) / 100,
      axles: 2,
      wheelbaseM: 2.7,
      rho: 0.9,
    });
  }
  return builder.batches();
}

async function* each(batches: ScanColumns[]) {
  for (const batch of batches) yield await Promise.resolve(batch);
}

/** The scan file of `batches`, whole in memory. */
async function scanFileOf(
  batches: ScanColumns[],
  version: string,
  coding?: ScanFileCoding,
): Promise<Uint8Array | null> {
  const chunks = await scanFileChunks(() => each(batches), version, coding);
  if (!chunks) return null;
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk.slice());
  return Buffer.concat(parts);
}

const inMemory = (bytes: Uint8Array): RandomAccessFile => ({
  size: bytes.length,
  read: (into, position) => {
    into.set(bytes.subarray(position, position + into.length));
    return Promise.resolve();
  },
});

const settings = {
  binMinutes: 60,
  speedLimits: [{ effectiveFromMs: 0, limitMps: kmh(50) }],
  heavyClasses: new Set([4, 5]),
  units: 'metric' as const,
};

describe('scan files', () => {
  const first = counterFile(Date.UTC(2025, 5, 2), 20_000, 7);
  const second = counterFile(Date.UTC(2025, 5, 20), 9_000, 11);

  it('load a site whose figures are those of its vehicles, a merged file’s directions mapped', async () => {
    const files = [await scanFileOf(first, 'run-1'), await scanFileOf(second, 'run-2')];
    const prepared = await preparedFromScanFiles(
      [
        { file: inMemory(files[0] as Uint8Array), version: 'run-1' },
        { file: inMemory(files[1] as Uint8Array), version: 'run-2', directionMap: { 1: 3 } },
      ],
      sharedMemory,
    );
    expect(prepared).not.toBeNull();
    expect(prepared?.batches[0]?.timeMs.buffer).toBeInstanceOf(SharedArrayBuffer);
    // The second file's direction 1 counts as direction 3 on this site.
    const mapped = second.map((batch) => ({
      ...batch,
      direction: batch.direction.map((direction) => (direction === 1 ? 3 : direction)),
    }));
    const filter = {
      ...defaultFilter(0, Date.UTC(2030, 0, 1), [1, 3, 5]),
      classes: [1, 2, 3, 4, 5],
      minHeadwayS: 2,
    };
    const loaded = scanSiteDetail(prepared!, filter, utc, settings);
    const expected = siteDetailBySorting([...first, ...mapped], filter, utc, settings);
    expect(loaded?.summary.vehicles).toBeGreaterThan(10_000);
    expect(new Set(loaded?.availability.map((day) => day.direction))).toEqual(new Set([1, 3, 5]));
    expect(loaded).toEqual(expected);
  });

  it('are not used when written by another run of the file, damaged, or coded apart', async () => {
    const file = (await scanFileOf(first, 'run-1')) as Uint8Array;
    expect(
      await preparedFromScanFiles([{ file: inMemory(file), version: 'run-2' }], sharedMemory),
    ).toBeNull();
    expect(
      await preparedFromScanFiles(
        [{ file: inMemory(file.subarray(0, file.length - 1)), version: 'run-1' }],
        sharedMemory,
      ),
    ).toBeNull();
    // A footer that is no longer JSON (a byte of it overwritten).
    const garbled = file.slice();
    garbled[garbled.length - 13] = 0x7b;
    expect(
      await preparedFromScanFiles([{ file: inMemory(garbled), version: 'run-1' }], sharedMemory),
    ).toBeNull();
    // Two files, each coded exactly on its own, with different speeds at one code.
    const at = (speedMps: number) => {
      const builder = new VehicleColumnsBuilder();
      builder.push({
        timeMs: Date.UTC(2025, 5, 2),
        lane: 1,
        direction: 1,
        classIndex: 1,
        speedMps,
        lengthM: 4.5,
        headwayS: 3,
        gapS: 2.5,
        axles: 2,
        wheelbaseM: 2.7,
        rho: 0.9,
      });
      return scanFileOf(builder.batches(), 'run-1') as Promise<Uint8Array>;
    };
    const apart = [await at(10.001), await at(10.004)];
    expect(
      await preparedFromScanFiles(
        apart.map((bytes) => ({ file: inMemory(bytes), version: 'run-1' })),
        sharedMemory,
      ),
    ).toBeNull();
  });

  it('are the same whether the coding was learnt as the batches were made or from the file', async () => {
    const coding = new ScanFileCoding();
    for (const batch of second) coding.add(batch);
    const learnt = (await scanFileOf(second, 'run-2', coding)) as Uint8Array;
    const read = (await scanFileOf(second, 'run-2')) as Uint8Array;
    expect(learnt.length).toBe(read.length);
    expect(Buffer.compare(learnt, read)).toBe(0);
  });

  it('are the same written as the batches are made as written from the stored columns', async () => {
    const writer = new ScanFileWriter('run-1');
    const chunks: Uint8Array[] = [];
    for (const batch of first) chunks.push(...(writer.add(batch) ?? []));
    chunks.push(...writer.finish());
    const stored = (await scanFileOf(first, 'run-1')) as Uint8Array;
    expect(Buffer.compare(Buffer.concat(chunks), stored)).toBe(0);
  });

  it('are written from the stored columns when a later batch needs a finer scale', async () => {
    // Headways to the hundredth in the first batch, to the thousandth after it.
    const finer = first.map((batch, index) =>
      index === 0
        ? batch
        : { ...batch, headwayS: batch.headwayS.map((headway, row) => headway + (row % 7) / 1000) },
    );
    const writer = new ScanFileWriter('run-1');
    expect(writer.add(finer[0] as ScanColumns)).not.toBeNull();
    expect(writer.add(finer[1] as ScanColumns)).toBeNull();
    expect(writer.uncodable).toBe(false);
    // From the stored columns, the headways are coded at the finer scale.
    const stored = (await scanFileOf(finer, 'run-1')) as Uint8Array;
    const prepared = await preparedFromScanFiles(
      [{ file: inMemory(stored), version: 'run-1' }],
      sharedMemory,
    );
    expect(prepared?.headway?.scale).toBe(1000);
    // A first batch coded only at the finer scale is written as it is made.
    const fine = new ScanFileWriter('run-1');
    for (const batch of finer.slice(1)) expect(fine.add(batch)).not.toBeNull();
  });

  it('are not written for a file whose measures cannot be coded exactly', async () => {
    const negative = first.map((batch) => ({ ...batch, headwayS: batch.headwayS.map(() => -1) }));
    expect(await scanFileOf(negative, 'run-1')).toBeNull();
    const writer = new ScanFileWriter('run-1');
    expect(writer.add(negative[0] as ScanColumns)).toBeNull();
    expect(writer.uncodable).toBe(true);
  });
});
