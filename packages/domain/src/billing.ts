import { z } from 'zod';
import { plainText } from './plainText.ts';
import { SUBSCRIPTION_TERMS } from './constants.ts';

/**
 * SPEC section 1: a subscription level limits active users and survey sites; each level has a
 * monthly fee and a price per active user and per survey site of the month. The prices are the
 * provider's: platform staff keep them in the price list (`/bill/prices`).
 */
export const SUBSCRIPTION_LEVEL_NAMES = ['basic', 'standard', 'enterprise'] as const;
export type SubscriptionLevel = (typeof SUBSCRIPTION_LEVEL_NAMES)[number];

/** Whether a stored level name is one of the subscription levels. */
export const isSubscriptionLevel = (level: string): level is SubscriptionLevel =>
  (SUBSCRIPTION_LEVEL_NAMES as readonly string[]).includes(level);

/** A level's prices on the price list, in pence. */
export interface LevelPrices {
  monthlyFeePence: number;
  perActiveUserPence: number;
  perSurveySitePence: number;
}

/** The most any one price may be: £100,000.00. */
export const PRICE_MAX_PENCE = 10_000_000;
const pence = z.number().int('must be whole pence').min(0).max(PRICE_MAX_PENCE);

/** What platform staff may change on a level's prices: any of the three, in whole pence. */
export const subscriptionPriceUpdateSchema = z
  .object({
    monthly_fee_pence: pence.optional(),
    per_active_user_pence: pence.optional(),
    per_survey_site_pence: pence.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'give at least one price',
  });

export const subscriptionPriceAnswer = z.object({
  level: z.enum(SUBSCRIPTION_LEVEL_NAMES),
  monthly_fee_pence: z.number(),
  per_active_user_pence: z.number(),
  per_survey_site_pence: z.number(),
  updated_at: z.string(),
  /** The username of the staff member who last changed them; null for the starting list. */
  updated_by: z.string().nullable(),
});
export const subscriptionPricesAnswer = z.array(subscriptionPriceAnswer);

export const SUBSCRIPTION_STATES = ['active', 'suspended', 'cancelled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2027-01-31');
/** A calendar month, YYYY-MM. */
export const billingMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as 2026-10');

/** What platform staff may change on a subscription (the limits are the organisation's). */
export const subscriptionUpdateSchema = z.object({
  level: z.enum(SUBSCRIPTION_LEVEL_NAMES).optional(),
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

/**
 * A month's bill from its usage at the level's prices of the day it is made: the fee plus each
 * active user and survey site. The lines keep the unit prices, so a later price change leaves
 * the bill as it was.
 */
export function billLines(
  prices: LevelPrices,
  usage: { activeUsers: number; surveySites: number },
): { lines: BillLine[]; totalPence: number } {
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
  text: plainText().max(5000),
});
