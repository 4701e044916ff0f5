/**
 * A share in percent as the site detail shows it: one decimal (10.872927441752173 → 10.9).
 * Reports keep it a number so that spreadsheets can still sum and sort it.
 */
export function roundedShare(percent: number | null | undefined): number | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  return Math.round(percent * 10) / 10;
}

const DAY_MS = 24 * 3600 * 1000;

/** The local calendar day and time of an instant in a time zone. */
function localParts(instantMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instantMs));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    midnight: value('hour') === 0 && value('minute') === 0 && value('second') === 0,
  };
}

/**
 * Issue 37: a report's period as a reader reads it, in the site's time zone and the reader's
 * language. The end is stored exclusive (the midnight after the last day included); when both
 * ends fall on local midnights the period is whole days and reads as the first and the last day
 * included ("1 Nov 2026 – 27 Nov 2026"); otherwise both ends are given with their times.
 */
export function reportPeriodText(
  period: { start: string; end: string },
  timeZone: string,
  locale: string,
): string {
  const startMs = Date.parse(period.start);
  const endMs = Date.parse(period.end);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs))
    return `${period.start} – ${period.end}`;
  const start = localParts(startMs, timeZone);
  const end = localParts(endMs, timeZone);
  if (start.midnight && end.midnight) {
    // The last day included: the calendar day before the end's midnight (a day of 23 or 25
    // hours on a clock change is still one day). Calendar days are written as UTC dates.
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const first = Date.UTC(start.year, start.month - 1, start.day);
    const last = Date.UTC(end.year, end.month - 1, end.day) - DAY_MS;
    return `${day.format(new Date(first))} – ${day.format(new Date(last))}`;
  }
  const moment = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  return `${moment.format(new Date(startMs))} – ${moment.format(new Date(endMs))}`;
}

/** The zone a report's settings state its period in: the sites' own, or UTC when they differ. */
export function periodZone(timeZones: readonly string[]): string {
  const zones = new Set(timeZones);
  const [only] = zones;
  return zones.size === 1 && only ? only : 'UTC';
}
