// The calendar the demo's traffic follows: English school holidays and bank holidays, and the
// kind of day (working day, Saturday, Sunday or holiday) that sets a day's profile.

export const DAY_MS = 86_400_000;

/** A local day as the days since 1970-01-01 (its digits read as UTC). */
export type DayNumber = number;

export const dayNumberOf = (isoDay: string): DayNumber =>
  Math.floor(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
export const isoDayOf = (day: DayNumber): string =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

const parts = (day: DayNumber) => {
  const date = new Date(day * DAY_MS);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    date: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
};

/** The n-th (1-based; -1 the last) given weekday (0 Sunday) of a month, as a day number. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): DayNumber {
  if (nth > 0) {
    const first = Math.floor(Date.UTC(year, month - 1, 1) / DAY_MS);
    const firstWeekday = new Date(first * DAY_MS).getUTCDay();
    return first + ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
  }
  const last = Math.floor(Date.UTC(year, month, 0) / DAY_MS);
  const lastWeekday = new Date(last * DAY_MS).getUTCDay();
  return last - ((lastWeekday - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian, the anonymous algorithm). */
function easterSunday(year: number): DayNumber {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return Math.floor(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** England's bank holidays of a year. */
function bankHolidays(year: number): Set<DayNumber> {
  const easter = easterSunday(year);
  const fixed = (month: number, date: number) =>
    Math.floor(Date.UTC(year, month - 1, date) / DAY_MS);
  return new Set([
    fixed(1, 1),
    easter - 2,
    easter + 1,
    nthWeekday(year, 5, 1, 1),
    nthWeekday(year, 5, 1, -1),
    nthWeekday(year, 8, 1, -1),
    fixed(12, 25),
    fixed(12, 26),
  ]);
}

const bankHolidayCache = new Map<number, Set<DayNumber>>();
export function isBankHoliday(day: DayNumber): boolean {
  const { year } = parts(day);
  let holidays = bankHolidayCache.get(year);
  if (!holidays) {
    holidays = bankHolidays(year);
    bankHolidayCache.set(year, holidays);
  }
  return holidays.has(day);
}

/**
 * Typical English state-school holidays: Christmas, February half term, two weeks around Easter,
 * May half term, summer (late July to early September) and October half term.
 */
export function isSchoolHoliday(day: DayNumber): boolean {
  const { year, month, date } = parts(day);
  const on = (fromMonth: number, fromDate: number, toMonth: number, toDate: number) => {
    const value = month * 100 + date;
    return value >= fromMonth * 100 + fromDate && value <= toMonth * 100 + toDate;
  };
  const easter = easterSunday(year);
  if (day >= easter - 9 && day <= easter + 8) return true;
  const mayHalfTerm = nthWeekday(year, 5, 1, -1);
  if (day >= mayHalfTerm - 2 && day <= mayHalfTerm + 6) return true;
  return (
    on(1, 1, 1, 3) || on(2, 14, 2, 22) || on(7, 23, 9, 3) || on(10, 25, 11, 2) || on(12, 20, 12, 31)
  );
}

export type DayKind = 'workday' | 'saturday' | 'sunday';

/** Bank holidays run like Sundays. */
export function dayKindOf(day: DayNumber): DayKind {
  const { weekday } = parts(day);
  if (weekday === 0 || isBankHoliday(day)) return 'sunday';
  return weekday === 6 ? 'saturday' : 'workday';
}

/** The day of the year, 0 on 1 January. */
export function dayOfYear(day: DayNumber): number {
  const { year } = parts(day);
  return day - Math.floor(Date.UTC(year, 0, 1) / DAY_MS);
}
