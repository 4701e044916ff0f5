import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff.ts';

describe('websocket backoff', () => {
  it('starts at 500 ms and doubles per attempt, the upper half of each step being random', () => {
    const longest = [0, 1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, () => 1));
    expect(longest).toEqual([500, 1000, 2000, 4000, 8000]);
    const shortest = [0, 1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, () => 0));
    expect(shortest).toEqual([250, 500, 1000, 2000, 4000]);
    expect(backoffDelayMs(2, () => 0.5)).toBe(1500);
  });

  it('never waits more than 10 s, however many attempts failed', () => {
    expect(backoffDelayMs(5, () => 1)).toBe(10_000);
    expect(backoffDelayMs(5, () => 0)).toBe(5_000);
    expect(backoffDelayMs(1000, () => 1)).toBe(10_000);
  });
});
