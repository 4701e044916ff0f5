import type { BadDataState } from '@roadcount/domain';

/** A local day of the site that a bad-data period touches, and the period's state. */
export interface ShadedDay {
  day: string;
  state: BadDataState;
}

const HOUR_MS = 3_600_000;
/** Which state a day shows when periods of several states touch it: what still needs a person first. */
const PRIORITY: BadDataState[] = ['flagged', 'excluded', 'real_zero', 'kept'];

/**
 * The site's local days (YYYY-MM-DD in `timeZone`) that the periods touch, each once, with the
 * state that matters most; kept periods shade nothing, their data being good.
 */
export function periodDays(
  periods: readonly { start_time: string; end_time: string; state: BadDataState }[],
  timeZone: string,
): ShadedDay[] {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const byDay = new Map<string, BadDataState>();
  for (const period of periods) {
    if (period.state === 'kept') continue;
    const start = Date.parse(period.start_time);
    const end = Date.parse(period.end_time);
    // Hour by hour, so that a period's local days are found whatever the zone's offset.
    for (let time = start; time < end; time += HOUR_MS) {
      const day = format.format(new Date(time));
      const current = byDay.get(day);
      if (!current || PRIORITY.indexOf(period.state) < PRIORITY.indexOf(current))
        byDay.set(day, period.state);
    }
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, state]) => ({ day, state }));
}
