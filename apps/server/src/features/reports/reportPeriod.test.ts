import { describe, expect, it } from 'vitest';
import { periodZone, reportPeriodText, roundedShare } from './reportPeriod.ts';

describe('a report period as read (issue 37)', () => {
  it('gives whole days with the last day included, in the reader’s language', () => {
    // The form's "1 to 27 November included" in London: ends at the midnight of the 28th.
    const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-11-28T00:00:00.000Z' };
    expect(reportPeriodText(period, 'Europe/London', 'en-GB')).toBe('1 Nov 2026 – 27 Nov 2026');
    expect(reportPeriodText(period, 'Europe/London', 'fr')).toBe('1 nov. 2026 – 27 nov. 2026');
  });

  it('reads the days in the site’s time zone across a clock change', () => {
    // Paris: 1 March 00:00 is 23:00 UTC the day before; 31 March 00:00 (summer time) 22:00 UTC.
    const period = { start: '2026-02-28T23:00:00.000Z', end: '2026-03-30T22:00:00.000Z' };
    expect(reportPeriodText(period, 'Europe/Paris', 'en-GB')).toBe('1 Mar 2026 – 30 Mar 2026');
  });

  it('gives the times when the ends are not local midnights', () => {
    // London midnights are 01:00 in Paris: not whole days there.
    const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-11-28T00:00:00.000Z' };
    expect(reportPeriodText(period, 'Europe/Paris', 'en-GB')).toBe(
      '1 Nov 2026, 01:00 – 28 Nov 2026, 01:00',
    );
  });

  it('states the period in UTC when the sites’ zones differ', () => {
    expect(periodZone(['Europe/Paris', 'Europe/Paris'])).toBe('Europe/Paris');
    expect(periodZone(['Europe/Paris', 'Europe/London'])).toBe('UTC');
  });
});

describe('a share as the site detail rounds it', () => {
  it('keeps one decimal', () => {
    expect(roundedShare(10.872927441752173)).toBe(10.9);
    expect(roundedShare(0.04)).toBe(0);
    expect(roundedShare(null)).toBeNull();
  });
});
