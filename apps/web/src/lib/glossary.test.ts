import { describe, expect, it } from 'vitest';
import enGB from '@/i18n/locales/en-GB.json';
import { GLOSSARY, GLOSSARY_IDS, definitionPath, termFor } from './glossary.ts';

type Catalogue = Record<string, unknown>;
const english = enGB as unknown as { definitions: Catalogue };
const text = (path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Catalogue | undefined)?.[key], english);

describe('glossary', () => {
  it('defines every card and chart of the site detail page', () => {
    // The cards of StatCards and the charts of SiteDetailScreen and CountVolumesChart.
    const cards = ['adt', 'awdt', 'awedt', 'aadt', 'averageSpeed', 'speed85', 'amPeak', 'pmPeak'];
    const commercial = ['totalCommercial', 'percentCommercial'];
    const charts = ['volume', 'speeding', 'speedByClass', 'headwayGap', 'matrix'];
    const profiles = ['virtualDay', 'virtualWeek', 'countVolumes'];
    // Issue 25: the AADT panel and the traffic-engineering cards.
    const engineering = ['adjustedAadt', 'speed95', 'pace', 'kFactor', 'dFactor', 'peakHourFactor'];
    for (const figure of [...cards, ...commercial, ...charts, ...profiles, ...engineering])
      expect(GLOSSARY_IDS.has(termFor(figure)), figure).toBe(true);
    expect(definitionPath('pmPeak')).toBe('/ui/definitions#term-peakHour');
    expect(definitionPath('percentCommercial')).toBe('/ui/definitions#term-commercial');
  });

  it('has a title, a text and each promised formula, unit and code in en-GB', () => {
    const missing: string[] = [];
    for (const section of GLOSSARY) {
      if (typeof text(`definitions.sections.${section.id}`) !== 'string') missing.push(section.id);
      for (const term of section.terms) {
        const parts = [
          'title',
          'text',
          ...(term.formula ? ['formula'] : []),
          ...(term.unit ? ['unit'] : []),
        ];
        for (const part of parts)
          if (typeof text(`definitions.terms.${term.id}.${part}`) !== 'string')
            missing.push(`${term.id}.${part}`);
        for (const code of term.codes ?? [])
          if (typeof text(`definitions.codes.${term.id}.${code}`) !== 'string')
            missing.push(`${term.id}.${code}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names the thresholds the data-quality tests use by default', () => {
    // DEFAULT_ORGANISATION_SETTINGS: min_average_rho 60, lowest_max_adt 50,
    // length_outlier_factor 15, min_survey_hours 24, max_unclassifiable_percent 10.
    expect(text('definitions.terms.rho_test.text')).toContain('(60 by default)');
    expect(text('definitions.terms.above_vol_thres.text')).toContain('(50 by default)');
    expect(text('definitions.terms.len_outlier_test.text')).toContain('15 by default');
    expect(text('definitions.terms.sufficient_hours.text')).toContain('(24 hours by default)');
    expect(text('definitions.terms.unclassifiables_test.text')).toContain('(10 % by default)');
  });
});
