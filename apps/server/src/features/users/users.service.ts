import { randomBytes } from 'node:crypto';
import {
  DEFAULT_ORGANISATION_SETTINGS,
  EMAIL_MESSAGE,
  ROLE_LABELS,
  ROLES,
  can,
  isLocale,
  isRole,
  type Role,
  serverMessage,
} from '@roadcount/domain';
import type { z } from 'zod';
import type { createUserSchema } from '@roadcount/domain';
import {
  organisationScope,
  scopedOrganisationId,
  type Access,
  type OrganisationRow,
} from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import { hashPassword, verifyPassword } from '../../infra/auth/passwords.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

type CreateUserInput = z.infer<typeof createUserSchema>;

/** The organisations a profile names; the app gives them. */
export interface UserOrganisations {
  findById: (id: string) => Promise<OrganisationRow | undefined>;
  list: () => Promise<OrganisationRow[]>;
}

/** Mails a user a single-use link to choose a password; the app gives it (auth does it). */
export interface PasswordLinks {
  sendPasswordLink: (user: UserRow, purpose: 'reset' | 'invite') => Promise<void>;
}

/** What the client sees of a user: never the password hash. */
export function toUserSummary(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    group: user.role,
    organisation_id: user.organisationId,
    is_active: user.isActive,
    is_demo: user.isDemo,
    last_login: user.lastLogin?.toISOString() ?? null,
    created_on: user.createdOn.toISOString(),
  };
}

export function organisationPreferences(organisation: OrganisationRow) {
  return { ...DEFAULT_ORGANISATION_SETTINGS, ...organisation.preferences };
}

export function createUsersService(deps: {
  users: UsersRepository;
  organisations: UserOrganisations;
  auth: PasswordLinks;
  access: Access;
  /** Ends what the user still has open (subscription sockets) once they are deleted. */
  onUserRemoved?: (userId: string) => void;
}) {
  return {
    /** SPEC section 3: the profile a client loads after sign-in. */
    async profile(viewer: Viewer, userId: string) {
      const user =
        userId === viewer.userId
          ? viewer.row
          : await deps.access.user(viewer, 'users.list', userId);
      const organisation = user.organisationId
        ? await deps.organisations.findById(user.organisationId)
        : undefined;
      // The organisations the profiled user reaches: every one for platform staff.
      const reachesAll =
        isRole(user.role) &&
        can({ role: user.role, organisationId: user.organisationId }, 'organisations.all');
      const authorised = reachesAll
        ? (await deps.organisations.list()).map((row) => ({ id: row.id, name: row.name }))
        : organisation
          ? [{ id: organisation.id, name: organisation.name }]
          : [];
      return {
        ...toUserSummary(user),
        userId: user.id,
        is_admin: user.role === 'admin',
        is_org_admin: user.role === 'org_admin',
        authorised_organisations: authorised,
        profile: {
          username: user.username,
          email: user.email,
          preferences: user.preferences,
        },
        organisation: organisation
          ? {
              id: organisation.id,
              name: organisation.name,
              max_active_users: organisation.maxActiveUsers,
              max_sites: organisation.maxSites,
              preferences: organisationPreferences(organisation),
            }
          : null,
      };
    },

    async list(viewer: Viewer, organisationId: string | undefined) {
      const target = organisationId ?? viewer.organisationId;
      if (!target) throw new HttpError(400, serverMessage('chooseOrganisationToList'));
      const organisation = await deps.access.organisation(viewer, 'users.list', target);
      const rows = await deps.users.listByOrganisation(target);
      return {
        organisation: {
          id: organisation.id,
          name: organisation.name,
          max_active_users: organisation.maxActiveUsers,
        },
        active_users: rows.filter((row) => row.isActive).length,
        results: rows.map(toUserSummary),
      };
    },

    async create(viewer: Viewer, input: CreateUserInput) {
      // Only platform staff choose the organisation; naming another one is an attempt to cross.
      const organisationId = scopedOrganisationId(
        organisationScope(viewer, 'users.create', input.organisation_id),
      );
      if (input.role === 'admin') {
        authorize(viewer, 'staff.tools');
      } else {
        if (!organisationId) throw new HttpError(400, serverMessage('chooseOrganisation'));
        authorize(viewer, 'users.create', { organisationId });
      }
      if (await deps.users.findByEmail(input.email)) {
        throw new HttpError(400, EMAIL_MESSAGE, { email: [EMAIL_MESSAGE] });
      }
      if (await deps.users.findByLogin(input.username)) {
        throw new HttpError(400, serverMessage('usernameTaken'), {
          username: [serverMessage('usernameTaken')],
        });
      }
      if (organisationId) {
        const organisation = await deps.organisations.findById(organisationId);
        if (!organisation) throw new HttpError(400, serverMessage('organisationMissing'));
        const active = await deps.users.countActive(organisationId);
        if (active >= organisation.maxActiveUsers) {
          throw new HttpError(
            409,
            serverMessage('subscriptionUsers', { limit: organisation.maxActiveUsers }),
          );
        }
      }
      // The account gets an unguessable password until its owner picks one through the emailed link.
      const user = await deps.users.insert({
        organisationId,
        username: input.username,
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        role: input.role,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      });
      await deps.auth.sendPasswordLink(user, 'invite');
      return toUserSummary(user);
    },

    async delete(viewer: Viewer, userId: string) {
      if (userId === viewer.userId) throw new HttpError(400, serverMessage('deleteOwnAccount'));
      const user = await deps.access.user(viewer, 'users.delete', userId);
      // Only platform staff delete platform staff.
      if (user.role === 'admin' && !can(viewer, 'staff.tools')) throw new HttpError(403);
      await deps.users.delete(user.id);
      deps.onUserRemoved?.(user.id);
    },

    async resetAndResend(viewer: Viewer, userId: string) {
      const user = await deps.access.user(viewer, 'users.resetPassword', userId);
      const updated = await deps.users.update(user.id, {
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      });
      await deps.users.revokeSessions(user.id);
      await deps.auth.sendPasswordLink(updated, 'reset');
    },

    /** Own profile: names, locale, and email after confirming the password. */
    async updateOwn(
      viewer: Viewer,
      input: {
        email?: string;
        password?: string;
        first_name?: string;
        last_name?: string;
        locale?: string;
      },
    ) {
      authorize(viewer, 'profile.update');
      const user = viewer.row;
      const changes: Parameters<UsersRepository['update']>[1] = {};
      if (input.email !== undefined && input.email !== user.email) {
        authorize(viewer, 'profile.changeCredentials');
        if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) {
          throw new HttpError(400, serverMessage('passwordForEmail'));
        }
        const owner = await deps.users.findByEmail(input.email);
        if (owner && owner.id !== user.id)
          throw new HttpError(400, EMAIL_MESSAGE, { email: [EMAIL_MESSAGE] });
        changes.email = input.email;
      }
      if (input.first_name !== undefined) changes.firstName = input.first_name;
      if (input.last_name !== undefined) changes.lastName = input.last_name;
      if (input.locale !== undefined) {
        if (!isLocale(input.locale)) throw new HttpError(400, `Unknown locale '${input.locale}'.`);
        changes.preferences = { ...user.preferences, locale: input.locale };
      }
      const updated =
        Object.keys(changes).length > 0 ? await deps.users.update(user.id, changes) : user;
      return toUserSummary(updated);
    },

    groups(viewer: Viewer) {
      authorize(viewer, 'groups.list');
      return ROLES.filter((role: Role) => role !== 'admin' || can(viewer, 'staff.tools')).map(
        (role) => ({
          name: role,
          label: ROLE_LABELS[role],
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
