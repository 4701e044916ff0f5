import { describe, expect, it } from 'vitest';
import { periodDays } from './periodDays.ts';

describe('periodDays', () => {
  it("shades the site's local days a period touches, what needs review first", () => {
    const periods = [
      // 22:00 to 02:00 UTC is 23:00 to 03:00 in Paris in January: 6 and 7 January.
      { start_time: '2025-01-06T22:00:00Z', end_time: '2025-01-07T02:00:00Z', state: 'excluded' },
      // Flagged on 7 January too: the day shows flagged.
      { start_time: '2025-01-07T10:00:00Z', end_time: '2025-01-07T12:00:00Z', state: 'flagged' },
      // Kept: good data, no shade.
      { start_time: '2025-01-09T10:00:00Z', end_time: '2025-01-09T12:00:00Z', state: 'kept' },
    ] as const;
    expect(periodDays(periods, 'Europe/Paris')).toEqual([
      { day: '2025-01-06', state: 'excluded' },
      { day: '2025-01-07', state: 'flagged' },
    ]);
  });
});
