import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VehicleColumnsBuilder, type ScanColumns } from '@roadcount/analytics';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../infra/blob/blobStore.ts';
import { createArrowColumnsWriter, createScanFileStream } from './columnStreams.ts';
import { storedColumnBatches } from './readers.ts';

const vehicle = (index: number) => ({
  timeMs: Date.UTC(2025, 0, 1) + index * 1000,
  lane: 1,
  direction: 1,
  classIndex: 2,
  speedMps: 10 + index / 100,
  lengthM: 4.5,
  headwayS: 1 + index / 100,
  gapS: 0.5,
  axles: 2,
  wheelbaseM: 2.7,
  rho: 100,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('column streams', () => {
  it('store a file written batch by batch, read back from the open file a batch at a time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roadcount-column-streams-'));
    dirs.push(dir);
    const blobs = createLocalBlobStore(dir);
    const writer = createArrowColumnsWriter();
    const stored = blobs.putStream('columns.arrow', writer.stream, Number.MAX_SAFE_INTEGER);
    const builder = new VehicleColumnsBuilder(8, (batch) => writer.write(batch));
    for (let index = 0; index < 20; index += 1) builder.push(vehicle(index));
    for (const batch of builder.batches()) writer.write(batch);
    writer.finish();
    await stored;
    const batches = [];
    for await (const batch of storedColumnBatches(blobs, 'columns.arrow')) batches.push(batch);
    // 20 vehicles in batches of 8: 8, 8 and 4; the last one 19 s after the first, at 10.19 m/s.
    expect(batches.map((batch) => batch.timeMs.length)).toEqual([8, 8, 4]);
    expect(batches[2]?.timeMs[3]).toBe(Date.UTC(2025, 0, 1) + 19_000);
    expect(batches[2]?.speedMps[3]).toBeCloseTo(10.19, 5);
  });

  it('fail the scan file stream when a later batch cannot be coded as the first was', async () => {
    const builder = new VehicleColumnsBuilder(8);
    for (let index = 0; index < 16; index += 1) builder.push(vehicle(index));
    const [first, second] = builder.batches() as ScanColumns[];
    if (!first || !second) throw new Error('two batches of 8 expected');
    // Headways to the hundredth in the first batch; in the second 2.000 s, 2.001 s ... which
    // share a code at hundredths, so the first batch's scale cannot code them.
    const finer = { ...second, headwayS: second.headwayS.map((_, row) => 2 + row / 1000) };
    const stream = createScanFileStream('run-1');
    const failed = stream.stream.toArray();
    stream.add(first);
    stream.add(finer);
    expect(stream.finish()).toBe(false);
    await expect(failed).rejects.toThrow('not codable');
  });
});
