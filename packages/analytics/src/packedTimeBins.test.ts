import { describe, expect, it } from 'vitest';
import { packTimeBins, timeBinColumns, unpackTimeBins } from './packedTimeBins.ts';
import type { TimeBin } from './siteDetailShape.ts';

describe('packed time bins', () => {
  it('give back the very bins, nulls and directions included', () => {
    const bins: TimeBin[] = [
      {
        start: '2025-06-02T08:00:00',
        directions: {
          1: { vehicles: 2, averageSpeedMps: 13.9, speed85thMps: 15.2, speedingPercent: 50 },
          5: { vehicles: 1, averageSpeedMps: 17.2, speed85thMps: 17.2, speedingPercent: null },
        },
      },
      { start: '2025-06-02T09:00:00', directions: {} },
      {
        start: '2025-06-02T10:00:00',
        directions: {
          7: { vehicles: 3, averageSpeedMps: null, speed85thMps: null, speedingPercent: 0 },
        },
      },
    ];
    const packed = packTimeBins(bins);
    expect(packed.vehicles).toHaveLength(3);
    expect(unpackTimeBins(structuredClone(packed))).toEqual(bins);
    expect(JSON.stringify(unpackTimeBins(packed))).toBe(JSON.stringify(bins));
  });

  it('as columns, give each direction one figure per bin, zero and nulls where it had none', () => {
    const bins: TimeBin[] = [
      {
        start: '2025-06-02T08:00:00',
        directions: {
          1: { vehicles: 2, averageSpeedMps: 13.9, speed85thMps: 15.2, speedingPercent: 50 },
        },
      },
      {
        start: '2025-06-02T09:00:00',
        directions: {
          1: { vehicles: 1, averageSpeedMps: 12.5, speed85thMps: 12.5, speedingPercent: null },
          5: { vehicles: 4, averageSpeedMps: 17.2, speed85thMps: 18.1, speedingPercent: 25 },
        },
      },
    ];
    expect(timeBinColumns(bins)).toEqual({
      starts: ['2025-06-02T08:00:00', '2025-06-02T09:00:00'],
      directions: {
        1: {
          vehicles: [2, 1],
          averageSpeedMps: [13.9, 12.5],
          speed85thMps: [15.2, 12.5],
          speedingPercent: [50, null],
        },
        5: {
          vehicles: [0, 4],
          averageSpeedMps: [null, 17.2],
          speed85thMps: [null, 18.1],
          speedingPercent: [null, 25],
        },
      },
    });
    expect(timeBinColumns([])).toEqual({ starts: [], directions: {} });
  });
});
