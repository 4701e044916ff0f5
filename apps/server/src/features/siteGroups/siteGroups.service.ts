import { SITE_GROUP_MESSAGES, siteGroupNameProblem } from '@roadcount/domain';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { SiteGroupsRepository } from './siteGroups.repository.ts';

const NOT_FOUND = "We can't find what you're looking for";

/** SPEC section 2 and 3: site groups, named sets of an organisation's sites. */
export function createSiteGroupsService(groups: SiteGroupsRepository) {
  /** The group, if the viewer may do `action` on it: 404 for none, 403 for another organisation's. */
  async function groupFor(viewer: Viewer, id: string, action: 'sites.read' | 'sites.update') {
    const found = await groups.find(id);
    if (!found) {
      authorize(viewer, action);
      throw new HttpError(404, NOT_FOUND);
    }
    authorize(viewer, action, { organisationId: found.group.organisationId });
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
    if (owned.length !== unique.length)
      throw new HttpError(404, "We couldn't find that site. It may have been deleted");
    return unique;
  }

  return {
    /** Platform staff see every organisation's groups, as they see every site. */
    async list(viewer: Viewer) {
      authorize(viewer, 'sites.read');
      if (viewer.role === 'admin') return groups.list(null);
      return viewer.organisationId ? groups.list(viewer.organisationId) : [];
    },
    find: (viewer: Viewer, id: string) => groupFor(viewer, id, 'sites.read'),
    memberSites: (groupId: string) => groups.memberSites(groupId),

    async create(viewer: Viewer, name: string, siteIds: readonly string[]) {
      authorize(viewer, 'sites.update');
      // Platform staff without an organisation make a group for the sites they chose.
      let organisationId = viewer.organisationId;
      if (!organisationId) {
        const [first] = await groups.liveSites(siteIds.slice(0, 1));
        if (!first) throw new HttpError(400, 'choose the sites of the new group');
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
