/**
 * Converts wall-clock times in an IANA time zone to UTC instants. Counter files record local
 * time; the offset is looked up once per local hour and cached, so millions of timestamps cost
 * little. Across a DST change: a time that occurs twice (clocks go back) takes the earlier
 * instant; a time that does not exist (clocks go forward) is read with the offset in force
 * before the change, as counters that keep running on standard time write it.
 */
export class LocalTimeConverter {
  private readonly offsetByLocalHour = new Map<number, number>();
  private readonly formatter: Intl.DateTimeFormat;
  // Rows come in time order: the last day's start and the last hour's offset are kept at hand.
  private lastYear = Number.NaN;
  private lastMonth = Number.NaN;
  private lastDay = Number.NaN;
  private lastDayMs = Number.NaN;
  private lastLocalHour = Number.NaN;
  private lastOffset = 0;

  constructor(readonly timeZone: string) {
    this.formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** Whether the zone name is one this runtime knows. */
  static isValidTimeZone(timeZone: string): boolean {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone });
      return true;
    } catch {
      return false;
    }
  }

  /** `toUtcMs` of parts read into an array: year, month, day, hour, minute, second, ms. */
  toUtcMsOfParts(parts: Int32Array): number {
    return this.toUtcMs(
      parts[0] as number,
      parts[1] as number,
      parts[2] as number,
      parts[3] as number,
      parts[4] as number,
      parts[5] as number,
      parts[6],
    );
  }

  /** UTC epoch milliseconds of a local wall-clock time (month 1 to 12). */
  toUtcMs(
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    second: number,
    ms = 0,
  ): number {
    if (year !== this.lastYear || month !== this.lastMonth || day !== this.lastDay) {
      this.lastDayMs = Date.UTC(year, month - 1, day);
      this.lastYear = year;
      this.lastMonth = month;
      this.lastDay = day;
    }
    // What Date.UTC adds for the time of day (it truncates each part to an integer too).
    const wallMs =
      this.lastDayMs +
      (Math.trunc(hour) * 3_600_000 +
        Math.trunc(minute) * 60_000 +
        Math.trunc(second) * 1000 +
        Math.trunc(ms));
    const localHour = Math.floor(wallMs / 3_600_000);
    if (localHour !== this.lastLocalHour) {
      let offset = this.offsetByLocalHour.get(localHour);
      if (offset === undefined) {
        offset = this.resolveOffset(localHour * 3_600_000);
        this.offsetByLocalHour.set(localHour, offset);
      }
      this.lastLocalHour = localHour;
      this.lastOffset = offset;
    }
    return wallMs - this.lastOffset;
  }

  /** The zone's calendar date (YYYY-MM-DD) at a UTC instant. */
  localDate(utcMs: number): string {
    return new Date(utcMs + this.offsetAt(utcMs)).toISOString().slice(0, 10);
  }

  /** Offset (local minus UTC, ms) of the zone at a UTC instant. */
  offsetAt(utcMs: number): number {
    const parts = this.formatter.formatToParts(new Date(utcMs));
    const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const asUtc = Date.UTC(
      value('year'),
      value('month') - 1,
      value('day'),
      value('hour'),
      value('minute'),
      value('second'),
    );
    return asUtc - Math.floor(utcMs / 1000) * 1000;
  }

  private resolveOffset(wallHourMs: number): number {
    // Candidates: the offsets in force a day either side cover every real-world transition.
    const before = this.offsetAt(wallHourMs - 86_400_000);
    const after = this.offsetAt(wallHourMs + 86_400_000);
    const valid = [before, after].filter((offset) => this.offsetAt(wallHourMs - offset) === offset);
    if (valid.length === 0) return before; // a skipped hour: keep the offset before the change
    return Math.max(...valid); // a repeated hour: the larger offset is the earlier instant
  }
}
