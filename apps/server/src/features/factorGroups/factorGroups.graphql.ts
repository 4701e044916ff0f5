import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { FactorGroupBasis, FactorGroupsService, SiteAadt } from './factorGroups.service.ts';

export const factorGroupsTypeDefs = /* GraphQL */ `
  "How an organisation grouped the sites of a factor group."
  enum FactorGroupBasis {
    roadClass
    area
    pattern
  }

  "A site of a factor group: a continuous site with the months it qualifies for, or a short count."
  type FactorGroupSite {
    site_id: ID!
    name: String!
    site_type: String!
    "Months (0 January … 11 December) with enough days of each weekday (continuous sites)."
    qualifying_months: [Int!]!
    "The continuous site's AASHTO AADT when all 12 months qualify."
    aadt: Float
  }

  "Issue 25: a site group whose continuous sites give monthly and day-of-week factors (TMG 2022)."
  type FactorGroup {
    id: ID!
    name: String!
    basis: FactorGroupBasis!
    "A continuous site's month counts only with at least this many days of each weekday."
    min_days_per_weekday: Int!
    "Continuous sites whose factors were averaged (those with 12 qualifying months)."
    factor_sites: Int!
    "12 monthly factors, January first (null where no site qualifies)."
    monthly_factors: [Float]!
    "7 day-of-week factors, Monday first."
    day_of_week_factors: [Float]!
    continuous_sites: [FactorGroupSite!]!
    short_count_sites: [FactorGroupSite!]!
  }

  "A continuous site's monthly factors and the cluster its pattern falls in."
  type ContinuousSitePattern {
    site_id: ID!
    name: String!
    qualifying_months: [Int!]!
    aadt: Float
    monthly_factors: [Float]!
    "0-based cluster of like monthly patterns; null without 12 qualifying months."
    cluster: Int
  }

  "A site's AADT and how it was found: aashto (continuous), factored (a short count adjusted by its group's factors) or unadjusted (its ADT). Always over the site's whole record and all its vehicles: AADT is an annual figure of the site, so no date range or filter applies."
  type SiteAadt {
    site_id: ID!
    method: String!
    "aashto, aashtoMissingWeekdays, aashtoMissingMonths, aashtoMissingMonthsAndWeekdays, factored, unadjustedNoGroup or unadjustedNoFactors."
    variant: String!
    "Not an AASHTO AADT over 12 months: fewer months, a factored or an unadjusted short count."
    estimate: Boolean!
    "wholeRecord: the site's whole record, all vehicles, whatever the page's filters."
    scope: String!
    "Why the AADT does not follow the filters."
    scope_reason: String!
    "For an unadjusted short count: noGroup or noFactors."
    reason: String
    group_id: ID
    group_name: String
    "The version of the group's factors the AADT was made with; it changes when they change."
    group_version: String
    whole_days: Int!
    adt: Float
    "The site's AADT, whatever the method."
    aadt: Float
    "Factored: the group's 12 monthly factors (January first) used."
    monthly_factors: [Float]
    "Factored: the group's 7 day-of-week factors (Monday first) used."
    day_of_week_factors: [Float]
    monthly_factor: Float
    day_of_week_factor: Float
    "AASHTO: the months with data; factored: the months of the count's days."
    months: [Int!]!
    "AASHTO: the months averaged over the weekdays present."
    months_missing_weekdays: [Int!]!
    "Mean absolute error of the method on the group's continuous sites over runs of as many days, percent."
    error_percent: Float
    error_samples: Int!
  }

  extend type Query {
    "The organisation's factor groups with their sites and factors."
    factorGroups: [FactorGroup!]!
    "The organisation's continuous sites clustered by monthly pattern (1 to 6 clusters)."
    continuousSitePatterns(clusters: Int!): [ContinuousSitePattern!]!
    "A site's AADT over its whole record: AASHTO for a continuous site, else its ADT adjusted by its factor group, or unadjusted."
    siteAadt(site_id: ID!): SiteAadt!
  }

  extend type Mutation {
    "Makes a site group a factor group on a basis, or (basis null) an ordinary group again (organisation admins)."
    setFactorGroupBasis(group_id: ID!, basis: FactorGroupBasis): Boolean!
  }
`;

type Described = Awaited<ReturnType<FactorGroupsService['list']>>[number];

const site = (entry: {
  siteId: string;
  name: string;
  siteType: string;
  qualifyingMonths?: number[];
  aadt?: number | null;
}) => ({
  site_id: entry.siteId,
  name: entry.name,
  site_type: entry.siteType,
  qualifying_months: entry.qualifyingMonths ?? [],
  aadt: entry.aadt ?? null,
});

function toGroup(described: Described, minDays: number) {
  return {
    id: described.group.id,
    name: described.group.name,
    basis: described.group.basis,
    min_days_per_weekday: minDays,
    factor_sites: described.factors.sites,
    monthly_factors: described.factors.monthly,
    day_of_week_factors: described.factors.dayOfWeek,
    continuous_sites: described.continuous.map(site),
    short_count_sites: described.shortCounts.map(site),
  };
}

export const toSiteAadt = (aadt: SiteAadt) => ({
  site_id: aadt.siteId,
  method: aadt.method,
  variant: aadt.variant,
  estimate: aadt.estimate,
  scope: aadt.scope,
  scope_reason: aadt.scopeReason,
  reason: aadt.reason,
  group_version: aadt.groupVersion,
  monthly_factors: aadt.factors?.monthly ?? null,
  day_of_week_factors: aadt.factors?.dayOfWeek ?? null,
  months_missing_weekdays: aadt.monthsMissingWeekdays,
  group_id: aadt.groupId,
  group_name: aadt.groupName,
  whole_days: aadt.wholeDays,
  adt: aadt.adt,
  aadt: aadt.aadt,
  monthly_factor: aadt.monthlyFactor,
  day_of_week_factor: aadt.dayOfWeekFactor,
  months: aadt.months,
  error_percent: aadt.errorPercent,
  error_samples: aadt.errorSamples,
});

export function factorGroupsResolvers(
  service: FactorGroupsService,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      factorGroups: (_root, _args, context) =>
        withHttpErrors(async () =>
          (await service.list(requireViewer(context))).map((group) =>
            toGroup(group, service.minDaysPerWeekday),
          ),
        ),
      continuousSitePatterns: (_root, args: { clusters: number }, context) =>
        withHttpErrors(async () =>
          (await service.patterns(requireViewer(context), args.clusters)).map((entry) => ({
            site_id: entry.siteId,
            name: entry.name,
            qualifying_months: entry.qualifyingMonths,
            aadt: entry.aadt,
            monthly_factors: entry.monthly,
            cluster: entry.cluster,
          })),
        ),
      siteAadt: (_root, args: { site_id: string }, context) =>
        withHttpErrors(async () =>
          toSiteAadt(await service.siteAadt(requireViewer(context), args.site_id)),
        ),
    },
    Mutation: {
      setFactorGroupBasis: (
        _root,
        args: { group_id: string; basis?: FactorGroupBasis | null },
        context,
      ) =>
        withHttpErrors(async () => {
          await service.setBasis(requireViewer(context), args.group_id, args.basis ?? null);
          return true;
        }),
    },
  };
}
