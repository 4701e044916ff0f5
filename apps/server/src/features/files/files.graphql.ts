import mercurius, { type IResolvers } from 'mercurius';
import {
  effectiveReviewStatus,
  messageForStatus,
  type StoredReviewStatus,
} from '@roadcount/domain';
import { authorizeGraphql, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import type { FilesRepository } from './files.repository.ts';

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

  extend type Query {
    getTrafficDataFile(id: ID!): TrafficDataFile
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

export function filesResolvers(
  files: FilesRepository,
  queue: TaskQueue,
): IResolvers<unknown, GraphqlContext> {
  async function fileView(id: string) {
    const found = await files.findWithSite(id);
    if (!found) return null;
    const { file, site, organisationName } = found;
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
        const found = await fileView(args.fileId);
        if (!found) {
          authorizeGraphql(context, 'files.review');
          throw new mercurius.ErrorWithProps(messageForStatus(404), { code: 'NOT_FOUND' }, 404);
        }
        const reviewer = authorizeGraphql(context, 'files.review', {
          organisationId: found.organisationId,
        });
        const outcome = REVIEW_OUTCOMES.find((candidate) => candidate === args.status);
        if (!outcome) graphqlError(`status must be ACC or REJ, not '${args.status}'`, 400);
        if (found.view.review_status !== 'WFR') {
          graphqlError('Only a file waiting for review can be accepted or rejected.', 409);
        }
        const file = await files.find(args.fileId);
        const logs = file?.logs ?? {};
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
        // Accepted data joins its site: its rollups are rebuilt.
        if (outcome === 'ACC' && found.siteId) {
          await queue.enqueue({
            functionName: 'refresh_site_rollups',
            organisationId: found.organisationId,
            userId: reviewer.userId,
            payload: { siteId: found.siteId },
          });
        }
        return (await fileView(args.fileId))?.view;
      },
    },
    Query: {
      getTrafficDataFile: async (_root, args: { id: string }, context) => {
        const found = await fileView(args.id);
        if (!found) {
          authorizeGraphql(context, 'files.read');
          throw new mercurius.ErrorWithProps(messageForStatus(404), { code: 'NOT_FOUND' }, 404);
        }
        authorizeGraphql(context, 'files.read', { organisationId: found.organisationId });
        return found.view;
      },
    },
  };
}
