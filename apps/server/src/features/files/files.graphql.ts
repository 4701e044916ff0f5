import mercurius, { type IResolvers } from 'mercurius';
import {
  effectiveReviewStatus,
  NOT_FOUND_MESSAGES,
  type Action,
  type StoredReviewStatus,
} from '@roadcount/domain';
import { organisationScope, scopedOrganisationId, type Access } from '../../infra/access/access.ts';
import { HttpError } from '../../infra/errors.ts';
import {
  authorizeGraphql,
  requireViewer,
  withHttpErrors,
  type GraphqlContext,
  type Viewer,
} from '../../infra/graphql/context.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import { FILE_SORTS, type FilesRepository } from './files.repository.ts';

export const filesTypeDefs = /* GraphQL */ `
  type TrafficDataFileLogs {
    saved_vehicles: Int
    data_qc_tests: JSON
    notes: JSON
    user_review: JSON
    processing_error: String
    match: JSON
    duplicate_of: ID
  }

  type RelatedSite {
    id: ID!
    name: String!
    organisation_name: String
  }

  "SPEC section 3: a traffic data file."
  type TrafficDataFile {
    id: ID!
    file_name: String!
    s3_key: String!
    uploaded_on: String!
    start_data_datetime: String
    end_data_datetime: String
    "LOAD while processing; WFR, ACC, REJ, PDC or NRE after."
    review_status: String!
    logs: TrafficDataFileLogs!
    summary_stats: JSON
    site: RelatedSite
  }

  "One page of the files table, with the number of files matching."
  type TrafficDataFilePage {
    total: Int!
    files: [TrafficDataFile!]!
  }

  type FileDownload {
    "A link that downloads the raw file for a few minutes, to open in a new window."
    url: String!
  }

  extend type Query {
    getTrafficDataFile(id: ID!): TrafficDataFile
    "SPEC section 7: a file's id, logs, start and end datetimes."
    trafficDataFileLogs(id: ID!): TrafficDataFile!
    "SPEC section 7: the same for several files at once (at most 100), in the order asked."
    trafficDataFilesLogs(ids: [ID!]!): [TrafficDataFile!]!
    "SPEC section 7: the files of an organisation (yours; platform staff may name one or omit it for all)."
    trafficDataFiles(
      orgId: ID
      search: String
      status: String
      "uploaded_on (default), file_name, start_data_datetime, end_data_datetime, review_status, site, saved_vehicles"
      sort: String
      "asc or desc (default)"
      direction: String
      page: Int
      page_size: Int
    ): TrafficDataFilePage!
    s3TrafficDataFile(id: ID!): FileDownload!
  }

  extend type Mutation {
    "SPEC section 7: accept (ACC) or reject (REJ) a file waiting for review, with the reviewer's words."
    updateDataQcCheck(fileId: ID!, userReview: JSON, status: String!): TrafficDataFile!
  }
`;

const REVIEW_OUTCOMES = ['ACC', 'REJ'] as const;

function graphqlError(message: string, status: number): never {
  throw new mercurius.ErrorWithProps(
    message,
    { code: status === 409 ? 'CONFLICT' : 'BAD_REQUEST' },
    status,
  );
}

type FileWithSite = NonNullable<Awaited<ReturnType<FilesRepository['findWithSite']>>>;

const MAX_PAGE_SIZE = 100;
const MAX_BULK_FILES = 100;

export function filesResolvers(deps: {
  files: FilesRepository;
  queue: TaskQueue;
  tokens: TokenService;
  access: Access;
}): IResolvers<unknown, GraphqlContext> {
  const { files, queue, tokens, access } = deps;

  async function fileView(id: string) {
    const found = await files.findWithSite(id);
    return found ? toView(found) : null;
  }

  /** The file and its view, if the viewer may take the action on it (else 401, 403 or 404). */
  function allowedFile(viewer: Viewer | null, action: Action, id: string) {
    return withHttpErrors(async () => {
      const file = await access.file(viewer, action, id);
      const found = await fileView(id);
      if (!found) throw new HttpError(404, NOT_FOUND_MESSAGES.file);
      return { file, ...found };
    });
  }

  function toView({ file, site, organisationName }: FileWithSite) {
    const logs = file.logs;
    const saved = typeof logs.saved_vehicles === 'number' ? logs.saved_vehicles : null;
    return {
      organisationId: file.organisationId,
      siteId: file.siteId,
      view: {
        id: file.id,
        file_name: file.fileName,
        s3_key: file.s3Key,
        uploaded_on: file.uploadedOn.toISOString(),
        start_data_datetime: file.startDataDatetime?.toISOString() ?? null,
        end_data_datetime: file.endDataDatetime?.toISOString() ?? null,
        review_status: effectiveReviewStatus(file.reviewStatus as StoredReviewStatus | null, saved),
        logs: { ...logs, saved_vehicles: saved },
        summary_stats: file.summaryStats,
        site: site ? { id: site.id, name: site.name, organisation_name: organisationName } : null,
      },
    };
  }

  return {
    Mutation: {
      updateDataQcCheck: async (
        _root,
        args: { fileId: string; userReview?: unknown; status: string },
        context,
      ) => {
        const reviewer = requireViewer(context);
        const found = await allowedFile(reviewer, 'files.review', args.fileId);
        const outcome = REVIEW_OUTCOMES.find((candidate) => candidate === args.status);
        if (!outcome) graphqlError(`status must be ACC or REJ, not '${args.status}'`, 400);
        if (found.view.review_status !== 'WFR') {
          graphqlError('Only a file waiting for review can be accepted or rejected.', 409);
        }
        const logs = found.file.logs;
        const reviews: unknown[] = Array.isArray(logs.user_review)
          ? (logs.user_review as unknown[])
          : [];
        await files.update(args.fileId, {
          reviewStatus: outcome,
          logs: {
            ...logs,
            user_review: [
              ...reviews,
              {
                status: outcome,
                review: args.userReview ?? null,
                who: reviewer.row.username,
                when: new Date().toISOString(),
              },
            ],
          },
        });
        // Accepted data joins its site (rejected stays out): the site's rollups are rebuilt.
        if (found.siteId) {
          await queue.enqueue({
            functionName: 'process_file_after_review',
            organisationId: found.organisationId,
            userId: reviewer.userId,
            payload: { fileId: args.fileId },
          });
        }
        return (await fileView(args.fileId))?.view;
      },
    },
    Query: {
      trafficDataFiles: (
        _root,
        args: {
          orgId?: string | null;
          search?: string | null;
          status?: string | null;
          sort?: string | null;
          direction?: string | null;
          page?: number | null;
          page_size?: number | null;
        },
        context,
      ) =>
        withHttpErrors(async () => {
          const scope = organisationScope(requireViewer(context), 'files.read', args.orgId);
          // A viewer of no organisation who may not see all sees no files.
          if (!scope.all && scope.organisationId === null) return { total: 0, files: [] };
          const organisationId = scopedOrganisationId(scope);
          const sort = FILE_SORTS.find((candidate) => candidate === (args.sort ?? 'uploaded_on'));
          if (!sort) graphqlError(`sort must be one of ${FILE_SORTS.join(', ')}`, 400);
          const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, args.page_size ?? 25));
          const page = Math.max(0, args.page ?? 0);
          const { rows, total } = await files.list({
            organisationId,
            search: args.search?.trim() || undefined,
            status: args.status ?? undefined,
            sort,
            direction: args.direction === 'asc' ? 'asc' : 'desc',
            offset: page * pageSize,
            limit: pageSize,
          });
          return { total, files: rows.map((row) => toView(row).view) };
        }),
      s3TrafficDataFile: async (_root, args: { id: string }, context) => {
        const viewer = requireViewer(context);
        await withHttpErrors(() => access.file(viewer, 'files.read', args.id));
        const token = await tokens.signDownload(args.id, viewer.userId);
        return { url: `/api/files/${args.id}/download?token=${encodeURIComponent(token)}` };
      },
      trafficDataFilesLogs: async (_root, args: { ids: string[] }, context) => {
        const viewer = authorizeGraphql(context, 'files.read');
        if (args.ids.length > MAX_BULK_FILES)
          graphqlError(`Ask for at most ${MAX_BULK_FILES} files at once.`, 400);
        const found = [];
        // One by one, in the order asked: the first missing or foreign file answers.
        for (const id of args.ids) found.push((await allowedFile(viewer, 'files.read', id)).view);
        return found;
      },
      trafficDataFileLogs: async (_root, args: { id: string }, context) => {
        return (await allowedFile(context.viewer, 'files.read', args.id)).view;
      },
      getTrafficDataFile: async (_root, args: { id: string }, context) => {
        return (await allowedFile(context.viewer, 'files.read', args.id)).view;
      },
    },
  };
}
