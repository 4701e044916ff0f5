import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from '../../infra/graphql/context.ts';
import { authorizeGraphql, requireViewer } from '../../infra/graphql/context.ts';
import mercurius from 'mercurius';
import {
  activeMapProfileSchema,
  mapProfilesSchema,
  messageForStatus,
  quickFiltersSchema,
  preferencesSizeProblem,
} from '@roadcount/domain';
import type { UserRow, UsersRepository } from './users.repository.ts';
import { organisationPreferences, toUserSummary, type UserOrganisations } from './users.service.ts';

export const usersTypeDefs = /* GraphQL */ `
  type Organisation {
    id: ID!
    name: String!
    preferences: JSON!
  }

  type User {
    id: ID!
    username: String!
    email: String!
    first_name: String!
    last_name: String!
    group: String!
    is_admin: Boolean!
    is_org_admin: Boolean!
    is_demo: Boolean!
    last_login: String
    preferences: JSON!
    organisation: Organisation
  }

  extend type Query {
    "The signed-in user."
    me: User!
  }

  "SPEC section 3: the profile's stored filterset. Speeds in m/s, headway in s."
  type Filterset {
    id: ID!
    velocity_min: Float!
    velocity_max: Float!
    headway_min: Float!
  }

  extend type Query {
    "Your stored filterset (the SPEC section 9 defaults until you change it)."
    filterset: Filterset!
  }

  extend type Mutation {
    "SPEC section 7: update your filterset by id, setting headway_min, velocity_max and velocity_min."
    update_filterset(
      id: ID!
      headway_min: Float
      velocity_max: Float
      velocity_min: Float
    ): Filterset!
    "SPEC section 7: merges keys into your preferences (tourShown, hidden.mapNotes, locale ...)."
    update_user_preference(userId: ID!, preference: JSON!): User!
  }
`;

export function usersResolvers(
  users: UsersRepository,
  organisations: Pick<UserOrganisations, 'findById'>,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      me: async (_root, _args, context) => toGraphqlUser(requireViewer(context).row),
      filterset: (_root, _args, context) =>
        Promise.resolve(filtersetOf(requireViewer(context).row)),
    },
    Mutation: {
      update_filterset: async (
        _root,
        args: {
          id: string;
          headway_min?: number | null;
          velocity_max?: number | null;
          velocity_min?: number | null;
        },
        context,
      ) => {
        const viewer = authorizeGraphql(context, 'profile.update');
        const current = filtersetOf(viewer.row);
        if (args.id !== current.id) {
          throw new mercurius.ErrorWithProps(messageForStatus(403), { code: 'FORBIDDEN' }, 403);
        }
        const next = {
          id: current.id,
          velocity_min: args.velocity_min ?? current.velocity_min,
          velocity_max: args.velocity_max ?? current.velocity_max,
          headway_min: args.headway_min ?? current.headway_min,
        };
        if (
          next.velocity_min < 0 ||
          next.velocity_max <= next.velocity_min ||
          next.headway_min < 0
        ) {
          throw new mercurius.ErrorWithProps(
            'The minimum speed must be 0 or more and below the maximum, and the minimum headway 0 or more.',
            { code: 'BAD_REQUEST' },
            400,
          );
        }
        await users.mergePreferences(viewer.userId, { filterset: next });
        return next;
      },
      update_user_preference: async (
        _root,
        args: { userId: string; preference: unknown },
        context,
      ) => {
        const viewer = authorizeGraphql(context, 'profile.update');
        if (args.userId !== viewer.userId) {
          throw new mercurius.ErrorWithProps(messageForStatus(403), { code: 'FORBIDDEN' }, 403);
        }
        if (
          !args.preference ||
          typeof args.preference !== 'object' ||
          Array.isArray(args.preference)
        ) {
          throw new mercurius.ErrorWithProps(
            'preference must be an object',
            { code: 'BAD_REQUEST' },
            400,
          );
        }
        const preference = args.preference as Record<string, unknown>;
        // Quick filters and map layer profiles keep their SPEC section 5 rules on the server too.
        const checked = [
          ['quickFilters', quickFiltersSchema],
          ['mapProfiles', mapProfilesSchema],
          ['activeMapProfile', activeMapProfileSchema],
        ] as const;
        for (const [key, schema] of checked) {
          if (!(key in preference)) continue;
          const parsed = schema.safeParse(preference[key]);
          if (!parsed.success) {
            throw new mercurius.ErrorWithProps(
              parsed.error.issues[0]?.message ?? `invalid ${key}`,
              { code: 'BAD_REQUEST' },
              400,
            );
          }
          preference[key] = parsed.data;
        }
        const tooLarge = preferencesSizeProblem({ ...viewer.row.preferences, ...preference });
        if (tooLarge) throw new mercurius.ErrorWithProps(tooLarge, { code: 'BAD_REQUEST' }, 400);
        return toGraphqlUser(await users.mergePreferences(viewer.userId, preference));
      },
    },
  };

  /** The stored filterset, or SPEC section 9's defaults; its id is the user's. */
  function filtersetOf(user: UserRow) {
    const stored = (user.preferences.filterset ?? {}) as Partial<
      Record<'velocity_min' | 'velocity_max' | 'headway_min', number>
    >;
    return {
      id: user.id,
      velocity_min: stored.velocity_min ?? 1 / 3.6,
      velocity_max: stored.velocity_max ?? 50,
      headway_min: stored.headway_min ?? 0,
    };
  }

  async function toGraphqlUser(user: UserRow) {
    const organisation = user.organisationId
      ? await organisations.findById(user.organisationId)
      : undefined;
    return {
      ...toUserSummary(user),
      is_admin: user.role === 'admin',
      is_org_admin: user.role === 'org_admin',
      preferences: user.preferences,
      organisation: organisation
        ? {
            id: organisation.id,
            name: organisation.name,
            preferences: organisationPreferences(organisation),
          }
        : null,
    };
  }
}
