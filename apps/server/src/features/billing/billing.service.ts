import {
  SUBSCRIPTION_LEVEL_NAMES,
  SUBSCRIPTION_TERMS,
  isSubscriptionLevel,
  previousMonth,
  retentionEnds,
  serverMessage,
  type subscriptionPriceUpdateSchema,
  type subscriptionUpdateSchema,
} from '@roadcount/domain';
import type { z } from 'zod';
import { organisationScope, scopedOrganisationId } from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import { mailBody, mailLocale, mailText } from '../../infra/mail/mailText.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type {
  BillRow,
  BillingRepository,
  PriceRow,
  SubscriptionRow,
} from './billing.repository.ts';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function toSubscription(row: SubscriptionRow) {
  return {
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    level: row.level,
    state: row.state as 'active' | 'suspended' | 'cancelled',
    renewal_on: row.renewalOn,
    state_changed_at: row.stateChangedAt.toISOString(),
    max_active_users: row.maxActiveUsers,
    max_sites: row.maxSites,
    data_deleted_after:
      row.state === 'active' ? null : retentionEnds(row.stateChangedAt).toISOString(),
  };
}

function toBill(row: BillRow) {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    month: row.month,
    level: row.level,
    active_users: row.activeUsers,
    survey_sites: row.surveySites,
    total_pence: row.totalPence,
    lines: row.lines as {
      item: string;
      quantity: number;
      unitPence: number;
      amountPence: number;
    }[],
    created_on: row.createdOn.toISOString(),
  };
}

/** The price list in level order (basic, standard, enterprise), as the API answers it. */
function toPriceList(rows: PriceRow[]) {
  return SUBSCRIPTION_LEVEL_NAMES.flatMap((level) => {
    const row = rows.find((candidate) => candidate.level === level);
    return row
      ? [
          {
            level,
            monthly_fee_pence: row.monthlyFeePence,
            per_active_user_pence: row.perActiveUserPence,
            per_survey_site_pence: row.perSurveySitePence,
            updated_at: row.updatedAt.toISOString(),
            updated_by: row.updatedByUsername,
          },
        ]
      : [];
  });
}

export function toQueuedTask(task: TaskRow) {
  return {
    id: task.id,
    function_name: task.functionName,
    state: task.state,
    message: task.message,
  };
}

export function createBillingService(deps: {
  repository: BillingRepository;
  blobs: BlobStore;
  queue: TaskQueue;
  mailer: Mailer;
  publicUrl: string;
  onQueued: (task: TaskRow) => Promise<void>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** Staff: every subscription; an organisation's admins: their own. */
    async subscriptions(viewer: Viewer, organisationId?: string) {
      const scope = organisationScope(viewer, 'bills.read', organisationId);
      await repository.ensureSubscriptions();
      const id = scopedOrganisationId(scope);
      if (!scope.all && id === null) return [];
      return (await repository.subscriptions(id ?? undefined)).map(toSubscription);
    },

    async updateSubscription(
      viewer: Viewer,
      organisationId: string,
      change: z.infer<typeof subscriptionUpdateSchema>,
    ) {
      authorize(viewer, 'billing.manage');
      await repository.ensureSubscriptions();
      const [current] = await repository.subscriptions(organisationId);
      if (!current) throw new HttpError(404, serverMessage('organisationMissing'));
      if (change.renewal_on !== undefined && change.renewal_on !== current.renewalOn) {
        // SPEC section 1: renewal notice at least 30 days ahead, so no renewal sooner than that.
        const earliest = isoDay(
          new Date(now().getTime() + SUBSCRIPTION_TERMS.renewalNoticeDays * DAY_MS),
        );
        if (change.renewal_on <= earliest) {
          throw new HttpError(
            400,
            serverMessage('renewalTooSoon', {
              days: SUBSCRIPTION_TERMS.renewalNoticeDays,
              date: earliest,
            }),
          );
        }
      }
      await repository.updateSubscription(organisationId, {
        ...(change.level === undefined ? {} : { level: change.level }),
        ...(change.renewal_on === undefined ? {} : { renewalOn: change.renewal_on }),
        ...(change.state === undefined || change.state === current.state
          ? {}
          : { state: change.state, stateChangedAt: now() }),
      });
      const [updated] = await repository.subscriptions(organisationId);
      if (!updated) throw new HttpError(404, serverMessage('organisationMissing'));
      return toSubscription(updated);
    },

    /** Staff: the price list bills are made at. */
    async prices(viewer: Viewer) {
      authorize(viewer, 'billing.manage');
      return toPriceList(await repository.prices());
    },

    /**
     * Staff: changes a level's prices. Bills made from now on charge them; bills already made
     * keep the unit prices in their lines.
     */
    async updatePrices(
      viewer: Viewer,
      level: string,
      change: z.infer<typeof subscriptionPriceUpdateSchema>,
    ) {
      const staff = authorize(viewer, 'billing.manage');
      const found =
        isSubscriptionLevel(level) &&
        (await repository.updatePrices(
          level,
          {
            ...(change.monthly_fee_pence === undefined
              ? {}
              : { monthlyFeePence: change.monthly_fee_pence }),
            ...(change.per_active_user_pence === undefined
              ? {}
              : { perActiveUserPence: change.per_active_user_pence }),
            ...(change.per_survey_site_pence === undefined
              ? {}
              : { perSurveySitePence: change.per_survey_site_pence }),
          },
          staff.userId,
        ));
      if (!found) throw new HttpError(404, serverMessage('notFound'));
      const [updated] = toPriceList(await repository.prices()).filter((row) => row.level === level);
      if (!updated) throw new HttpError(404, serverMessage('notFound'));
      return updated;
    },

    /** Staff: every bill, or one organisation's; an organisation's admins: their own only. */
    async bills(viewer: Viewer, organisationId?: string) {
      const scope = organisationScope(viewer, 'bills.read', organisationId);
      const id = scopedOrganisationId(scope);
      if (!scope.all && id === null) return [];
      return (await repository.bills(id ?? undefined)).map(toBill);
    },

    /** A bill's PDF or CSV, for staff or the organisation's admins. */
    async billFile(viewer: Viewer, billId: string, format: 'pdf' | 'csv') {
      authorize(viewer, 'bills.read');
      const bill = await repository.findBill(billId);
      if (!bill) throw new HttpError(404, serverMessage('billMissing'));
      authorize(viewer, 'bills.read', { organisationId: bill.organisationId });
      const key = format === 'pdf' ? bill.pdfKey : bill.csvKey;
      const safeName = bill.organisationName.replace(/[^\w-]+/g, '-');
      return {
        bytes: await deps.blobs.getBytes(key),
        fileName: `roadcount-bill-${bill.month}-${safeName}.${format}`,
        mediaType: format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
      };
    },

    /** Queues the bills of a month (generate_bills); a month already billed gets none again. */
    async generate(viewer: Viewer, month: string) {
      authorize(viewer, 'billing.manage');
      const task = await deps.queue.enqueue({
        functionName: 'generate_bills',
        organisationId: null,
        userId: viewer.userId,
        payload: { month },
        message: serverMessage('taskBillsQueued', { month }),
      });
      await deps.onQueued(task);
      return toQueuedTask(task);
    },

    /**
     * SPEC section 1: mails each active subscription's admins when its renewal is 30 to 45 days
     * away (checked hourly, so at least 30 days ahead), once per renewal date.
     */
    async sendRenewalNotices(): Promise<number> {
      await repository.ensureSubscriptions();
      const today = now();
      const horizon = isoDay(
        new Date(today.getTime() + (SUBSCRIPTION_TERMS.renewalNoticeDays + 15) * DAY_MS),
      );
      let sent = 0;
      for (const subscription of await repository.renewalsToNotice(isoDay(today), horizon)) {
        const link = `${deps.publicUrl}/ui/admin-tools/billing`;
        for (const admin of await repository.adminRecipients(subscription.organisationId)) {
          const locale = mailLocale(admin.preferences);
          const say = (key: string, params: Record<string, string | number> = {}) =>
            mailText(locale, `renewalNotice.${key}`, params);
          await deps.mailer.send({
            to: admin.email,
            subject: say('subject', { date: subscription.renewalOn }),
            text: mailBody(locale, admin.firstName || admin.username, [
              say('renews', {
                level: subscription.level,
                organisation: subscription.organisationName,
                date: subscription.renewalOn,
              }),
              say('allows', {
                users: subscription.maxActiveUsers,
                sites: subscription.maxSites,
              }),
              say('change'),
              link,
            ]),
            link,
          });
        }
        await repository.noticeSent(subscription.organisationId, subscription.renewalOn);
        sent += 1;
      }
      return sent;
    },

    /** Queues last month's bills once, when no run for that month was ever queued. */
    async queueMonthlyBills(): Promise<TaskRow | null> {
      const month = previousMonth(now());
      if (await repository.taskExists('generate_bills', month)) return null;
      const task = await deps.queue.enqueue({
        functionName: 'generate_bills',
        organisationId: null,
        userId: null,
        payload: { month },
        message: serverMessage('taskBillsQueued', { month }),
      });
      await deps.onQueued(task);
      return task;
    },

    /** Queues the deletion of lapsed organisations' data when one is past its 12 months. */
    async queueLapsedDeletion(): Promise<TaskRow | null> {
      const cutoff = new Date(now());
      cutoff.setUTCMonth(cutoff.getUTCMonth() - SUBSCRIPTION_TERMS.dataRetentionMonths);
      if ((await repository.lapsedBefore(cutoff)).length === 0) return null;
      if (await repository.taskExists('delete_lapsed_organisations')) return null;
      const task = await deps.queue.enqueue({
        functionName: 'delete_lapsed_organisations',
        organisationId: null,
        userId: null,
        payload: {},
        message: serverMessage('taskDeletingLapsed'),
      });
      await deps.onQueued(task);
      return task;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
