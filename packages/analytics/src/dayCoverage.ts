import type { LocalClock } from './filters.ts';

const DAY_MS = 86_400_000;

/**
 * How a local day's data covers it:
 * - `records`: vehicle records, which say nothing of when the counter ran: the day is whole when
 *   it lies strictly between the first and the last day of the record (those two are partial);
 * - `whole`: the data covers the day from 00:00 to 24:00 (interval counts whose intervals do);
 * - `partial`: the data covers only part of the day (interval counts that stop or start in it).
 */
export type DayCoverage = 'records' | 'whole' | 'partial';

export const DAY_COVERAGES: readonly DayCoverage[] = ['records', 'whole', 'partial'];

/** A local day with data (days since 1970-01-01 in the site's local time) and its coverage. */
export interface CoveredDay {
  day: number;
  coverage: DayCoverage;
}

/**
 * The one rule of whole days, for vehicle and interval data alike (ADT, AWDT, AWEDT, AADT, the
 * virtual day and week, peaks): a day is whole when its data covers it. Interval data covers a
 * day when its intervals reach from 00:00 to 24:00 (`whole`); vehicle records do not say when
 * the counter ran, so the first and the last day of the record are taken as partial and the days
 * strictly between them as whole, a day among them without data counting as 0, unless interval
 * data says that day is `partial`. Answers the whole days, ascending.
 */
export function wholeDaysOf(days: Iterable<CoveredDay>): number[] {
  const whole = new Set<number>();
  const partial = new Set<number>();
  let firstRecord = Number.POSITIVE_INFINITY;
  let lastRecord = Number.NEGATIVE_INFINITY;
  for (const { day, coverage } of days) {
    if (coverage === 'whole') whole.add(day);
    else if (coverage === 'partial') partial.add(day);
    else {
      if (day < firstRecord) firstRecord = day;
      if (day > lastRecord) lastRecord = day;
    }
  }
  for (let day = firstRecord + 1; day < lastRecord; day += 1) if (!partial.has(day)) whole.add(day);
  return [...whole].sort((a, b) => a - b);
}

/** The whole days of a vehicle record whose first and last local days are these (`wholeDaysOf`). */
export function wholeDaysOfRecord(firstDay: number, lastDay: number): number[] {
  if (!Number.isFinite(firstDay) || !Number.isFinite(lastDay)) return [];
  return wholeDaysOf([
    { day: firstDay, coverage: 'records' },
    { day: lastDay, coverage: 'records' },
  ]);
}

/**
 * Which local days a set of intervals covers from 00:00 to 24:00. The intervals are joined in
 * UTC, so a day of 23 or 25 hours (a clock change) is whole when its real length is covered;
 * intervals repeated per direction or lane cover the same time once.
 */
export class IntervalCoverage {
  private readonly spans: number[] = [];
  private readonly days = new Set<number>();

  constructor(private readonly clock: LocalClock) {}

  /** Adds an interval from `startMs` (UTC) lasting `durationMs`. */
  add(startMs: number, durationMs: number): void {
    if (!(durationMs > 0) || !Number.isFinite(startMs)) return;
    this.spans.push(startMs, startMs + durationMs);
    this.days.add(this.localDay(startMs));
  }

  /** Each local day an interval starts in, as `whole` or `partial`. */
  coverage(): Map<number, 'whole' | 'partial'> {
    const pairs: [number, number][] = [];
    for (let at = 0; at < this.spans.length; at += 2)
      pairs.push([this.spans[at] as number, this.spans[at + 1] as number]);
    pairs.sort((a, b) => a[0] - b[0]);
    // The union of the intervals, as disjoint ascending spans (touching ones joined).
    const joined: [number, number][] = [];
    for (const [start, end] of pairs) {
      const last = joined.at(-1);
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else joined.push([start, end]);
    }
    const found = new Map<number, 'whole' | 'partial'>();
    for (const day of this.days) {
      const from = this.utcOfLocalMidnight(day);
      const to = this.utcOfLocalMidnight(day + 1);
      const span = joined[lastAtOrBefore(joined, from)];
      found.set(day, span && span[0] <= from && span[1] >= to ? 'whole' : 'partial');
    }
    return found;
  }

  private localDay(utcMs: number): number {
    return Math.floor((utcMs + this.clock.offsetAt(utcMs)) / DAY_MS);
  }

  /** The UTC instant of a local day's 00:00 (the offset looked up twice, for clock changes). */
  private utcOfLocalMidnight(day: number): number {
    const local = day * DAY_MS;
    const guess = local - this.clock.offsetAt(local);
    return local - this.clock.offsetAt(guess);
  }
}

/** Index of the last span starting at or before `time`, or -1. */
function lastAtOrBefore(spans: readonly [number, number][], time: number): number {
  let low = 0;
  let high = spans.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((spans[middle] as [number, number])[0] <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
