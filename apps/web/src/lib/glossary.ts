/**
 * The glossary of Definitions: every statistic and term the product shows, grouped as the
 * screens meet them. Each term's text, formula and unit are i18n keys under
 * `definitions.terms.<id>`; a term with `codes` lists them under `definitions.codes.<id>`.
 */
export interface GlossaryTerm {
  id: string;
  /** The term has a formula (`definitions.terms.<id>.formula`). */
  formula?: true;
  /** The term has a unit (`definitions.terms.<id>.unit`). */
  unit?: true;
  /** Codes the term lists, each with its meaning. */
  codes?: readonly string[];
}

export interface GlossarySection {
  id: string;
  terms: readonly GlossaryTerm[];
}

const figure = (id: string): GlossaryTerm => ({ id, formula: true, unit: true });

export const GLOSSARY: readonly GlossarySection[] = [
  {
    id: 'volumes',
    terms: [
      figure('adt'),
      figure('awdt'),
      figure('awedt'),
      figure('aadt'),
      figure('wholeDays'),
      figure('peakHour'),
      figure('volume'),
      figure('countVolumes'),
      figure('virtualDay'),
      figure('virtualWeek'),
    ],
  },
  {
    id: 'speeds',
    terms: [
      figure('averageSpeed'),
      figure('percentiles'),
      figure('speed85'),
      figure('speeding'),
      figure('speedByClass'),
    ],
  },
  {
    id: 'headways',
    terms: [
      figure('headway'),
      figure('gap'),
      figure('headwayGap'),
      figure('matrix'),
      figure('separation'),
    ],
  },
  {
    id: 'classes',
    terms: [figure('commercial'), { id: 'classScheme' }, { id: 'unclassified', unit: true }],
  },
  {
    id: 'quality',
    terms: [
      figure('rho_test'),
      figure('above_vol_thres'),
      figure('len_outlier_test'),
      figure('sufficient_hours'),
      figure('unclassifiables_test'),
    ],
  },
  {
    id: 'codes',
    terms: [
      { id: 'reviewStatus', codes: ['LOAD', 'WFR', 'ACC', 'REJ', 'PDC', 'NRE'] },
      { id: 'siteType', codes: ['temporary', 'continuous', 'realtime', 'fnp'] },
      { id: 'siteContext', codes: ['VEH', 'BIKE', 'PED'] },
      { id: 'direction', codes: ['0', '1', '3', '5', '7', 'IN', 'OUT', 'NON'] },
      { id: 'taskState', codes: ['QD', 'PR', 'CM', 'ER'] },
    ],
  },
  {
    id: 'engineering',
    terms: [
      figure('adjustedAadt'),
      figure('factorGroup'),
      figure('kFactor'),
      figure('dFactor'),
      figure('peakHourFactor'),
      figure('pace'),
      figure('speed95'),
    ],
  },
  {
    id: 'fieldData',
    terms: [
      { id: 'fhwaAxleClass', formula: true },
      { id: 'reclassification' },
      { id: 'tmgExport' },
      { id: 'tmgChecks' },
    ],
  },
];

/** The figures of the site detail page (cards and charts) whose definition has another id. */
const SITE_DETAIL_ALIASES: Record<string, string> = {
  amPeak: 'peakHour',
  pmPeak: 'peakHour',
  totalCommercial: 'commercial',
  percentCommercial: 'commercial',
};

export const GLOSSARY_IDS: ReadonlySet<string> = new Set(
  GLOSSARY.flatMap((section) => section.terms.map((term) => term.id)),
);

/** The glossary term a figure of the site detail page is defined by. */
export function termFor(figureKey: string): string {
  return SITE_DETAIL_ALIASES[figureKey] ?? figureKey;
}

/** The anchor of a term on the Definitions page. */
export function termAnchor(id: string): string {
  return `term-${id}`;
}

export function definitionPath(figureKey: string): string {
  return `/ui/definitions#${termAnchor(termFor(figureKey))}`;
}
