import { z } from 'zod';
import { SUBSCRIPTION_TERMS } from './constants.ts';

/**
 * SPEC section 1: a subscription level limits active users and survey sites; each level has a
 * monthly fee and a price per active user and per survey site of the month. Amounts in pence.
 */
export const SUBSCRIPTION_LEVELS = {
  basic: { monthlyFeePence: 15_000, perActiveUserPence: 1_200, perSurveySitePence: 400 },
  standard: { monthlyFeePence: 40_000, perActiveUserPence: 1_000, perSurveySitePence: 300 },
  enterprise: { monthlyFeePence: 100_000, perActiveUserPence: 800, perSurveySitePence: 200 },
} as const;
export type SubscriptionLevel = keyof typeof SUBSCRIPTION_LEVELS;
export const SUBSCRIPTION_LEVEL_NAMES = Object.keys(SUBSCRIPTION_LEVELS) as SubscriptionLevel[];

export const SUBSCRIPTION_STATES = ['active', 'suspended', 'cancelled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2027-01-31');
/** A calendar month, YYYY-MM. */
export const billingMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as 2026-10');

/** What platform staff may change on a subscription (the limits are the organisation's). */
export const subscriptionUpdateSchema = z.object({
  level: z.enum(SUBSCRIPTION_LEVEL_NAMES as [SubscriptionLevel, ...SubscriptionLevel[]]).optional(),
  renewal_on: isoDate.optional(),
  state: z.enum(SUBSCRIPTION_STATES).optional(),
});

export const generateBillsSchema = z.object({ month: billingMonthSchema });

export interface BillLine {
  /** What the line charges: the level's fee, active users or survey sites. */
  item: 'monthly_fee' | 'active_users' | 'survey_sites';
  quantity: number;
  unitPence: number;
  amountPence: number;
}

/** A month's bill from its usage: the level's fee plus each active user and survey site. */
export function billLines(
  level: SubscriptionLevel,
  usage: { activeUsers: number; surveySites: number },
): { lines: BillLine[]; totalPence: number } {
  const prices = SUBSCRIPTION_LEVELS[level];
  const lines: BillLine[] = [
    {
      item: 'monthly_fee',
      quantity: 1,
      unitPence: prices.monthlyFeePence,
      amountPence: prices.monthlyFeePence,
    },
    {
      item: 'active_users',
      quantity: usage.activeUsers,
      unitPence: prices.perActiveUserPence,
      amountPence: usage.activeUsers * prices.perActiveUserPence,
    },
    {
      item: 'survey_sites',
      quantity: usage.surveySites,
      unitPence: prices.perSurveySitePence,
      amountPence: usage.surveySites * prices.perSurveySitePence,
    },
  ];
  return { lines, totalPence: lines.reduce((sum, line) => sum + line.amountPence, 0) };
}

/** The first day of a month and the first day of the next, as UTC instants. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, monthNumber - 1, 1)),
    end: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

/** The month before the one holding `now`, YYYY-MM (the month the next bills are for). */
export function previousMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** When a lapsed (suspended or cancelled) organisation's data may be deleted. */
export function retentionEnds(lapsedAt: Date): Date {
  const end = new Date(lapsedAt);
  end.setUTCMonth(end.getUTCMonth() + SUBSCRIPTION_TERMS.dataRetentionMonths);
  return end;
}

/** Amounts as the bill shows them: pounds with two decimals. */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const subscriptionAnswer = z.object({
  organisation_id: z.string(),
  organisation_name: z.string(),
  level: z.string(),
  state: z.enum(SUBSCRIPTION_STATES),
  renewal_on: z.string(),
  state_changed_at: z.string(),
  max_active_users: z.number(),
  max_sites: z.number(),
  /** After this the data of a suspended or cancelled organisation is deleted; null while active. */
  data_deleted_after: z.string().nullable(),
});
export const subscriptionsAnswer = z.array(subscriptionAnswer);

export const billAnswer = z.object({
  id: z.string(),
  organisation_id: z.string(),
  organisation_name: z.string(),
  month: z.string(),
  level: z.string(),
  active_users: z.number(),
  survey_sites: z.number(),
  total_pence: z.number(),
  lines: z.array(
    z.object({
      item: z.string(),
      quantity: z.number(),
      unitPence: z.number(),
      amountPence: z.number(),
    }),
  ),
  created_on: z.string(),
});
export const billsAnswer = z.array(billAnswer);

export const queuedTaskAnswer = z.object({
  id: z.string(),
  function_name: z.string(),
  state: z.string(),
  message: z.string(),
});

/** Translation overrides: locale -> dotted key -> text (SPEC section 1's six locales). */
export const translationOverridesAnswer = z.record(z.string(), z.record(z.string(), z.string()));
export const translationOverrideSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w-]+(\.[\w-]+)*$/, 'must be a dotted key such as nav.translate'),
  /** Empty removes the override: the bundled text shows again. */
  text: z.string().max(5000),
});
