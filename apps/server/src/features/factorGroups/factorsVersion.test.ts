import { siteAadt } from '@roadcount/analytics';
import { describe, expect, it } from 'vitest';
import { factorsVersion } from './factorGroups.service.ts';

const DAY = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

// A short count, Monday 6 to Friday 10 January 2025, 100 vehicles a day: whole days 7 to 9.
const days = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'].map((day) => ({
  day: DAY(day),
  vehicles: 100,
}));
const factors = (january: number) => ({
  sites: 2,
  monthly: [january, ...Array.from({ length: 11 }, () => 1)],
  dayOfWeek: Array.from({ length: 7 }, () => 1),
});
const aadtWith = (january: number) => {
  const groupFactors = factors(january);
  return siteAadt({
    continuous: false,
    days,
    group: { id: 'g', name: 'Rural', factors: groupFactors, version: factorsVersion(groupFactors) },
  });
};

describe("a factor group's factors version", () => {
  it('is the same for the same factors and changes with them, as the AADTs made say', () => {
    const before = aadtWith(0.9);
    const again = aadtWith(0.9);
    const after = aadtWith(0.95);
    // 100 a day × January's factor × 1: 90, then 95 once January's factor changed.
    expect(before.value).toBeCloseTo(90, 9);
    expect(after.value).toBeCloseTo(95, 9);
    expect(again.group?.version).toBe(before.group?.version);
    expect(after.group?.version).not.toBe(before.group?.version);
    expect(before.group?.version).toMatch(/^[0-9a-f]{12}$/);
  });
});
