import { describe, expect, it } from 'vitest';
import { LocalTimeConverter } from './localTime.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('LocalTimeConverter', () => {
  it('converts summer and winter times in London', () => {
    const london = new LocalTimeConverter('Europe/London');
    expect(iso(london.toUtcMs(2025, 7, 1, 8, 30, 0))).toBe('2025-07-01T07:30:00.000Z');
    expect(iso(london.toUtcMs(2025, 1, 15, 8, 30, 0))).toBe('2025-01-15T08:30:00.000Z');
  });

  it('takes the earlier instant for the repeated hour when clocks go back', () => {
    const london = new LocalTimeConverter('Europe/London');
    // 26 Oct 2025: 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
    expect(iso(london.toUtcMs(2025, 10, 26, 1, 30, 0))).toBe('2025-10-26T00:30:00.000Z');
    expect(iso(london.toUtcMs(2025, 10, 26, 2, 30, 0))).toBe('2025-10-26T02:30:00.000Z');
  });

  it('reads a time in the skipped hour with the offset before the change', () => {
    const london = new LocalTimeConverter('Europe/London');
    // 30 Mar 2025: 01:00 to 02:00 GMT does not exist in local time.
    expect(iso(london.toUtcMs(2025, 3, 30, 1, 30, 0))).toBe('2025-03-30T01:30:00.000Z');
    expect(iso(london.toUtcMs(2025, 3, 30, 2, 30, 0))).toBe('2025-03-30T01:30:00.000Z');
    expect(iso(london.toUtcMs(2025, 3, 30, 3, 0, 0))).toBe('2025-03-30T02:00:00.000Z');
  });

  it('handles southern-hemisphere and half-hour zones', () => {
    expect(iso(new LocalTimeConverter('Australia/Sydney').toUtcMs(2025, 1, 10, 12, 0, 0))).toBe(
      '2025-01-10T01:00:00.000Z',
    );
    expect(
      iso(new LocalTimeConverter('Australia/Adelaide').toUtcMs(2025, 7, 10, 12, 0, 0, 250)),
    ).toBe('2025-07-10T02:30:00.250Z');
  });

  it('gives the same instants when it reuses the day and hour of the row before', () => {
    for (const zone of ['Europe/London', 'America/Chicago', 'Australia/Adelaide', 'UTC']) {
      const reused = new LocalTimeConverter(zone);
      // Every 7 min 13.25 s through the days around both 2025 changes in either hemisphere.
      for (const start of [Date.UTC(2025, 2, 28), Date.UTC(2025, 9, 24), Date.UTC(2025, 3, 4)]) {
        for (let wall = start; wall < start + 4 * 86_400_000; wall += 433_250) {
          const at = new Date(wall);
          const parts = [
            at.getUTCFullYear(),
            at.getUTCMonth() + 1,
            at.getUTCDate(),
            at.getUTCHours(),
            at.getUTCMinutes(),
            at.getUTCSeconds(),
            at.getUTCMilliseconds(),
          ] as const;
          expect(reused.toUtcMs(...parts)).toBe(new LocalTimeConverter(zone).toUtcMs(...parts));
        }
      }
    }
  });

  it('adds the time of day as Date.UTC does, fractions and two-digit years included', () => {
    const utc = new LocalTimeConverter('UTC');
    const cases = [
      [2025, 3, 30, 1, 59, 59, 999],
      [2025, 3, 30, 23, 0, 60, 0],
      [2025, 12, 31, 23, 59, 59, 123.4],
      [2025, 2, 29, 12, 0, 0, 0],
      [99, 1, 1, 0, 0, 0, 0],
    ] as const;
    for (const [year, month, day, hour, minute, second, ms] of cases) {
      expect(utc.toUtcMs(year, month, day, hour, minute, second, ms)).toBe(
        Date.UTC(year, month - 1, day, hour, minute, second, ms),
      );
    }
  });

  it('knows a valid zone from an invalid one', () => {
    expect(LocalTimeConverter.isValidTimeZone('America/New_York')).toBe(true);
    expect(LocalTimeConverter.isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('local date', () => {
  it('is the zone’s calendar date at the instant, across midnight and a clock change', () => {
    // 23:30 UTC on 28 March 2026 is 23:30 GMT in London (28th) but 00:30 CET in Berlin (29th);
    // 23:30 UTC on 29 March is 00:30 BST in London (30th), the clocks having gone forward.
    const london = new LocalTimeConverter('Europe/London');
    const berlin = new LocalTimeConverter('Europe/Berlin');
    expect(london.localDate(Date.UTC(2026, 2, 28, 23, 30))).toBe('2026-03-28');
    expect(berlin.localDate(Date.UTC(2026, 2, 28, 23, 30))).toBe('2026-03-29');
    expect(london.localDate(Date.UTC(2026, 2, 29, 23, 30))).toBe('2026-03-30');
  });
});
