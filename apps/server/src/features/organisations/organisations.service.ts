import { createOrganisationSchema, organisationSettingsSchema } from '@roadcount/domain';
import type { z } from 'zod';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import { organisationPreferences } from '../users/users.service.ts';
import type { OrganisationRow, OrganisationsRepository } from './organisations.repository.ts';

export const organisationUpdateSchema = organisationSettingsSchema.partial().extend({
  name: createOrganisationSchema.shape.name.optional(),
  max_active_users: createOrganisationSchema.shape.max_active_users.optional(),
  max_sites: createOrganisationSchema.shape.max_sites.optional(),
});

function toOrganisation(row: OrganisationRow, activeUsers?: number) {
  return {
    id: row.id,
    name: row.name,
    max_active_users: row.maxActiveUsers,
    max_sites: row.maxSites,
    ...(activeUsers === undefined ? {} : { active_users: activeUsers }),
    preferences: organisationPreferences(row),
    created_on: row.createdOn.toISOString(),
  };
}

export function createOrganisationsService(repository: OrganisationsRepository) {
  async function existing(
    viewer: Viewer,
    id: string,
    action: 'organisation.read' | 'organisation.updateSettings',
  ) {
    const organisation = await repository.findById(id);
    if (!organisation) throw new HttpError(viewer.role === 'admin' ? 404 : 403);
    authorize(viewer, action, { organisationId: organisation.id });
    return organisation;
  }

  return {
    /** Platform admins: every organisation with its user count; others: their own. */
    async list(viewer: Viewer) {
      if (viewer.role === 'admin') {
        return (await repository.list()).map((row) => toOrganisation(row, row.activeUsers));
      }
      if (!viewer.organisationId) return [];
      const own = await existing(viewer, viewer.organisationId, 'organisation.read');
      return [toOrganisation(own)];
    },

    async create(viewer: Viewer, input: z.infer<typeof createOrganisationSchema>) {
      authorize(viewer, 'organisations.create');
      if (await repository.findByName(input.name)) {
        throw new HttpError(400, `An organisation named '${input.name}' already exists.`);
      }
      const row = await repository.insert({
        name: input.name,
        maxActiveUsers: input.max_active_users,
        maxSites: input.max_sites,
      });
      return toOrganisation(row, 0);
    },

    async get(viewer: Viewer, id: string) {
      return toOrganisation(await existing(viewer, id, 'organisation.read'));
    },

    /** Settings for org admins; name and subscription limits for platform admins only. */
    async update(viewer: Viewer, id: string, input: z.infer<typeof organisationUpdateSchema>) {
      const organisation = await existing(viewer, id, 'organisation.updateSettings');
      const { name, max_active_users, max_sites, ...settings } = input;
      const subscriptionChange =
        name !== undefined || max_active_users !== undefined || max_sites !== undefined;
      if (subscriptionChange) authorize(viewer, 'organisations.create');
      const updated = await repository.update(organisation.id, {
        ...(name === undefined ? {} : { name }),
        ...(max_active_users === undefined ? {} : { maxActiveUsers: max_active_users }),
        ...(max_sites === undefined ? {} : { maxSites: max_sites }),
        preferences: { ...organisation.preferences, ...settings },
      });
      return toOrganisation(updated);
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
