import { EXCLUSIONS_MAX, timeExclusionSchema } from '@roadcount/domain';

/** A time exclusion as the page keeps it: local days (Monday 0 to Sunday 6) and HH:MM times. */
export interface TimeExclusionRule {
  days: number[];
  from: string;
  to: string;
}

/** The exclusions part of the page's filters. */
export interface ExclusionFilters {
  /** Ids of the saved vehicle exclusion filters applied. */
  vehicleExclusions: string[];
  timeExclusions: TimeExclusionRule[];
}

const RULE = /^([0-6]{1,7})-(\d{4})-(\d{4})$/;
const time = (digits: string) => `${digits.slice(0, 2)}:${digits.slice(2)}`;

/** `01234-0700-0930`: the days' digits, then from and to without their colons. */
export function ruleToText(rule: TimeExclusionRule): string {
  return `${[...rule.days].sort().join('')}-${rule.from.replace(':', '')}-${rule.to.replace(':', '')}`;
}

export function ruleFromText(text: string): TimeExclusionRule | undefined {
  const match = RULE.exec(text);
  if (!match) return undefined;
  const rule = {
    days: [...new Set([...(match[1] ?? '')].map(Number))].sort(),
    from: time(match[2] ?? ''),
    to: time(match[3] ?? ''),
  };
  return timeExclusionSchema.safeParse(rule).success ? rule : undefined;
}

/** The exclusions a link carries (`vex` ids, `tex` rules); what does not read is left out. */
export function exclusionsFromSearch(search: URLSearchParams): ExclusionFilters {
  const list = (name: string) =>
    (search.get(name) ?? '')
      .split(',')
      .filter((item) => item !== '')
      .slice(0, EXCLUSIONS_MAX);
  return {
    vehicleExclusions: [...new Set(list('vex'))],
    timeExclusions: list('tex')
      .map(ruleFromText)
      .filter((rule): rule is TimeExclusionRule => rule !== undefined),
  };
}

export function writeExclusions(search: URLSearchParams, filters: ExclusionFilters): void {
  if (filters.vehicleExclusions.length > 0) search.set('vex', filters.vehicleExclusions.join(','));
  if (filters.timeExclusions.length > 0)
    search.set('tex', filters.timeExclusions.map(ruleToText).join(','));
}

/** The filter payload's exclusions (SPEC section 3). */
export function exclusionsPayload(filters: ExclusionFilters): {
  vehicle_exclusions?: string[];
  time_exclusions?: TimeExclusionRule[];
} {
  return {
    ...(filters.vehicleExclusions.length > 0
      ? { vehicle_exclusions: filters.vehicleExclusions }
      : {}),
    ...(filters.timeExclusions.length > 0 ? { time_exclusions: filters.timeExclusions } : {}),
  };
}

/** The payload with only the saved exclusions that (still) exist, once they are known. */
export function withKnownExclusions<T extends { vehicle_exclusions?: string[] | null }>(
  payload: T,
  saved: { id: string }[] | undefined,
): T {
  if (!saved || !payload.vehicle_exclusions) return payload;
  const known = payload.vehicle_exclusions.filter((id) => saved.some((item) => item.id === id));
  const next = { ...payload };
  if (known.length > 0) next.vehicle_exclusions = known;
  else delete next.vehicle_exclusions;
  return next;
}
