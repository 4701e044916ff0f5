import { describe, expect, it } from 'vitest';
import { explainDays, figureTerm } from './figureExplanation.ts';

// Monday 6 to Friday 10 January 2025; 8 January had no vehicle.
const volumes = [
  { day: '2025-01-06', volume: 10 },
  { day: '2025-01-07', volume: 20 },
  { day: '2025-01-08', volume: 0 },
  { day: '2025-01-09', volume: 30 },
  { day: '2025-01-10', volume: 4 },
];
const inner = (day: string) => day > '2025-01-06' && day < '2025-01-10';

describe('explainDays', () => {
  it('leaves the partial ends out of the whole-day figures and keeps a quiet day', () => {
    const days = explainDays('wholeDays', volumes, inner, false);
    expect(days.days_used).toBe(3);
    expect(days.days.map((day) => day.reason)).toEqual(['partial', null, null, null, 'partial']);
  });

  it('takes a whole day without a vehicle for missing data in the AASHTO AADT', () => {
    const days = explainDays('wholeRecord', volumes, inner, true);
    // 7 and 9 January: the 8th is a silent counter, the ends partial.
    expect(days.days_used).toBe(2);
    expect(days.days[2]).toEqual({
      day: '2025-01-08',
      volume: 0,
      used: false,
      reason: 'noVehicles',
    });
  });

  it('counts no whole weekday for AWEDT and every day for a figure of every vehicle', () => {
    expect(explainDays('weekendDays', volumes, inner, false).days_used).toBe(0);
    expect(explainDays('everyVehicle', volumes, inner, false).days_used).toBe(5);
  });
});

describe('figureTerm', () => {
  it('names the formula an AADT followed, by its method', () => {
    expect(figureTerm('aadt', 'aashto')).toBe('aadt');
    expect(figureTerm('aadt', 'factored')).toBe('adjustedAadt');
    expect(figureTerm('aadt', 'unadjusted')).toBe('adt');
    expect(figureTerm('pmPeak')).toBe('peakHour');
  });
});
