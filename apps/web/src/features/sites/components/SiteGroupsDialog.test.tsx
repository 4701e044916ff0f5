import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { SiteGroupsDialog } from './SiteGroupsDialog.tsx';

const MILL = '11111111-1111-4111-8111-111111111111';
const KINGS = '22222222-2222-4222-8222-222222222222';
const SCHOOLS = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

interface Request {
  query: string;
  variables: Record<string, unknown>;
}

/** A small GraphQL server keeping the organisation's groups. */
function groupsServer() {
  const groups = [{ id: SCHOOLS, name: 'Schools', sites: [{ id: MILL, name: 'Mill Lane' }] }];
  const answer = (group: (typeof groups)[number]) => ({
    id: group.id,
    name: group.name,
    site_count: group.sites.length,
    sites: group.sites,
  });
  return fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query, variables } = request.body as Request;
      const group = groups.find((candidate) => candidate.id === variables.id);
      if (query.includes('createSiteGroup')) {
        const created = {
          id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          name: String(variables.name),
          sites: (variables.site_ids as string[]).map((id) => ({ id, name: id })),
        };
        groups.push(created);
        return json({ data: { createSiteGroup: { id: created.id } } });
      }
      if (query.includes('renameSiteGroup') && group) {
        group.name = String(variables.name);
        return json({ data: { renameSiteGroup: { id: group.id } } });
      }
      if (query.includes('deleteSiteGroup') && group) {
        groups.splice(groups.indexOf(group), 1);
        return json({ data: { deleteSiteGroup: true } });
      }
      if (query.includes('removeSitesFromGroup') && group) {
        group.sites = group.sites.filter(
          (site) => !(variables.site_ids as string[]).includes(site.id),
        );
        return json({ data: { removeSitesFromGroup: { id: group.id } } });
      }
      if (query.includes('addSitesToGroup') && group) {
        for (const id of variables.site_ids as string[])
          if (!group.sites.some((site) => site.id === id))
            group.sites.push({ id, name: 'Kings Road' });
        return json({ data: { addSitesToGroup: { id: group.id } } });
      }
      if (query.includes('siteGroup(') && group)
        return json({ data: { siteGroup: answer(group) } });
      return json({ data: { siteGroups: groups.map(answer) } });
    }),
  );
}

const sentQueries = (sent: { body: unknown }[], name: string) =>
  sent.map((request) => request.body as Request).filter((body) => body.query.includes(name));

describe('the site groups dialog', () => {
  it('creates a group with the chosen sites, refusing a name already used', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = groupsServer();
    renderWithApp(<SiteGroupsDialog selectedIds={[KINGS]} canEdit onClose={() => undefined} />);
    expect(await screen.findByText('Schools')).toBeTruthy();
    const name = screen.getByLabelText('New group name');
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create group' });
    fireEvent.change(name, { target: { value: ' schools ' } });
    expect(screen.getByText('A group with this name already exists.')).toBeTruthy();
    expect(create.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Bridges' } });
    expect(screen.getByText('The group starts with the selected sites (1).')).toBeTruthy();
    fireEvent.click(create);
    expect(await screen.findByText('Bridges')).toBeTruthy();
    expect(sentQueries(sent, 'createSiteGroup')[0]?.variables).toEqual({
      name: 'Bridges',
      site_ids: [KINGS],
    });
  }, 30_000);

  it('renames, adds the chosen sites to, lists, removes a site from and deletes a group', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = groupsServer();
    renderWithApp(<SiteGroupsDialog selectedIds={[KINGS]} canEdit onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Schools' }));
    fireEvent.change(screen.getByLabelText('New name for Schools'), {
      target: { value: 'School routes' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('School routes')).toBeTruthy();

    fireEvent.click(
      screen.getByRole('button', { name: 'Add the selected sites (1) to School routes' }),
    );
    expect(await screen.findByText('Sites: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show sites' }));
    const list = await screen.findByRole('list', { name: 'Sites of School routes' });
    expect(await within(list).findByText('Kings Road')).toBeTruthy();
    fireEvent.click(
      within(list).getByRole('button', { name: 'Remove Mill Lane from School routes' }),
    );
    await waitFor(() => expect(within(list).queryByText('Mill Lane')).toBeNull());
    expect(sentQueries(sent, 'removeSitesFromGroup')[0]?.variables).toEqual({
      id: SCHOOLS,
      site_ids: [MILL],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete School routes' }));
    expect(screen.getByText('Delete the group School routes? Its sites are kept.')).toBeTruthy();
    expect(sentQueries(sent, 'deleteSiteGroup')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No site groups yet.')).toBeTruthy();
  }, 30_000);

  it('only lists the groups for a viewer', async () => {
    signInAs(ADMIN_ID, 'org_user');
    groupsServer();
    renderWithApp(<SiteGroupsDialog selectedIds={[]} canEdit={false} onClose={() => undefined} />);
    expect(await screen.findByText('Schools')).toBeTruthy();
    expect(screen.queryByLabelText('New group name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Schools' })).toBeNull();
  });
});
