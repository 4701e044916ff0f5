/**
 * Issue 25: what a site's AADT figure is called and how it was found, decided once for the site
 * detail's AADT card and every report. A short count in a factor group with factors: its ADT
 * adjusted by the group's factors; a continuous site: the AASHTO AADT of the page's days (with
 * the variant used); otherwise the ADT, labelled unadjusted.
 */

/** How the server found a site's AADT (the `siteAadt` answer, camel-cased). */
export interface SiteAadtFacts {
  method: 'aashto' | 'factored' | 'unadjusted';
  reason: string | null;
  groupName: string | null;
  adt: number | null;
  aadt: number | null;
  monthlyFactor: number | null;
  dayOfWeekFactor: number | null;
}

/** The page's own AASHTO AADT (the site-detail summary). */
export interface PageAadt {
  aadt: number | null;
  aadtIsEstimate: boolean;
  /** Calendar months (0–11) averaged over the weekdays present. */
  aadtMonthsMissingWeekdays?: number[];
}

export type AadtName = 'factored' | 'aashto' | 'unadjusted';
export type AadtNote =
  'factored' | 'noGroup' | 'noFactors' | 'aashto' | 'aashtoVariant' | 'aashtoEstimate';

export interface AadtLabel {
  /** The figure shown. */
  value: number | null;
  /** `aadtLabel.name.<name>`: what the figure is called. */
  name: AadtName;
  /** `aadtLabel.note.<note>`: how it was found. */
  note: AadtNote;
  group: string;
  monthlyFactor: number | null;
  dayOfWeekFactor: number | null;
  /** The months of an AASHTO variant. */
  months: number[];
}

/** Decides the AADT figure's value, name and note; without `site` facts, the page's AASHTO. */
export function aadtLabel(site: SiteAadtFacts | null | undefined, page: PageAadt): AadtLabel {
  const base = {
    group: site?.groupName ?? '',
    monthlyFactor: null,
    dayOfWeekFactor: null,
    months: [],
  };
  if (site?.method === 'factored')
    return {
      ...base,
      value: site.aadt,
      name: 'factored',
      note: 'factored',
      monthlyFactor: site.monthlyFactor,
      dayOfWeekFactor: site.dayOfWeekFactor,
    };
  if (site?.method === 'unadjusted')
    return {
      ...base,
      value: site.adt,
      name: 'unadjusted',
      note: site.reason === 'noFactors' ? 'noFactors' : 'noGroup',
    };
  const months = page.aadtMonthsMissingWeekdays ?? [];
  return {
    ...base,
    value: page.aadt,
    name: 'aashto',
    note: page.aadtIsEstimate ? 'aashtoEstimate' : months.length > 0 ? 'aashtoVariant' : 'aashto',
    months,
  };
}

/** Translates a key with `{{name}}` parameters (i18next's `t`, or the server's catalogue). */
export type Translate = (key: string, params: Record<string, string>) => string;

/** The label's name and note in `locale`: numbers and month names written as it writes them. */
export function aadtLabelText(
  label: AadtLabel,
  locale: string,
  translate: Translate,
): { name: string; note: string } {
  const factor = (value: number | null) =>
    value === null
      ? '–'
      : value.toLocaleString(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const months = label.months
    .map((month) =>
      new Date(Date.UTC(2001, month, 1)).toLocaleString(locale, { month: 'long', timeZone: 'UTC' }),
    )
    .join(', ');
  return {
    name: translate(`aadtLabel.name.${label.name}`, {}),
    note: translate(`aadtLabel.note.${label.note}`, {
      group: label.group,
      monthly: factor(label.monthlyFactor),
      dayOfWeek: factor(label.dayOfWeekFactor),
      months,
    }),
  };
}
