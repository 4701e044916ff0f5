import { describe, expect, it } from 'vitest';
import { designHour, paceOf, paceOfHistogram, peakHourFactor } from './designFigures.ts';

const at = (time: string) => Date.parse(`2025-06-02T${time}:00Z`);

describe('K and D factors', () => {
  it('take the 30th highest hour over AADT and its peak direction’s share', () => {
    // 40 hours carrying 1, 2, …, 40 vehicles: the 30th highest is 40 − 29 = 11.
    // That hour splits 7 one way and 4 the other: D = 7 / 11. With AADT 100, K = 11 / 100.
    const hours = Array.from({ length: 40 }, (_unused, index) => {
      const total = index + 1;
      return { total, byDirection: total === 11 ? [4, 7] : [total, 0] };
    });
    const figures = designHour(hours, 100);
    expect(figures?.volume).toBe(11);
    expect(figures?.kFactor).toBeCloseTo(0.11, 12);
    expect(figures?.dFactor).toBeCloseTo(7 / 11, 12);
  });

  it('need 30 hours and an AADT', () => {
    const hours = Array.from({ length: 29 }, () => ({ total: 5, byDirection: [3, 2] }));
    expect(designHour(hours, 100)).toBeNull();
    expect(designHour([...hours, ...hours], null)).toBeNull();
  });
});

describe('peak hour factor', () => {
  const quarters = [
    { localStartMs: at('07:00'), vehicles: 50 },
    { localStartMs: at('07:15'), vehicles: 80 },
    { localStartMs: at('07:30'), vehicles: 120 },
    { localStartMs: at('07:45'), vehicles: 90 },
    { localStartMs: at('08:00'), vehicles: 60 },
    { localStartMs: at('08:15'), vehicles: 30 },
  ];
  it('is the busiest hour over four times its busiest quarter', () => {
    // Hours from 07:00 = 340, from 07:15 = 80 + 120 + 90 + 60 = 350, from 07:30 = 300.
    // Peak hour 07:15–08:15, 350 vehicles; busiest quarter 120; PHF = 350 / (4 × 120) = 0.729…
    expect(peakHourFactor(quarters, 900_000)).toEqual({
      start: '2025-06-02T07:15:00',
      peakHourVolume: 350,
      peakQuarterVolume: 120,
      factor: 350 / 480,
    });
  });

  it('sums finer counts into quarters, and needs counts of 15 minutes or less', () => {
    // Each quarter split into three 5-minute counts: a half, a quarter and a quarter of it.
    const fiveMinutes = quarters.flatMap(({ localStartMs, vehicles }) =>
      [0.5, 0.25, 0.25].map((part, step) => ({
        localStartMs: localStartMs + step * 300_000,
        vehicles: vehicles * part,
      })),
    );
    expect(peakHourFactor(fiveMinutes, 300_000)?.factor).toBeCloseTo(350 / 480, 12);
    expect(peakHourFactor(quarters, 3_600_000)).toBeNull();
  });
});

describe('pace', () => {
  it('is the 10 km/h band holding the most vehicles, with its share', () => {
    // km/h: 32 ×1, 45 ×3, 48 ×2, 53 ×4, 56 ×1, 61 ×2, 70 ×1 (14 vehicles).
    // Bands: 45–55 holds 3 + 2 + 4 = 9; 48–58 holds 7; 53–63 holds 7: pace 45–55 km/h, 9/14.
    const kmh = [
      [32, 1],
      [45, 3],
      [48, 2],
      [53, 4],
      [56, 1],
      [61, 2],
      [70, 1],
    ].map(([speed, vehicles]) => ({ speedMps: speed! / 3.6, vehicles: vehicles! }));
    const pace = paceOf(kmh, 'metric');
    expect(pace?.fromMps).toBeCloseTo(45 / 3.6, 9);
    expect(pace?.toMps).toBeCloseTo(55 / 3.6, 9);
    expect(pace?.vehicles).toBe(9);
    expect(pace?.sharePercent).toBeCloseTo((9 / 14) * 100, 9);
  });

  it('is a 10 mph band for imperial units', () => {
    // mph: 25 ×2, 29 ×3, 34 ×4, 38 ×1. 25–35 holds 9 of 10; 29–39 holds 8.
    const mph = [
      [25, 2],
      [29, 3],
      [34, 4],
      [38, 1],
    ].map(([speed, vehicles]) => ({ speedMps: speed! * 0.44704, vehicles: vehicles! }));
    const pace = paceOf(mph, 'imperial');
    expect(pace?.fromMps).toBeCloseTo(25 * 0.44704, 9);
    expect(pace?.sharePercent).toBeCloseTo(90, 9);
    expect(paceOf([], 'imperial')).toBeNull();
  });
});

describe('the pace of a 1 km/h histogram', () => {
  it('is the 10 km/h band holding the most vehicles, worked by hand', () => {
    // 10 vehicles in each of 40 to 49 km/h, 5 at 50 km/h and 3 at 30 km/h: 40–50 km/h holds
    // 100 of 108.
    const histogram = new Float64Array(200);
    for (let kmh = 40; kmh < 50; kmh += 1) histogram[kmh] = 10;
    histogram[50] = 5;
    histogram[30] = 3;
    const pace = paceOfHistogram(histogram, 1 / 3.6, 'metric');
    expect(pace?.fromMps).toBeCloseTo(40 / 3.6, 9);
    expect(pace?.vehicles).toBe(100);
    expect(pace?.sharePercent).toBeCloseTo((100 / 108) * 100, 9);
    expect(paceOfHistogram(new Float64Array(200), 1 / 3.6, 'metric')).toBeNull();
  });

  it('is what paceOf finds for the same vehicles as (speed, vehicles) pairs, in both units', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round += 1) {
      const histogram = Float64Array.from({ length: 160 }, () =>
        random() < 0.6 ? Math.floor(random() * 500) : 0,
      );
      const pairs = Array.from(histogram, (vehicles, bin) => ({ speedMps: bin / 3.6, vehicles }));
      for (const units of ['metric', 'imperial'] as const)
        expect(paceOfHistogram(histogram, 1 / 3.6, units)).toEqual(paceOf(pairs, units));
    }
  });
});
