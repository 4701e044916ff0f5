import { can } from '@roadcount/domain';
import type { IResolvers } from 'mercurius';
import { isUuid } from '../../infra/db/ids.ts';
import type { GraphqlContext, Viewer } from '../../infra/graphql/context.ts';
import { requireViewer, withHttpErrors } from '../../infra/graphql/context.ts';
import type {
  NotificationRow,
  NotificationsRepository,
  Reader,
} from './notifications.repository.ts';

export const notificationsTypeDefs = /* GraphQL */ `
  "SPEC section 2, Profile: something the user is told of (a file to review, a merge done...)."
  type Notification {
    id: ID!
    "What it is about: file_review, merge_sites, delete_site, report_ready, survey_overdue..."
    kind: String!
    "Its details: ids and names of what it is about, and a text."
    message: JSON!
    created_on: String!
    read: Boolean!
  }

  type Notifications {
    unread: Int!
    items: [Notification!]!
  }

  extend type Query {
    "The signed-in user's notifications, newest first (those to the organisation's admins too, for an admin)."
    myNotifications(limit: Int = 30): Notifications!
  }

  extend type Mutation {
    "Marks these notifications read, or every unread one when ids are left out; answers how many."
    markNotificationsRead(ids: [ID!]): Int!
  }
`;

/** The viewer as a reader: admins also read what is addressed to their organisation's admins. */
function readerOf(viewer: Viewer): Reader {
  return {
    userId: viewer.userId,
    organisationId: viewer.organisationId,
    organisationWide: can(viewer, 'files.review', { organisationId: viewer.organisationId }),
    demoSession: viewer.isDemo ? (viewer.demoSession ?? '') : null,
  };
}

const toNotification = (row: NotificationRow) => ({
  id: row.id,
  kind: row.functionId,
  message: row.message,
  created_on: row.createdOn.toISOString(),
  read: row.readAt !== null,
});

export function notificationsResolvers(
  repository: NotificationsRepository,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      myNotifications: (_root, args: { limit?: number | null }, context) =>
        withHttpErrors(async () => {
          const reader = readerOf(requireViewer(context));
          const limit = Math.min(Math.max(1, args.limit ?? 30), 100);
          const [items, unread] = await Promise.all([
            repository.list(reader, limit),
            repository.unreadCount(reader),
          ]);
          return { unread, items: items.map(toNotification) };
        }),
    },
    Mutation: {
      markNotificationsRead: (_root, args: { ids?: string[] | null }, context) =>
        withHttpErrors(() =>
          repository.markRead(
            readerOf(requireViewer(context)),
            args.ids ? args.ids.filter(isUuid) : null,
          ),
        ),
    },
  };
}
