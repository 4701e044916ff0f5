import { describe, expect, it } from 'vitest';
import { correlateArray, type StudEvent } from './correlate.ts';

const event = (
  deviceId: string,
  timeMs: number,
  speedKmh: number | null,
  lengthM = 4,
): StudEvent => ({
  deviceId,
  timeMs,
  speedMps: speedKmh === null ? null : speedKmh / 3.6,
  lengthM,
  classIndex: 1,
  axles: 2,
});

describe('correlating an array’s events into vehicles', () => {
  it('pairs each vehicle’s events by when its speed says it reaches the next stud', () => {
    // Studs a and b, 2 m apart. A crosses a at 0 ms at 36 km/h (10 m/s): b expects it at
    // 0 + 2 m / 10 m/s = 200 ms. B crosses a at 100 ms at 72 km/h (20 m/s): b expects it at
    // 100 + 100 = 200 ms too. b hears one at 200 ms and one at 210 ms.
    const vehicles = correlateArray(['a', 'b'], 2, [
      event('a', 0, 36, 4.0),
      event('a', 100, 72, 12.0),
      event('b', 200, 36, 4.4),
      event('b', 210, 72, 12.2),
    ]);
    // b's 200 is A's (expected at 0 + 200, off by 0 ms; B expected it at 100 + 100 = 200 too,
    // but A's group is first); b's 210 then goes to B (expected 200, off by 10 ms).
    expect(vehicles.map((vehicle) => vehicle.timeMs)).toEqual([0, 100]);
    // A: (4.0 + 4.4) / 2 = 4.2 m; B: (12.0 + 12.2) / 2 = 12.1 m.
    expect(vehicles.map((vehicle) => Number(vehicle.lengthM.toFixed(6)))).toEqual([4.2, 12.1]);
  });

  it('makes a vehicle of an event no group expects, and of each event of a stud seen twice', () => {
    // 10 m/s: b expected at 200 ms; b's event at 900 ms is 700 ms late (over 250 ms): its own
    // vehicle. a twice in a row: two vehicles (a vehicle meets a stud once).
    const vehicles = correlateArray(['a', 'b'], 2, [
      event('a', 0, 36),
      event('b', 900, 36),
      event('a', 5000, 36),
      event('a', 5100, 36),
    ]);
    expect(vehicles.map((vehicle) => vehicle.timeMs)).toEqual([0, 900, 5000, 5100]);
  });

  it('without a speed, takes the next stud’s event within a second', () => {
    // 800 ms after: the same vehicle; 1,500 ms after: a new one.
    const vehicles = correlateArray(['a', 'b'], 2, [
      event('a', 0, null),
      event('b', 800, null),
      event('a', 10_000, null),
      event('b', 11_500, null),
    ]);
    expect(vehicles.map((vehicle) => vehicle.timeMs)).toEqual([0, 10_000, 11_500]);
    // No stud measured a speed: none is made up.
    expect(Number.isNaN(vehicles[0]?.speedMps)).toBe(true);
  });
});
