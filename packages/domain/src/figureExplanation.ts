// Issue 36, "every figure explains itself": what a figure of a site was made from, as the API
// gives it (`figureExplanation`), the site-detail dialog shows it and the reports write it.

/** The figures of the site detail page (cards and charts) that can say how they were made. */
export const EXPLAINED_FIGURES = [
  'adt',
  'awdt',
  'awedt',
  'aadt',
  'averageSpeed',
  'speed85',
  'amPeak',
  'pmPeak',
  'totalCommercial',
  'percentCommercial',
  'volume',
  'speeding',
  'speedByClass',
  'headwayGap',
  'matrix',
  'virtualDay',
  'virtualWeek',
] as const;
export type ExplainedFigure = (typeof EXPLAINED_FIGURES)[number];

export function isExplainedFigure(value: unknown): value is ExplainedFigure {
  return typeof value === 'string' && (EXPLAINED_FIGURES as readonly string[]).includes(value);
}

/**
 * Which days a figure counts: the whole days (ADT, peaks, virtual day and week), only the whole
 * Mondays to Fridays (AWDT) or Saturdays and Sundays (AWEDT), every vehicle the filters keep
 * (speeds, volumes per bin, classes, headways), or the site's whole record (AADT).
 */
export type FigureDayRule =
  'wholeDays' | 'weekdays' | 'weekendDays' | 'everyVehicle' | 'wholeRecord';

export const FIGURE_DAY_RULES: Record<ExplainedFigure, FigureDayRule> = {
  adt: 'wholeDays',
  awdt: 'weekdays',
  awedt: 'weekendDays',
  aadt: 'wholeRecord',
  averageSpeed: 'everyVehicle',
  speed85: 'everyVehicle',
  amPeak: 'wholeDays',
  pmPeak: 'wholeDays',
  totalCommercial: 'everyVehicle',
  percentCommercial: 'everyVehicle',
  volume: 'everyVehicle',
  speeding: 'everyVehicle',
  speedByClass: 'everyVehicle',
  headwayGap: 'everyVehicle',
  matrix: 'everyVehicle',
  virtualDay: 'wholeDays',
  virtualWeek: 'wholeDays',
};

/** The Definitions term whose formula a figure follows (`definitions.terms.<term>.formula`). */
export function figureTerm(figure: ExplainedFigure, aadtMethod?: string | null): string {
  // A short count's AADT is its ADT, adjusted by its group's factors or (unadjusted) as it is.
  if (figure === 'aadt')
    return aadtMethod === 'factored'
      ? 'adjustedAadt'
      : aadtMethod === 'unadjusted'
        ? 'adt'
        : 'aadt';
  if (figure === 'amPeak' || figure === 'pmPeak') return 'peakHour';
  if (figure === 'totalCommercial' || figure === 'percentCommercial') return 'commercial';
  return figure;
}

/**
 * Why a day with data did not count in a figure: the first or last day of the data (partial), a
 * day of the other part of the week (AWDT, AWEDT), or a whole day without a vehicle, which the
 * AASHTO AADT takes for a silent counter (missing data, not a quiet day).
 */
export const DAY_REASONS = ['partial', 'notWeekday', 'notWeekend', 'noVehicles'] as const;
export type DayReason = (typeof DAY_REASONS)[number];

/** Why vehicles of the time range were left out, in the order the filter tests them. */
export const LEFT_OUT_REASONS = [
  'speedRange',
  'classes',
  'directions',
  'separation',
  'lanes',
  'badDataPeriods',
  'exclusions',
  'timeExclusions',
  'noSpeedLimit',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export interface ExplainedFile {
  id: string;
  name: string;
  /** vehicles (one record per vehicle) or intervals (counts per interval). */
  kind: string;
  first_record: string | null;
  last_record: string | null;
  /** Vehicles the file saved (vehicle files). */
  vehicles: number | null;
}

export interface ExplainedDay {
  /** Local day, YYYY-MM-DD. */
  day: string;
  /** Vehicles (or counts) of the day that the filters kept. */
  volume: number;
  used: boolean;
  reason: DayReason | null;
}

export interface ExplainedDays {
  first_day: string | null;
  last_day: string | null;
  /** Days the figure averages over (its divisor), for the figures over days. */
  days_used: number;
  days: ExplainedDay[];
}

export interface ExplainedLeftOutReason {
  reason: LeftOutReason;
  vehicles: number;
  /** Of those, the vehicles of each class (speed range: 0 mph records are a class of their own). */
  classes: { class_index: number; vehicles: number }[];
}

export interface ExplainedLeftOut {
  /** Vehicles in the time range. */
  total: number;
  /** Those the figure counts. */
  selected: number;
  reasons: ExplainedLeftOutReason[];
}

export interface ExplainedFilter {
  start_time: string | null;
  end_time: string | null;
  speed_min_mps: number;
  speed_max_mps: number;
  min_headway_s: number;
  /** Null: every class of the scheme. */
  classes: number[] | null;
  /** Null: every direction. */
  directions: number[] | null;
  lanes: { direction: number; lanes: number[] }[];
  time_exclusions: { days: number[]; from: string; to: string }[];
  exclusions: { id: string; name: string }[];
}

export interface ExplainedBadDataPeriod {
  rule: string;
  start_time: string;
  end_time: string;
  direction: number | null;
  lane: number | null;
}

export interface ExplainedAadt {
  method: string;
  variant: string;
  estimate: boolean;
  value: number | null;
  adt: number | null;
  whole_days: number;
  months: number[];
  months_missing_weekdays: number[];
  group: {
    id: string;
    name: string;
    /** The version of the group's factors this AADT was made with; it changes with them. */
    version: string;
    monthly_factors: (number | null)[] | null;
    day_of_week_factors: (number | null)[] | null;
    monthly_factor: number | null;
    day_of_week_factor: number | null;
  } | null;
}

export interface FigureExplanation {
  site_id: string;
  site_name: string;
  time_zone: string;
  figure: ExplainedFigure;
  /** The Definitions term of its formula. */
  term: string;
  day_rule: FigureDayRule;
  /** filters: the figure follows the page's filters; wholeRecord: the site's whole record. */
  scope: 'filters' | 'wholeRecord';
  files: ExplainedFile[];
  days: ExplainedDays;
  /** Null for a whole-record figure (no filter applies) or a count site's figures. */
  left_out: ExplainedLeftOut | null;
  filter: ExplainedFilter;
  bad_data_periods: ExplainedBadDataPeriod[];
  speed_limits: { effective_from: string; limit_mps: number }[];
  aadt: ExplainedAadt | null;
}

/** The local days of a figure: each day with data, whether it counted, and why not. */
export function explainDays(
  rule: FigureDayRule,
  volumes: readonly { day: string; volume: number }[],
  isWhole: (day: string) => boolean,
  aashto: boolean,
): ExplainedDays {
  const days = [...volumes].sort((a, b) => a.day.localeCompare(b.day));
  const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const explained = days.map(({ day, volume }): ExplainedDay => {
    let reason: DayReason | null = null;
    // A figure of every vehicle counts the partial first and last days too.
    if (rule === 'everyVehicle') reason = null;
    else if (!isWhole(day)) reason = 'partial';
    else if (rule === 'weekdays' && weekday(day) >= 5) reason = 'notWeekday';
    else if (rule === 'weekendDays' && weekday(day) < 5) reason = 'notWeekend';
    else if (aashto && volume === 0) reason = 'noVehicles';
    return { day, volume, used: reason === null, reason };
  });
  return {
    first_day: days[0]?.day ?? null,
    last_day: days.at(-1)?.day ?? null,
    days_used: explained.filter((day) => day.used).length,
    days: explained,
  };
}

/** One line of a written explanation: a heading, a label and its text, or a plain line. */
export type ExplanationLine = { kind: 'heading' | 'line'; label: string; text: string };

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The explanation as lines of text in the reader's language (the report's sheet and page):
 * the same keys (`figureExplanation.*`, `definitions.terms.*.formula`) the dialog shows.
 */
export function explanationLines(
  explanation: FigureExplanation,
  t: Translate,
  locale: string,
  speedUnit: { perMps: number; label: string },
): ExplanationLine[] {
  const number = (value: number, digits = 0) =>
    value.toLocaleString(locale, { maximumFractionDigits: digits });
  const speed = (mps: number) => `${number(mps * speedUnit.perMps, 1)} ${speedUnit.label}`;
  const line = (label: string, text: string): ExplanationLine => ({ kind: 'line', label, text });
  const lines: ExplanationLine[] = [
    {
      kind: 'heading',
      label: t(`figureExplanation.figures.${explanation.figure}`),
      text: explanation.site_name,
    },
    line(t('figureExplanation.formula'), t(`definitions.terms.${explanation.term}.formula`)),
    line(
      t('figureExplanation.dayRuleLabel'),
      t(`figureExplanation.dayRule.${explanation.day_rule}`),
    ),
  ];
  const { days } = explanation;
  if (days.first_day && days.last_day)
    lines.push(
      line(
        t('figureExplanation.daysLabel'),
        t('figureExplanation.daysText', {
          first: days.first_day,
          last: days.last_day,
          used: days.days_used,
          all: days.days.length,
        }),
      ),
    );
  const leftOutDays = days.days.filter((day) => !day.used);
  for (const day of leftOutDays)
    lines.push(
      line(
        t('figureExplanation.dayLeftOut'),
        t('figureExplanation.dayLeftOutText', {
          day: day.day,
          volume: number(day.volume),
          reason: t(`figureExplanation.dayReason.${day.reason ?? 'partial'}`),
        }),
      ),
    );
  for (const file of explanation.files)
    lines.push(
      line(
        t('figureExplanation.file'),
        `${file.name} ${t('figureExplanation.fileSpan', {
          first: file.first_record ?? '?',
          last: file.last_record ?? '?',
        })}`,
      ),
    );
  const { filter } = explanation;
  if (explanation.scope === 'filters')
    lines.push(
      line(
        t('figureExplanation.speedRangeLabel'),
        `${speed(filter.speed_min_mps)} – ${speed(filter.speed_max_mps)}`,
      ),
    );
  if (explanation.left_out) {
    lines.push(
      line(
        t('figureExplanation.vehiclesLabel'),
        t('figureExplanation.vehiclesText', {
          selected: number(explanation.left_out.selected),
          total: number(explanation.left_out.total),
        }),
      ),
    );
    for (const reason of explanation.left_out.reasons)
      lines.push(
        line(
          t(`figureExplanation.leftOut.${reason.reason}`),
          reason.classes.length > 0
            ? `${number(reason.vehicles)} (${reason.classes
                .map((entry) =>
                  t('figureExplanation.ofClass', {
                    vehicles: number(entry.vehicles),
                    class: entry.class_index,
                  }),
                )
                .join(', ')})`
            : number(reason.vehicles),
        ),
      );
  } else if (explanation.scope === 'wholeRecord')
    lines.push(line(t('figureExplanation.leftOutLabel'), t('figureExplanation.wholeRecord')));
  for (const exclusion of filter.exclusions)
    lines.push(line(t('figureExplanation.exclusion'), exclusion.name));
  for (const period of explanation.bad_data_periods)
    lines.push(
      line(
        t('figureExplanation.badDataPeriod'),
        t('figureExplanation.badDataPeriodText', {
          rule: t(`figureExplanation.badDataRule.${period.rule}`, { defaultValue: period.rule }),
          start: period.start_time,
          end: period.end_time,
        }),
      ),
    );
  if (explanation.figure === 'speeding')
    for (const limit of explanation.speed_limits)
      lines.push(
        line(
          t('figureExplanation.speedLimit'),
          t('figureExplanation.speedLimitText', {
            limit: speed(limit.limit_mps),
            from: limit.effective_from,
          }),
        ),
      );
  const { aadt } = explanation;
  if (aadt) {
    lines.push(
      line(
        t('figureExplanation.methodLabel'),
        t(`figureExplanation.variant.${aadt.variant}`, { defaultValue: aadt.variant }),
      ),
    );
    if (aadt.group) {
      const factors = (values: (number | null)[] | null) =>
        (values ?? []).map((value) => (value === null ? '–' : number(value, 3))).join(' · ');
      lines.push(
        line(
          t('figureExplanation.factorGroup'),
          t('figureExplanation.factorGroupText', {
            name: aadt.group.name,
            version: aadt.group.version,
          }),
        ),
        line(t('figureExplanation.monthlyFactors'), factors(aadt.group.monthly_factors)),
        line(t('figureExplanation.dayOfWeekFactors'), factors(aadt.group.day_of_week_factors)),
      );
    }
  }
  return lines;
}
