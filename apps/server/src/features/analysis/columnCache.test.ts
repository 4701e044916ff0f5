import { describe, expect, it } from 'vitest';
import { VehicleColumnsBuilder, prepareColumns } from '@roadcount/analytics';
import { createColumnCache } from './columnCache.ts';

function batchesOf(vehicles: number) {
  const builder = new VehicleColumnsBuilder();
  for (let index = 0; index < vehicles; index += 1) {
    builder.push({
      timeMs: index,
      lane: 1,
      direction: 1,
      classIndex: 1,
      speedMps: 10,
      lengthM: 4,
      headwayS: 2,
      gapS: 1,
      axles: 2,
      wheelbaseM: 2,
      rho: 1,
    });
  }
  return prepareColumns(builder.batches());
}

describe('column cache', () => {
  it('reuses a site’s columns for the same files, reloads when they change, and evicts by bytes', async () => {
    // The columns, and 16-bit codes of speed, headway and gap.
    const perVehicle = 8 + 2 + 1 + 2 + 4 + 4 + 4 + 4 + 2 + 4 + 4 + 3 * 2;
    const cache = createColumnCache(perVehicle * 150);
    let loads = 0;
    const load = (vehicles: number) => () => {
      loads += 1;
      return Promise.resolve(batchesOf(vehicles));
    };
    await cache.get('a', 'file-1', load(100));
    await cache.get('a', 'file-1', load(100));
    expect(loads).toBe(1);
    await cache.get('a', 'file-1,file-2', load(100));
    expect(loads).toBe(2);
    await cache.get('b', 'file-3', load(100));
    expect(cache.stats()).toEqual({ sites: 1, bytes: perVehicle * 100 });
    await cache.get('a', 'file-1,file-2', load(100));
    expect(loads).toBe(4);
  });
});
