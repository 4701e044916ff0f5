import { z } from 'zod';
import { plainText } from './plainText.ts';
import { QUICK_FILTERS } from './constants.ts';
import { DAY_RANGES, MAP_LAYERS } from './mapSites.ts';

export const QUICK_FILTER_MESSAGES = {
  label: `A quick filter label is ${QUICK_FILTERS.labelMin} to ${QUICK_FILTERS.labelMax} characters`,
  duplicate: 'That quick filter label already exists',
  tooMany: `At most ${QUICK_FILTERS.max} quick filters`,
} as const;

/** A saved set of map filters under a label (SPEC sections 5 and 9). */
export const quickFilterSchema = z.object({
  label: plainText()
    .trim()
    .min(QUICK_FILTERS.labelMin, QUICK_FILTER_MESSAGES.label)
    .max(QUICK_FILTERS.labelMax, QUICK_FILTER_MESSAGES.label),
  layer: z.enum(MAP_LAYERS),
  dayRange: z.enum(DAY_RANGES),
  contexts: z.array(z.enum(['VEH', 'BIKE', 'PED'])),
  timeSpans: z.array(z.enum(['TS_T', 'TS_P'])),
  year: z.union([z.literal('allAvailable'), z.number().int()]),
});

export const quickFiltersSchema = z
  .array(quickFilterSchema)
  .max(QUICK_FILTERS.max, QUICK_FILTER_MESSAGES.tooMany)
  .refine(
    (filters) =>
      new Set(filters.map((filter) => filter.label.toLocaleLowerCase())).size === filters.length,
    QUICK_FILTER_MESSAGES.duplicate,
  );

export type QuickFilter = z.infer<typeof quickFilterSchema>;

/** Why a new label cannot be added to the saved ones, or undefined when it can. */
export function quickFilterLabelProblem(label: string, saved: QuickFilter[]): string | undefined {
  const text = label.trim();
  if (text.length < QUICK_FILTERS.labelMin || text.length > QUICK_FILTERS.labelMax)
    return QUICK_FILTER_MESSAGES.label;
  if (saved.some((filter) => filter.label.toLocaleLowerCase() === text.toLocaleLowerCase()))
    return QUICK_FILTER_MESSAGES.duplicate;
  if (saved.length >= QUICK_FILTERS.max) return QUICK_FILTER_MESSAGES.tooMany;
  return undefined;
}
