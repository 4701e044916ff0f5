import { SITE_GROUP_MESSAGES, siteGroupNameProblem, serverMessage } from '@roadcount/domain';
import { NOT_FOUND_MESSAGES } from '@roadcount/domain';
import { organisationScope, scopedOrganisationId, type Access } from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { SiteGroupsRepository } from './siteGroups.repository.ts';

/** SPEC section 2 and 3: site groups, named sets of an organisation's sites. */
export function createSiteGroupsService(groups: SiteGroupsRepository, access: Access) {
  /** The group with its site count, if the viewer may do `action` on it. */
  async function groupFor(viewer: Viewer, id: string, action: 'sites.read' | 'sites.update') {
    const group = await access.siteGroup(viewer, action, id);
    const found = await groups.find(group.id);
    if (!found) throw new HttpError(404, NOT_FOUND_MESSAGES.siteGroup);
    return found;
  }

  async function checkName(organisationId: string, name: string, exceptId?: string) {
    const problem = siteGroupNameProblem(
      name,
      await groups.namesInOrganisation(organisationId, exceptId),
    );
    if (problem)
      throw new HttpError(problem === 'duplicate' ? 409 : 400, SITE_GROUP_MESSAGES[problem]);
    return name.trim();
  }

  /** The sites, all live and of the group's organisation; else 404 naming none of another's. */
  async function sitesOf(organisationId: string, siteIds: readonly string[]) {
    const unique = [...new Set(siteIds)];
    const found = await groups.liveSites(unique);
    const owned = found.filter((site) => site.ownerOrganisationId === organisationId);
    if (owned.length !== unique.length) throw new HttpError(404, NOT_FOUND_MESSAGES.site);
    return unique;
  }

  return {
    /** Platform staff see every organisation's groups, as they see every site. */
    async list(viewer: Viewer) {
      const scope = organisationScope(viewer, 'sites.read');
      const organisationId = scopedOrganisationId(scope);
      if (!scope.all && organisationId === null) return [];
      return groups.list(organisationId);
    },
    find: (viewer: Viewer, id: string) => groupFor(viewer, id, 'sites.read'),

    async create(viewer: Viewer, name: string, siteIds: readonly string[]) {
      authorize(viewer, 'sites.update');
      // Platform staff without an organisation make a group for the sites they chose.
      let organisationId = viewer.organisationId;
      if (!organisationId) {
        const [first] = await groups.liveSites(siteIds.slice(0, 1));
        if (!first) throw new HttpError(400, serverMessage('groupNeedsSites'));
        organisationId = first.ownerOrganisationId;
      }
      authorize(viewer, 'sites.update', { organisationId });
      const checked = await checkName(organisationId, name);
      const members = await sitesOf(organisationId, siteIds);
      const group = await groups.insert(organisationId, checked);
      await groups.addMembers(group.id, members);
      return groups.find(group.id);
    },

    async rename(viewer: Viewer, id: string, name: string) {
      const { group } = await groupFor(viewer, id, 'sites.update');
      await groups.rename(group.id, await checkName(group.organisationId, name, group.id));
      return groups.find(group.id);
    },

    async delete(viewer: Viewer, id: string) {
      const { group } = await groupFor(viewer, id, 'sites.update');
      await groups.delete(group.id);
      return true;
    },

    async addSites(viewer: Viewer, id: string, siteIds: readonly string[]) {
      const { group } = await groupFor(viewer, id, 'sites.update');
      await groups.addMembers(group.id, await sitesOf(group.organisationId, siteIds));
      return groups.find(group.id);
    },

    async removeSites(viewer: Viewer, id: string, siteIds: readonly string[]) {
      const { group } = await groupFor(viewer, id, 'sites.update');
      await groups.removeMembers(group.id, siteIds);
      return groups.find(group.id);
    },
  };
}

export type SiteGroupsService = ReturnType<typeof createSiteGroupsService>;
