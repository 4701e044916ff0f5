import { describe, expect, it } from 'vitest';
import {
  batchesToArrow,
  columnBatchesFromArrow,
  columnsByDirection,
  columnsFromArrow,
  columnsToArrow,
  createArrowColumnsEncoder,
  MISSING_INTEGER,
  SCAN_COLUMN_NAMES,
  sharedMemory,
  VehicleColumnsBuilder,
} from './vehicleColumns.ts';

const vehicle = (index: number) => ({
  timeMs: Date.UTC(2025, 0, 1) + index * 1000,
  lane: index % 2,
  direction: index % 2 === 0 ? 1 : 5,
  classIndex: 1 + (index % 12),
  speedMps: 10 + index / 100,
  lengthM: 4.5,
  headwayS: Number.NaN,
  gapS: 2,
  axles: Number.NaN,
  wheelbaseM: 2.7,
  rho: 0.95,
});

describe('vehicle columns', () => {
  it('grows past its first capacity and round-trips through Arrow', () => {
    const builder = new VehicleColumnsBuilder(4);
    for (let index = 0; index < 10; index += 1) builder.push(vehicle(index));
    const columns = columnsFromArrow(columnsToArrow(builder.build()));
    expect(columns.timeMs.length).toBe(10);
    expect(columns.timeMs[9]).toBe(Date.UTC(2025, 0, 1) + 9000);
    expect([...columns.direction.slice(0, 3)]).toEqual([1, 5, 1]);
    expect(columns.speedMps[7]).toBeCloseTo(10.07, 5);
    expect(columns.headwayS[0]).toBeNaN();
    expect(columns.axles[0]).toBe(MISSING_INTEGER);
    expect(columns.classIndex[11 % 10]).toBe(2);
  });
});

describe('batched vehicle columns', () => {
  it('splits into fixed batches and joins them back', () => {
    const builder = new VehicleColumnsBuilder(8);
    for (let index = 0; index < 20; index += 1) builder.push(vehicle(index));
    expect(builder.batches().map((batch) => batch.timeMs.length)).toEqual([8, 8, 4]);
    const joined = builder.build();
    expect(joined.timeMs.length).toBe(20);
    expect(joined.timeMs[19]).toBe(Date.UTC(2025, 0, 1) + 19_000);
  });

  it('writes batches in memory as one Arrow file, read back batch by batch', async () => {
    const builder = new VehicleColumnsBuilder(8);
    for (let index = 0; index < 20; index += 1) builder.push(vehicle(index));
    const batches = [];
    for await (const batch of columnBatchesFromArrow(batchesToArrow(builder.batches())))
      batches.push(batch);
    // 20 vehicles in batches of 8: 8, 8 and 4, the last at 19 s past midnight.
    expect(batches.map((batch) => batch.timeMs.length)).toEqual([8, 8, 4]);
    expect(batches[2]?.timeMs[3]).toBe(Date.UTC(2025, 0, 1) + 19_000);
    expect(columnsFromArrow(batchesToArrow([])).timeMs.length).toBe(0);
  });

  it('hands full batches over as they fill, and encodes them batch by batch as one Arrow file', async () => {
    const encoder = createArrowColumnsEncoder();
    const chunks: Uint8Array[] = [];
    const read = (async () => {
      for await (const chunk of encoder.chunks) chunks.push(chunk);
    })();
    const handedOver: number[] = [];
    const builder = new VehicleColumnsBuilder(8, (batch) => {
      handedOver.push(batch.timeMs.length);
      encoder.write(batch);
    });
    for (let index = 0; index < 20; index += 1) builder.push(vehicle(index));
    expect(handedOver).toEqual([8, 8]);
    expect(builder.batches().map((batch) => batch.timeMs.length)).toEqual([4]);
    for (const batch of builder.batches()) encoder.write(batch);
    encoder.finish();
    await read;
    const bytes = new Uint8Array(Buffer.concat(chunks));
    const columns = columnsFromArrow(bytes);
    expect([...columns.timeMs]).toEqual(
      Array.from({ length: 20 }, (_, index) => Date.UTC(2025, 0, 1) + index * 1000),
    );
    expect(columns.speedMps[13]).toBeCloseTo(10.13, 5);
    // Read back a batch at a time: the same columns, in the batches they were written in.
    const batches = [];
    for await (const batch of columnBatchesFromArrow(bytes)) batches.push(batch);
    // And from a file read at positions (as the server reads an open file), a batch at a time.
    const fromFile = [];
    const reads: number[] = [];
    const file = {
      size: bytes.length,
      read: (into: Uint8Array, position: number) => {
        reads.push(into.length);
        into.set(bytes.subarray(position, position + into.length));
        return Promise.resolve();
      },
    };
    for await (const batch of columnBatchesFromArrow(file)) fromFile.push(batch);
    // Never the whole file at once: the footer, then each batch.
    expect(Math.max(...reads)).toBeLessThan(bytes.length);
    expect(fromFile).toEqual(batches);
    expect(batches.map((batch) => batch.timeMs.length)).toEqual([8, 8, 4]);
    for (const name of ['timeMs', 'direction', 'speedMps', 'classIndex', 'axles'] as const) {
      expect(batches.flatMap((batch) => [...batch[name]])).toEqual([...columns[name]]);
    }
  });
});

describe('columns by direction', () => {
  const builder = new VehicleColumnsBuilder();
  // Directions 5, 1 and 3 mixed: 1 on even rows, 5 on rows 1, 3, 7…, 3 on rows 5, 11, 17.
  for (let index = 0; index < 18; index += 1)
    builder.push({ ...vehicle(index), direction: index % 2 === 0 ? 1 : index % 6 === 5 ? 3 : 5 });
  const columns = builder.build();

  it('keeps each direction’s rows in their order, every scanned column alike, directions ascending', () => {
    const split = columnsByDirection(columns);
    expect(split.map((batch) => [...new Set(batch.direction)])).toEqual([[1], [3], [5]]);
    const rowsOf = (direction: number) =>
      [...columns.direction.keys()].filter((row) => columns.direction[row] === direction);
    [1, 3, 5].forEach((direction, index) => {
      const batch = split[index];
      const rows = rowsOf(direction);
      for (const name of SCAN_COLUMN_NAMES)
        expect([...(batch?.[name] ?? [])]).toEqual(rows.map((row) => columns[name][row]));
    });
    expect(split.reduce((sum, batch) => sum + batch.timeMs.length, 0)).toBe(18);
  });

  it('copies into shared memory when asked, and leaves one direction as it is otherwise', () => {
    for (const batch of columnsByDirection(columns, { memory: sharedMemory }))
      expect(batch.headwayS.buffer).toBeInstanceOf(SharedArrayBuffer);
    const [one] = columnsByDirection(columnsByDirection(columns)[0] as typeof columns);
    expect(one?.timeMs.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    const [sharedOne] = columnsByDirection(one as typeof columns, { memory: sharedMemory });
    expect(sharedOne?.timeMs.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...(sharedOne?.timeMs ?? [])]).toEqual([...(one?.timeMs ?? [])]);
  });
});
