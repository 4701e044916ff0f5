import { LocalTimeConverter } from '@roadcount/formats';
import { describe, expect, it } from 'vitest';
import { offsetWriter } from './reportFigures.ts';

describe('offsetWriter', () => {
  it("gives each local bin start the site's UTC offset, also on the days the clocks change", () => {
    const london = offsetWriter(new LocalTimeConverter('Europe/London'));
    expect(london('2025-01-07T08:00:00')).toBe('2025-01-07T08:00:00+00:00');
    expect(london('2025-06-02T08:15')).toBe('2025-06-02T08:15:00+01:00');
    // 30 March 2025: clocks go forward at 01:00 GMT; midnight is GMT, 03:00 is BST.
    expect(london('2025-03-30T00:00:00')).toBe('2025-03-30T00:00:00+00:00');
    expect(london('2025-03-30T03:00:00')).toBe('2025-03-30T03:00:00+01:00');
    // 26 October 2025: back at 02:00 BST; 03:00 is GMT again.
    expect(london('2025-10-26T00:00:00')).toBe('2025-10-26T00:00:00+01:00');
    expect(london('2025-10-26T03:00:00')).toBe('2025-10-26T03:00:00+00:00');
    const kolkata = offsetWriter(new LocalTimeConverter('Asia/Kolkata'));
    expect(kolkata('2025-01-07T08:00:00')).toBe('2025-01-07T08:00:00+05:30');
    const newYork = offsetWriter(new LocalTimeConverter('America/New_York'));
    expect(newYork('2025-01-07T08:00:00')).toBe('2025-01-07T08:00:00-05:00');
  });
});
