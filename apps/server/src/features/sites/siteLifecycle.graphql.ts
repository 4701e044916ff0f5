import type { IResolvers } from 'mercurius';
import { SITE_IMPORT_PROBLEM, serverMessage } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { toTaskTracking } from '../../infra/queue/taskTracking.ts';
import type { SiteLifecycleService } from './siteLifecycle.service.ts';

export const siteLifecycleTypeDefs = /* GraphQL */ `
  "One problem of a sites CSV: its row (the header is row 1; null for the whole file) and column."
  type SiteImportError {
    row: Int
    field: String
    "A message key: the site rules' (SITE_MESSAGES) or the import's (SITE_IMPORT_MESSAGES)."
    code: String!
    message: String!
    params: JSON!
  }

  type SiteImportResult {
    "Sites created: every row of the file, or 0 when it has any error."
    imported: Int!
    "'problem with the CSV data, check your file' when there are errors."
    message: String
    errors: [SiteImportError!]!
  }

  type DeletedSite {
    id: ID!
    name: String!
    site_type: String!
    deleted_at: String!
    files: Int!
    "A permanent deletion of the site is queued or running."
    permanent_deletion_pending: Boolean!
  }

  extend type Query {
    "The organisation's deleted sites, most recently deleted first (organisation admins)."
    deletedSites: [DeletedSite!]!
  }

  extend type Mutation {
    "SPEC section 5: creates a site per row of the CSV, all or none (organisation admins)."
    importSites(csv: String!): SiteImportResult!
    "Queues the deletion of a site (SPEC section 4); the site and its files are hidden until restored."
    deleteSite(id: ID!): TaskTracking!
    "Brings a deleted site back with its files and figures; answers its id."
    restoreSite(id: ID!): ID!
    "Queues the removal of a deleted site with its files' data and rollups."
    deleteSitePermanently(id: ID!): TaskTracking!
  }
`;

/** Twice the largest CSV we take: a file of SITE_IMPORT_MAX_ROWS rows stays well under it. */
const MAX_CSV_CHARACTERS = 1_000_000;

export function siteLifecycleResolvers(
  service: SiteLifecycleService,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      deletedSites: (_root, _args, context) =>
        withHttpErrors(() => service.listDeleted(requireViewer(context))),
    },
    Mutation: {
      importSites: (_root, args: { csv: string }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          if (args.csv.length > MAX_CSV_CHARACTERS)
            throw new HttpError(400, serverMessage('siteCsvTooLarge'));
          const result = await service.importSites(viewer, args.csv);
          return {
            ...result,
            message: result.errors.length > 0 ? SITE_IMPORT_PROBLEM : null,
          };
        }),
      deleteSite: (_root, args: { id: string }, context) =>
        withHttpErrors(async () =>
          toTaskTracking(await service.requestDelete(requireViewer(context), args.id)),
        ),
      restoreSite: (_root, args: { id: string }, context) =>
        withHttpErrors(() => service.restore(requireViewer(context), args.id)),
      deleteSitePermanently: (_root, args: { id: string }, context) =>
        withHttpErrors(async () =>
          toTaskTracking(await service.requestPermanentDelete(requireViewer(context), args.id)),
        ),
    },
  };
}
