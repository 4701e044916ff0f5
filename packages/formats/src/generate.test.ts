import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  generateTraffic,
  jamarText,
  metroCountText,
  roadcountCsvText,
  type TrafficProfile,
} from './generate.ts';
import { readCounterFile } from './readCounterFile.ts';

const profile: TrafficProfile = {
  seed: 7,
  startDay: '2025-03-03',
  days: 2,
  vehiclesPerDay: 500,
  directions: [1, 5],
  meanSpeedKmh: 48,
};

async function countVehicles(text: Iterable<string>) {
  let vehicles = 0;
  const summary = await readCounterFile(Readable.from(text), {
    fileName: 'generated',
    resolveSite: () => Promise.resolve({ timeZone: 'UTC', laneDirections: { 1: 1, 2: 5 } }),
    sink: { vehicle: () => (vehicles += 1), interval: () => undefined },
  });
  return { summary, vehicles };
}

describe('generated counter files', () => {
  it('are the same for the same seed and read back with every vehicle in each format', async () => {
    const first = [...generateTraffic(profile)];
    expect([...generateTraffic(profile)]).toEqual(first);
    expect(first.length).toBeGreaterThan(800);
    const site = { name: 'Generated Road', latitude: 51.5, longitude: -0.12 };
    // Each format writes time to its own precision: ms, tenths of a second, whole seconds.
    const cases = [
      { text: roadcountCsvText(first, site), precisionMs: 1 },
      { text: metroCountText(first, site, 1), precisionMs: 100 },
      { text: jamarText(first, site), precisionMs: 1000 },
    ];
    const firstMs = first[0]?.localMs ?? 0;
    for (const { text, precisionMs } of cases) {
      const { summary, vehicles } = await countVehicles(text);
      expect(vehicles).toBe(first.length);
      expect(summary.firstMs).toBe(Math.floor(firstMs / precisionMs) * precisionMs);
    }
  });
});
