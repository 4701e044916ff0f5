import { describe, expect, it } from 'vitest';
import {
  dayKindOf,
  dayNumberOf,
  isBankHoliday,
  isSchoolHoliday,
  type DayNumber,
} from './demoCalendar.ts';
import { ARX_MIX, cyclingWeather, demoBikeCounts, demoVehicles, FHWA_MIX } from './demoTraffic.ts';

const day = (iso: string) => dayNumberOf(iso);
const HOUR_MS = 3_600_000;

function road(firstDay: DayNumber, days: number) {
  return {
    seed: 7,
    firstDay,
    days,
    vehiclesPerDay: 4000,
    directions: [1, 5] as [1, 5],
    laneOneShare: 0.5,
    freeSpeedKmh: 70,
    congestion: 0.6,
    mix: ARX_MIX,
  };
}

/** Vehicles per local day and per (day, hour), and speeds by hour and class. */
function tally(vehicles: Iterable<{ localMs: number; speedKmh: number; classIndex: number }>) {
  const byDay = new Map<number, number>();
  const byHour = new Map<number, number>();
  const speeds = new Map<string, number[]>();
  for (const vehicle of vehicles) {
    const dayNumber = Math.floor(vehicle.localMs / 86_400_000);
    const hour = Math.floor(vehicle.localMs / HOUR_MS) % 24;
    byDay.set(dayNumber, (byDay.get(dayNumber) ?? 0) + 1);
    const hourKey = dayNumber * 24 + hour;
    byHour.set(hourKey, (byHour.get(hourKey) ?? 0) + 1);
    const key = `${hour}|${vehicle.classIndex}`;
    speeds.set(key, [...(speeds.get(key) ?? []), vehicle.speedKmh]);
  }
  return { byDay, byHour, speeds };
}
const mean = (values: number[] = []) => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('the demo calendar', () => {
  it('knows England’s bank holidays and school holidays', () => {
    // Easter Sunday 2026 is 5 April: Good Friday 3 April, Easter Monday 6 April.
    expect(isBankHoliday(day('2026-04-03'))).toBe(true);
    expect(isBankHoliday(day('2026-04-06'))).toBe(true);
    // Early May and spring bank holidays: the first and last Mondays of May 2026.
    expect(isBankHoliday(day('2026-05-04'))).toBe(true);
    expect(isBankHoliday(day('2026-05-25'))).toBe(true);
    expect(isBankHoliday(day('2026-05-26'))).toBe(false);
    // A bank holiday runs like a Sunday.
    expect(dayKindOf(day('2026-08-31'))).toBe('sunday');
    expect(dayKindOf(day('2026-11-25'))).toBe('workday');
    expect(isSchoolHoliday(day('2026-08-12'))).toBe(true);
    expect(isSchoolHoliday(day('2026-11-25'))).toBe(false);
  });
});

describe('demo traffic', () => {
  it('is the same every time for the same days', () => {
    const first = [...demoVehicles(road(day('2026-03-02'), 1))];
    const again = [...demoVehicles(road(day('2026-03-02'), 1))];
    expect(again).toEqual(first);
    // A day drawn within a longer range is the same day.
    const longer = [...demoVehicles(road(day('2026-03-01'), 2))].filter(
      (vehicle) => vehicle.localMs >= day('2026-03-02') * 86_400_000,
    );
    expect(longer.map((vehicle) => vehicle.classIndex)).toEqual(
      first.map((vehicle) => vehicle.classIndex),
    );
  });

  it('peaks at 08:00 and 17:00 on working days and around midday at weekends', () => {
    // Monday 2 to Sunday 8 March 2026, in term time.
    const { byDay, byHour } = tally(demoVehicles(road(day('2026-03-02'), 7)));
    const monday = day('2026-03-02');
    const saturday = day('2026-03-07');
    const hour = (dayNumber: number, at: number) => byHour.get(dayNumber * 24 + at) ?? 0;
    expect(hour(monday, 8)).toBeGreaterThan(hour(monday, 12));
    expect(hour(monday, 17)).toBeGreaterThan(hour(monday, 12));
    expect(hour(monday, 3)).toBeLessThan(hour(monday, 8) / 10);
    expect(hour(saturday, 12)).toBeGreaterThan(hour(saturday, 8));
    expect(byDay.get(day('2026-03-08'))).toBeLessThan(byDay.get(monday) ?? 0);
  });

  it('has more traffic in summer than winter, and a gentler school run in the holidays', () => {
    const june = tally(demoVehicles(road(day('2026-06-08'), 5))).byDay;
    const january = tally(demoVehicles(road(day('2026-01-12'), 5))).byDay;
    const total = (days: Map<number, number>) => [...days.values()].reduce((a, b) => a + b, 0);
    expect(total(june)).toBeGreaterThan(total(january) * 1.05);
    // Wednesday 8 July (term) against Wednesday 12 August (summer holidays), 08:00.
    const term = tally(demoVehicles(road(day('2026-07-08'), 1))).byHour;
    const holiday = tally(demoVehicles(road(day('2026-08-12'), 1))).byHour;
    expect(holiday.get(day('2026-08-12') * 24 + 8) ?? 0).toBeLessThan(
      (term.get(day('2026-07-08') * 24 + 8) ?? 0) * 0.9,
    );
  });

  it('slows in the peaks, and heavy vehicles travel slower than cars', () => {
    const { speeds } = tally(demoVehicles(road(day('2026-03-02'), 5)));
    expect(mean(speeds.get('8|1'))).toBeLessThan(mean(speeds.get('2|1')) - 8);
    expect(mean(speeds.get('11|9'))).toBeLessThan(mean(speeds.get('11|1')) - 5);
  });

  it('has a silent day with no vehicles and closed hours with none', () => {
    const first = day('2026-03-02');
    const { byDay, byHour } = tally(
      demoVehicles({
        ...road(first, 3),
        silentDays: [first + 1],
        closures: [{ day: first + 2, fromHour: 9, toHour: 16 }],
      }),
    );
    expect(byDay.has(first + 1)).toBe(false);
    for (let hour = 9; hour < 16; hour += 1)
      expect(byHour.has((first + 2) * 24 + hour)).toBe(false);
    expect(byHour.get((first + 2) * 24 + 17)).toBeGreaterThan(0);
  });

  it('records FHWA classes with a few bicycles and unclassified vehicles from a Jamar counter', () => {
    const classes = new Set(
      [...demoVehicles({ ...road(day('2026-03-02'), 2), mix: FHWA_MIX })].map(
        (vehicle) => vehicle.classIndex,
      ),
    );
    expect(classes.has(2) && classes.has(3) && classes.has(14) && classes.has(15)).toBe(true);
    expect(classes.has(12)).toBe(false);
  });
});

describe('demo bicycle counts', () => {
  it('fall on wet days and in winter', () => {
    const path = { seed: 14, bicyclesPerDay: 700 };
    const perDay = (firstDay: number, days: number) => {
      const counts = new Map<number, number>();
      for (const interval of demoBikeCounts({ ...path, firstDay, days })) {
        const dayNumber = Math.floor(interval.localMs / 86_400_000);
        counts.set(dayNumber, (counts.get(dayNumber) ?? 0) + interval.countIn + interval.countOut);
      }
      return counts;
    };
    const june = perDay(day('2026-06-01'), 28);
    const january = perDay(day('2026-01-05'), 28);
    const sum = (counts: Map<number, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
    expect(sum(june)).toBeGreaterThan(sum(january) * 1.4);
    const workdays = [...june].filter(([dayNumber]) => dayKindOf(dayNumber) === 'workday');
    const wet = workdays.filter(([dayNumber]) => cyclingWeather(14, dayNumber).wet);
    const dry = workdays.filter(([dayNumber]) => !cyclingWeather(14, dayNumber).wet);
    expect(wet.length).toBeGreaterThan(0);
    expect(mean(wet.map(([, count]) => count))).toBeLessThan(
      mean(dry.map(([, count]) => count)) * 0.8,
    );
  });
});
