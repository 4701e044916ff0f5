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

  it('knows a valid zone from an invalid one', () => {
    expect(LocalTimeConverter.isValidTimeZone('America/New_York')).toBe(true);
    expect(LocalTimeConverter.isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
