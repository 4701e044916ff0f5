import type { IResolvers } from 'mercurius';
import {
  planSiteMerge,
  SITE_MERGE_MESSAGES,
  type CompassLetter,
  type DirectionAlignment,
  serverMessage,
} from '@roadcount/domain';
import type { Access, SiteRow } from '../../infra/access/access.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import { toTaskTracking } from '../../infra/queue/taskTracking.ts';
import { mergeProblemMessage, toMergeSite } from './siteMerge.ts';

export const siteMergeTypeDefs = /* GraphQL */ `
  "One direction of a site being merged, and the target direction its vehicles count as."
  input DirectionAlignmentInput {
    site_id: ID!
    "N, E, S or W"
    from: String!
    "N, E, S or W: the target site's direction one or two"
    to: String!
  }

  extend type Mutation {
    """
    SPEC section 4: queues a merge of the sources into the target (organisation admins). Every
    file of the sources moves to the target, the sources are removed, the target's figures are
    rebuilt and the user is emailed. Sites with inconsistent class schemes are refused; sites
    with more than 2 directions in total need an alignment of every source direction.
    """
    mergeSites(
      target_id: ID!
      source_ids: [ID!]!
      alignment: [DirectionAlignmentInput!]
    ): TaskTracking!
  }
`;

export function siteMergeResolvers(deps: {
  access: Access;
  queue: TaskQueue;
  onQueued: (task: TaskRow) => void;
}): IResolvers<unknown, GraphqlContext> {
  return {
    Mutation: {
      mergeSites: (
        _root,
        args: {
          target_id: string;
          source_ids: string[];
          alignment?: { site_id: string; from: string; to: string }[] | null;
        },
        context,
      ) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const found = await deps.access.sites(viewer, 'sites.update', [
            args.target_id,
            ...args.source_ids,
          ]);
          const target = found.find((site) => site.id === args.target_id) as SiteRow;
          if (found.some((site) => site.ownerOrganisationId !== target.ownerOrganisationId))
            throw new HttpError(400, SITE_MERGE_MESSAGES.sameOrganisation);
          const alignment: DirectionAlignment = {};
          for (const entry of args.alignment ?? []) {
            const letters = ['N', 'E', 'S', 'W'];
            if (!letters.includes(entry.from) || !letters.includes(entry.to))
              throw new HttpError(400, `alignment: directions must be N, E, S or W`);
            (alignment[entry.site_id] ??= {})[entry.from as CompassLetter] =
              entry.to as CompassLetter;
          }
          const sources = args.source_ids.map(
            (id) => found.find((site) => site.id === id) as SiteRow,
          );
          const plan = planSiteMerge(toMergeSite(target), sources.map(toMergeSite), alignment);
          if (!plan.ok) throw new HttpError(400, mergeProblemMessage(plan));
          const task = await deps.queue.enqueue({
            functionName: 'merge_sites',
            organisationId: target.ownerOrganisationId,
            userId: viewer.userId,
            payload: { targetId: target.id, sourceIds: sources.map((site) => site.id), alignment },
            message: serverMessage('taskMergeQueued', {
              names: sources.map((site) => site.name).join(', '),
              site: target.name,
            }),
          });
          deps.onQueued(task);
          return toTaskTracking(task);
        }),
    },
  };
}
