import {
  billsAnswer,
  generateBillsSchema,
  queuedTaskAnswer,
  subscriptionAnswer,
  subscriptionPriceAnswer,
  subscriptionPriceUpdateSchema,
  subscriptionPricesAnswer,
  subscriptionUpdateSchema,
  subscriptionsAnswer,
} from '@roadcount/domain';
import { z } from 'zod';
import type { Router } from '../../infra/http/route.ts';
import type { BillingService } from './billing.service.ts';

const organisationQuery = z.object({
  organisation_id: z.uuid().optional().describe('Staff: one organisation; others: their own'),
});

/** SPEC section 1: subscriptions and monthly bills, for staff and the organisation's admins. */
export function registerBillingRoutes(router: Router, billing: BillingService): void {
  router.define({
    method: 'get',
    path: '/bill/subscriptions',
    summary: 'Subscriptions: every one for platform staff, your own for an organisation admin',
    tag: 'billing',
    auth: true,
    permission: 'bills.read',
    query: organisationQuery,
    responses: { 200: 'subscriptions', 403: 'viewers, or another organisation' },
    answer: subscriptionsAnswer,
    handler: ({ viewer, query }) => billing.subscriptions(viewer, query.organisation_id),
  });

  router.define({
    method: 'patch',
    path: '/bill/subscriptions/:organisationId',
    summary: "Change an organisation's subscription level, renewal date or state (staff)",
    tag: 'billing',
    auth: true,
    permission: 'billing.manage',
    auditAction: 'update_subscription',
    body: subscriptionUpdateSchema,
    responses: { 200: 'the subscription', 400: 'invalid', 403: 'not platform staff' },
    answer: subscriptionAnswer,
    handler: ({ viewer, params, body }) =>
      billing.updateSubscription(viewer, params.organisationId ?? '', body),
  });

  router.define({
    method: 'get',
    path: '/bill/prices',
    summary: 'The price list bills are made at: per level the monthly fee and unit prices (staff)',
    tag: 'billing',
    auth: true,
    permission: 'billing.manage',
    responses: { 200: 'the prices in pence, by level', 403: 'not platform staff' },
    answer: subscriptionPricesAnswer,
    handler: ({ viewer }) => billing.prices(viewer),
  });

  router.define({
    method: 'patch',
    path: '/bill/prices/:level',
    summary: "Change a level's prices in whole pence (staff); bills already made keep theirs",
    tag: 'billing',
    auth: true,
    permission: 'billing.manage',
    auditAction: 'update_prices',
    body: subscriptionPriceUpdateSchema,
    responses: {
      200: "the level's prices",
      400: 'not whole pence from 0 to 10,000,000',
      403: 'not platform staff',
      404: 'no such level',
    },
    answer: subscriptionPriceAnswer,
    handler: ({ viewer, params, body }) => billing.updatePrices(viewer, params.level ?? '', body),
  });

  router.define({
    method: 'get',
    path: '/bill/bills',
    summary: 'Monthly bills: every one for platform staff, your own for an organisation admin',
    tag: 'billing',
    auth: true,
    permission: 'bills.read',
    query: organisationQuery,
    responses: { 200: 'bills, newest month first', 403: 'viewers, or another organisation' },
    answer: billsAnswer,
    handler: ({ viewer, query }) => billing.bills(viewer, query.organisation_id),
  });

  router.define({
    method: 'get',
    path: '/bill/bills/:id/:format',
    summary: "A bill's PDF or CSV",
    tag: 'billing',
    auth: true,
    permission: 'bills.read',
    responses: { 200: 'the file', 403: 'another organisation', 404: 'no such bill' },
    handler: async ({ viewer, params, reply }) => {
      const format = params.format === 'csv' ? 'csv' : 'pdf';
      const file = await billing.billFile(viewer, params.id ?? '', format);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Buffer.from(file.bytes));
    },
  });

  router.define({
    method: 'post',
    path: '/bill/bills/generate',
    summary: "Queue a month's bills (generate_bills); a month already billed gets none again",
    tag: 'billing',
    auth: true,
    permission: 'billing.manage',
    auditAction: 'generate_bills',
    body: generateBillsSchema,
    status: 202,
    responses: { 202: 'queued', 400: 'not a month', 403: 'not platform staff' },
    answer: queuedTaskAnswer,
    handler: ({ viewer, body }) => billing.generate(viewer, body.month),
  });
}
