import {
  and,
  asc,
  countDistinct,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import {
  bills,
  organisations,
  pageViews,
  sites,
  subscriptionPrices,
  subscriptions,
  surveySites,
  surveys,
  tasks,
  trafficDataFiles,
  users,
} from '../../infra/db/schema.ts';
import { isUuid } from '../../infra/db/ids.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect & {
  organisationName: string;
  maxActiveUsers: number;
  maxSites: number;
};
export type BillRow = typeof bills.$inferSelect & { organisationName: string };
export type PriceRow = typeof subscriptionPrices.$inferSelect & {
  updatedByUsername: string | null;
};
export type PriceChange = Partial<
  Pick<PriceRow, 'monthlyFeePence' | 'perActiveUserPence' | 'perSurveySitePence'>
>;

const subscriptionColumns = {
  organisationId: subscriptions.organisationId,
  level: subscriptions.level,
  renewalOn: subscriptions.renewalOn,
  state: subscriptions.state,
  stateChangedAt: subscriptions.stateChangedAt,
  renewalNoticeFor: subscriptions.renewalNoticeFor,
  createdOn: subscriptions.createdOn,
  organisationName: organisations.name,
  maxActiveUsers: organisations.maxActiveUsers,
  maxSites: organisations.maxSites,
};

export function createBillingRepository(db: Database) {
  return {
    /** The price list, one row per level, with who last changed each. */
    async prices(): Promise<PriceRow[]> {
      return db
        .select({ ...getTableColumns(subscriptionPrices), updatedByUsername: users.username })
        .from(subscriptionPrices)
        .leftJoin(users, eq(users.id, subscriptionPrices.updatedBy))
        .orderBy(asc(subscriptionPrices.level));
    },

    /** Changes a level's prices; false when the level has no row. */
    async updatePrices(level: string, change: PriceChange, userId: string): Promise<boolean> {
      const updated = await db
        .update(subscriptionPrices)
        .set({ ...change, updatedAt: new Date(), updatedBy: userId })
        .where(eq(subscriptionPrices.level, level))
        .returning({ level: subscriptionPrices.level });
      return updated.length > 0;
    },

    /**
     * Every organisation has a subscription: one without gets the basic level, active, renewing
     * a year after the organisation was created.
     */
    async ensureSubscriptions(): Promise<void> {
      await db.execute(sql`
        insert into subscriptions (organisation_id, renewal_on)
        select id, to_char((created_on at time zone 'UTC') + interval '1 year', 'YYYY-MM-DD')
        from organisations
        on conflict (organisation_id) do nothing`);
    },

    async subscriptions(organisationId?: string): Promise<SubscriptionRow[]> {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
        .where(organisationId ? eq(subscriptions.organisationId, organisationId) : undefined)
        .orderBy(asc(organisations.name));
    },

    async updateSubscription(
      organisationId: string,
      values: Partial<Pick<SubscriptionRow, 'level' | 'renewalOn' | 'state' | 'stateChangedAt'>>,
    ): Promise<void> {
      await db
        .update(subscriptions)
        .set(values)
        .where(eq(subscriptions.organisationId, organisationId));
    },

    /**
     * The month's recorded usage: active users are the organisation's users who opened a screen
     * in the month (page views); survey sites those of its surveys scheduled within the month.
     */
    async usage(
      organisationId: string,
      month: { start: Date; end: Date; firstDay: string; lastDay: string },
    ): Promise<{ activeUsers: number; surveySites: number }> {
      const [viewers] = await db
        .select({ count: countDistinct(pageViews.userId) })
        .from(pageViews)
        .innerJoin(users, eq(users.id, pageViews.userId))
        .where(
          and(
            eq(pageViews.organisationId, organisationId),
            eq(users.organisationId, organisationId),
            gte(pageViews.viewedAt, month.start),
            lt(pageViews.viewedAt, month.end),
          ),
        );
      const [surveyed] = await db
        .select({ count: countDistinct(surveySites.siteId) })
        .from(surveySites)
        .innerJoin(surveys, eq(surveys.id, surveySites.surveyId))
        .where(
          and(
            eq(surveys.organisationId, organisationId),
            isNull(surveys.deletedAt),
            lte(surveys.scheduledStart, month.lastDay),
            gte(surveys.scheduledEnd, month.firstDay),
          ),
        );
      return { activeUsers: viewers?.count ?? 0, surveySites: surveyed?.count ?? 0 };
    },

    /** Organisations to bill for a month: existing by its end, and active during some of it. */
    async billable(month: { start: Date; end: Date }): Promise<SubscriptionRow[]> {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
        .where(
          and(
            lt(organisations.createdOn, month.end),
            or(eq(subscriptions.state, 'active'), gte(subscriptions.stateChangedAt, month.start)),
          ),
        )
        .orderBy(asc(organisations.name));
    },

    /** Stores the bill unless the organisation has one for the month; answers whether it did. */
    async insertBill(values: typeof bills.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(bills)
        .values(values)
        .onConflictDoNothing({ target: [bills.organisationId, bills.month] })
        .returning({ id: bills.id });
      return inserted.length > 0;
    },

    async hasBill(organisationId: string, month: string): Promise<boolean> {
      const [row] = await db
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.organisationId, organisationId), eq(bills.month, month)));
      return row !== undefined;
    },

    async bills(organisationId?: string): Promise<BillRow[]> {
      const rows = await db
        .select({ bill: bills, organisationName: organisations.name })
        .from(bills)
        .innerJoin(organisations, eq(organisations.id, bills.organisationId))
        .where(organisationId ? eq(bills.organisationId, organisationId) : undefined)
        .orderBy(desc(bills.month), asc(organisations.name));
      return rows.map((row) => ({ ...row.bill, organisationName: row.organisationName }));
    },

    async findBill(id: string): Promise<BillRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ bill: bills, organisationName: organisations.name })
        .from(bills)
        .innerJoin(organisations, eq(organisations.id, bills.organisationId))
        .where(eq(bills.id, id));
      return row && { ...row.bill, organisationName: row.organisationName };
    },

    /** Whether a task of the kind is queued or running (or, with `month`, ever was for it). */
    async taskExists(functionName: string, month?: string): Promise<boolean> {
      const rows = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(
          and(
            eq(tasks.functionName, functionName),
            month === undefined
              ? inArray(tasks.state, ['QD', 'PR'])
              : sql`${tasks.payload}->>'month' = ${month}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Active subscriptions renewing on or before `horizon` (a date) whose notice is not sent. */
    async renewalsToNotice(today: string, horizon: string): Promise<SubscriptionRow[]> {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
        .where(
          and(
            eq(subscriptions.state, 'active'),
            gte(subscriptions.renewalOn, today),
            lte(subscriptions.renewalOn, horizon),
            or(
              isNull(subscriptions.renewalNoticeFor),
              ne(subscriptions.renewalNoticeFor, subscriptions.renewalOn),
            ),
          ),
        );
    },

    async noticeSent(organisationId: string, renewalOn: string): Promise<void> {
      await db
        .update(subscriptions)
        .set({ renewalNoticeFor: renewalOn })
        .where(eq(subscriptions.organisationId, organisationId));
    },

    /** The active admins of an organisation, to whom its bills and notices go. */
    /** The organisation's active admins who get its mail, with the language they read it in. */
    async adminRecipients(organisationId: string) {
      return db
        .select({
          email: users.email,
          firstName: users.firstName,
          username: users.username,
          preferences: users.preferences,
        })
        .from(users)
        .where(
          and(
            eq(users.organisationId, organisationId),
            eq(users.role, 'org_admin'),
            eq(users.isActive, true),
            eq(users.isDemo, false),
          ),
        );
    },

    /** Suspended or cancelled subscriptions whose state changed before `before`. */
    async lapsedBefore(before: Date): Promise<SubscriptionRow[]> {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
        .where(and(ne(subscriptions.state, 'active'), lt(subscriptions.stateChangedAt, before)));
    },

    /** The organisation's sites (deleted ones too), whose stored data goes before the rows. */
    async sitesOf(organisationId: string) {
      return db
        .select({ id: sites.id, rollupsVersion: sites.rollupsVersion })
        .from(sites)
        .where(eq(sites.ownerOrganisationId, organisationId));
    },

    /** Raw uploads of files matched to no site (a site's go with its data). */
    async unmatchedFileKeys(organisationId: string): Promise<string[]> {
      const rows = await db
        .select({ s3Key: trafficDataFiles.s3Key })
        .from(trafficDataFiles)
        .where(
          and(eq(trafficDataFiles.organisationId, organisationId), isNull(trafficDataFiles.siteId)),
        );
      return rows.map((row) => row.s3Key);
    },

    async billKeys(organisationId: string): Promise<string[]> {
      const rows = await db
        .select({ pdf: bills.pdfKey, csv: bills.csvKey })
        .from(bills)
        .where(and(eq(bills.organisationId, organisationId), isNotNull(bills.pdfKey)));
      return rows.flatMap((row) => [row.pdf, row.csv]);
    },

    /**
     * Deletes the organisation's rows: files and sites (restricted references) first, then
     * its users, then the organisation, whose other rows go with it (cascade).
     */
    async deleteOrganisation(organisationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(trafficDataFiles)
          .where(eq(trafficDataFiles.organisationId, organisationId));
        await tx.delete(sites).where(eq(sites.ownerOrganisationId, organisationId));
        await tx.delete(users).where(eq(users.organisationId, organisationId));
        await tx.delete(organisations).where(eq(organisations.id, organisationId));
      });
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
