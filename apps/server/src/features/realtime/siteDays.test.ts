import { describe, expect, it } from 'vitest';
import { quietCut } from './siteDays.ts';

/** A lane vehicle at `timeMs` that a later event could join until `endMs`. */
const vehicle = (timeMs: number, endMs: number) => ({
  timeMs,
  endMs,
  speedMps: 10,
  lengthM: 4,
  classIndex: 1,
  axles: 2,
  lane: 1,
  direction: 1,
});

describe('quietCut', () => {
  // Vehicles at 0 (within reach until 450), 1000 (a slow one, until 5000) and 2000 (until
  // 2300): the longest reach is 5000 - 1000 = 4000 ms.
  const lane = {
    fromMs: 0,
    toMs: 86_400_000,
    vehicles: [vehicle(0, 450), vehicle(1000, 5000), vehicle(2000, 2300)],
    maxReachMs: 4000,
  };

  it('goes back to the start of a vehicle that a new event could still join', () => {
    // New events from 3000: the vehicle of 1000 could take one until 5000, so it is correlated
    // again from 1000; the vehicle of 0 ended at 450, before 1000, and is kept.
    expect(quietCut(lane, 3000)).toBe(1000);
  });

  it('stays at the first new event when every earlier vehicle is out of reach', () => {
    // From 6000: 2300 and 5000 both end before it; 1000 + 4000 = 5000 < 6000 ends the search.
    expect(quietCut(lane, 6000)).toBe(6000);
    // From 2200, before the vehicle of 2000 ends (2300) and the one of 1000 (5000): back to 1000.
    expect(quietCut(lane, 2200)).toBe(1000);
  });

  it('takes every later vehicle again for a new event before them', () => {
    // From 500: the vehicle of 0 ended at 450 and is kept; those of 1000 and 2000 are after it.
    expect(quietCut(lane, 500)).toBe(500);
  });
});
