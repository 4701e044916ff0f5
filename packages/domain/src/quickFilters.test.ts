import { describe, expect, it } from 'vitest';
import {
  QUICK_FILTER_MESSAGES,
  quickFilterLabelProblem,
  quickFiltersSchema,
  type QuickFilter,
} from './quickFilters.ts';

const filter = (label: string): QuickFilter => ({
  label,
  layer: 'speed',
  dayRange: 'wholeWeek',
  contexts: ['VEH'],
  timeSpans: ['TS_T', 'TS_P'],
  year: 'allAvailable',
});

describe('quick filters', () => {
  it('need a label of 3 to 20 characters, not already used, and at most 8 of them', () => {
    expect(quickFilterLabelProblem('ab', [])).toBe(QUICK_FILTER_MESSAGES.label);
    expect(quickFilterLabelProblem('a'.repeat(21), [])).toBe(QUICK_FILTER_MESSAGES.label);
    expect(quickFilterLabelProblem('abc', [])).toBeUndefined();
    expect(quickFilterLabelProblem('Bikes', [filter('bikes')])).toBe(
      QUICK_FILTER_MESSAGES.duplicate,
    );
    const eight = Array.from({ length: 8 }, (_, index) => filter(`Filter ${index}`));
    expect(quickFilterLabelProblem('Ninth', eight)).toBe(QUICK_FILTER_MESSAGES.tooMany);
    expect(
      quickFiltersSchema.safeParse([...eight, filter('Ninth')]).error?.issues[0]?.message,
    ).toBe(QUICK_FILTER_MESSAGES.tooMany);
    expect(
      quickFiltersSchema.safeParse([filter('Same'), filter('same')]).error?.issues[0]?.message,
    ).toBe(QUICK_FILTER_MESSAGES.duplicate);
  });
});
