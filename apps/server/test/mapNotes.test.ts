import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

const LIST = `query($organisationId: ID) {
  mapNotes(organisationId: $organisationId) {
    hidden can_edit groups { id name } notes { id text longitude latitude group_id who when }
  }
}`;
const ADD = `mutation($note: MapNoteInput!) {
  addMapNote(note: $note) { id text longitude latitude group_id who when }
}`;
const UPDATE = `mutation($id: ID!, $change: MapNoteChange!) {
  updateMapNote(id: $id, change: $change) { id text group_id }
}`;
const DELETE = `mutation($id: ID!) { deleteMapNote(id: $id) }`;
const CREATE_GROUP = `mutation($name: String!, $organisationId: ID) {
  createMapNoteGroup(name: $name, organisationId: $organisationId) { id name }
}`;
const RENAME_GROUP = `mutation($id: ID!, $name: String!) { renameMapNoteGroup(id: $id, name: $name) { id name } }`;
const DELETE_GROUP = `mutation($id: ID!) { deleteMapNoteGroup(id: $id) }`;
const PREFERENCE = `mutation($userId: ID!, $preference: JSON!) {
  update_user_preference(userId: $userId, preference: $preference) { preferences }
}`;

interface Note {
  id: string;
  text: string;
  longitude: number;
  latitude: number;
  group_id: string | null;
  who: string;
  when: string;
}
interface Notes {
  hidden: boolean;
  can_edit: boolean;
  groups: { id: string; name: string }[];
  notes: Note[];
}

const point = { longitude: -0.9612, latitude: 51.4521 };

describe('map notes through GraphQL', () => {
  let server: TestServer;
  let orgId: string;
  let orgAdmin: string;
  let orgAdminName: string;
  let orgUser: string;
  let otherAdmin: string;
  let otherOrgId: string;

  const call = async (query: string, token: string, variables: Record<string, unknown> = {}) =>
    graphql(server, query, { token, variables });
  const list = async (token: string, organisationId?: string) => {
    const { body } = await call(LIST, token, organisationId ? { organisationId } : {});
    expect(body.errors).toBeUndefined();
    return body.data?.mapNotes as Notes;
  };
  const add = async (token: string, note: Record<string, unknown>) => {
    const { body } = await call(ADD, token, { note: { ...point, ...note } });
    return { note: body.data?.addMapNote as Note | undefined, error: body.errors?.[0]?.message };
  };
  const setHidden = async (token: string, organisationId: string, mapNotes: boolean) => {
    const response = await fetch(`${server.url}/core/api/config/organisations/${organisationId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ hidden: { mapNotes } }),
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer();
    orgId = (await createOrg(server)).id;
    const admin = await createUser(server, { organisationId: orgId, role: 'org_admin' });
    orgAdminName = admin.username;
    orgAdmin = (await signIn(server, admin.username)).access;
    const user = await createUser(server, { organisationId: orgId, role: 'org_user' });
    orgUser = (await signIn(server, user.username)).access;
    otherOrgId = (await createOrg(server)).id;
    const other = await createUser(server, { organisationId: otherOrgId, role: 'org_admin' });
    otherAdmin = (await signIn(server, other.username)).access;
  });
  afterAll(() => server.close());

  it('lets an org admin add a note that everyone in the organisation sees', async () => {
    const { note, error } = await add(orgAdmin, { text: '  Roadworks until June  ' });
    expect(error).toBeUndefined();
    expect(note).toMatchObject({ text: 'Roadworks until June', ...point, who: orgAdminName });
    expect(note?.when).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const seenByUser = await list(orgUser);
    expect(seenByUser.can_edit).toBe(false);
    expect(seenByUser.notes.map((item) => item.text)).toContain('Roadworks until June');
    expect((await list(orgAdmin)).can_edit).toBe(true);
    expect((await list(otherAdmin)).notes).toEqual([]);
  });

  it('refuses an org user who tries to add, edit or delete a note', async () => {
    const { note, error } = await add(orgUser, { text: 'Not allowed' });
    expect(note).toBeUndefined();
    expect(error).toBe("You aren't currently authorised for this resource");
    const { note: stored } = await add(orgAdmin, { text: 'Kept' });
    const edit = await call(UPDATE, orgUser, { id: stored?.id, change: { text: 'Changed' } });
    expect(edit.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    const removal = await call(DELETE, orgUser, { id: stored?.id });
    expect(removal.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    const group = await call(CREATE_GROUP, orgUser, { name: 'Viewers' });
    expect(group.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    expect((await list(orgUser)).notes.map((item) => item.text)).toContain('Kept');
  });

  it('refuses a note without text, and keeps the stored text when an edit empties it', async () => {
    expect((await add(orgAdmin, { text: '   ' })).error).toBe('Note text must not be empty');
    const { note } = await add(orgAdmin, { text: 'Speed cushions' });
    const edit = await call(UPDATE, orgAdmin, { id: note?.id, change: { text: '' } });
    expect(edit.body.errors?.[0]?.message).toBe('Note text must not be empty');
    const stored = (await list(orgAdmin)).notes.find((item) => item.id === note?.id);
    expect(stored?.text).toBe('Speed cushions');
    expect((await add(orgAdmin, { text: 'Off the map', latitude: 95 })).error).toBe(
      'Latitude is a number from -90 to 90',
    );
  });

  it('edits, groups and deletes notes, and renames and deletes groups', async () => {
    const created = await call(CREATE_GROUP, orgAdmin, { name: 'Schools' });
    const group = created.body.data?.createMapNoteGroup as { id: string; name: string };
    expect(group.name).toBe('Schools');
    const duplicate = await call(CREATE_GROUP, orgAdmin, { name: 'schools' });
    expect(duplicate.body.errors?.[0]?.message).toBe('That note group name already exists');

    const { note } = await add(orgAdmin, { text: 'Crossing patrol', group_id: group.id });
    expect(note?.group_id).toBe(group.id);
    const edited = await call(UPDATE, orgAdmin, {
      id: note?.id,
      change: { text: 'Crossing patrol 8-9am', group_id: null },
    });
    expect(edited.body.data?.updateMapNote).toMatchObject({
      text: 'Crossing patrol 8-9am',
      group_id: null,
    });
    await call(UPDATE, orgAdmin, { id: note?.id, change: { group_id: group.id } });

    const renamed = await call(RENAME_GROUP, orgAdmin, { id: group.id, name: 'School runs' });
    expect(renamed.body.data?.renameMapNoteGroup).toEqual({ id: group.id, name: 'School runs' });
    expect((await list(orgUser)).groups.map((item) => item.name)).toContain('School runs');

    expect((await call(DELETE_GROUP, orgAdmin, { id: group.id })).body.data).toEqual({
      deleteMapNoteGroup: true,
    });
    const afterGroupDelete = await list(orgAdmin);
    expect(afterGroupDelete.groups.map((item) => item.id)).not.toContain(group.id);
    expect(afterGroupDelete.notes.find((item) => item.id === note?.id)?.group_id).toBeNull();

    expect((await call(DELETE, orgAdmin, { id: note?.id })).body.data).toEqual({
      deleteMapNote: true,
    });
    expect((await list(orgUser)).notes.map((item) => item.id)).not.toContain(note?.id);
  });

  it("refuses another organisation's user on every note operation", async () => {
    const { note } = await add(orgAdmin, { text: 'Private to the organisation' });
    const created = await call(CREATE_GROUP, orgAdmin, { name: 'Private group' });
    const groupId = (created.body.data?.createMapNoteGroup as { id: string }).id;
    const refused = "You aren't currently authorised for this resource";
    const attempts: [string, Record<string, unknown>][] = [
      [LIST, { organisationId: orgId }],
      [ADD, { note: { ...point, text: 'Intruder', organisation_id: orgId } }],
      [UPDATE, { id: note?.id, change: { text: 'Intruder' } }],
      [DELETE, { id: note?.id }],
      [CREATE_GROUP, { name: 'Intruders', organisationId: orgId }],
      [RENAME_GROUP, { id: groupId, name: 'Intruders' }],
      [DELETE_GROUP, { id: groupId }],
    ];
    for (const [query, variables] of attempts) {
      const { body } = await call(query, otherAdmin, variables);
      expect(body.errors?.[0]?.message, query).toBe(refused);
    }
    // Their own notes cannot borrow this organisation's group either.
    expect((await add(otherAdmin, { text: 'Borrowing', group_id: groupId })).error).toBe(
      'That note group does not exist.',
    );
    const after = await list(orgUser);
    expect(after.notes.find((item) => item.id === note?.id)?.text).toBe(
      'Private to the organisation',
    );
    expect(after.groups.map((item) => item.name)).toContain('Private group');
  });

  it("hides the notes from everyone when the organisation's hidden.mapNotes is set", async () => {
    await add(orgAdmin, { text: 'Hidden soon' });
    await setHidden(orgAdmin, orgId, true);
    for (const token of [orgAdmin, orgUser]) {
      const hidden = await list(token);
      expect(hidden).toEqual({ hidden: true, can_edit: false, groups: [], notes: [] });
    }
    expect((await add(orgAdmin, { text: 'While hidden' })).error).toBe(
      "Map notes are hidden in this organisation's preferences",
    );
    await setHidden(orgAdmin, orgId, false);
    const shown = await list(orgUser);
    expect(shown.hidden).toBe(false);
    expect(shown.notes.map((item) => item.text)).toContain('Hidden soon');
    expect(shown.notes.map((item) => item.text)).not.toContain('While hidden');
  });
});

describe('map layer profiles in the user preferences', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  const profile = (name: string) => ({
    name,
    layer: 'speed85',
    dotSize: 9,
    dayRange: 'weekdays',
    satellite: false,
    showNotes: true,
  });

  beforeAll(async () => {
    server = await startTestServer();
    const org = await createOrg(server);
    const user = await createUser(server, { organisationId: org.id, role: 'org_user' });
    userId = user.id;
    token = (await signIn(server, user.username)).access;
  });
  afterAll(() => server.close());

  const store = (preference: Record<string, unknown>) =>
    graphql(server, PREFERENCE, { token, variables: { userId, preference } });

  it('keeps at most 5, numbered from 0 with 0 active by default', async () => {
    const five = ['Speeds', 'Classes', 'Weekend', 'Limits', 'Empty'].map(profile);
    const saved = await store({ mapProfiles: five, activeMapProfile: 4 });
    expect(saved.body.errors).toBeUndefined();
    const preferences = (
      saved.body.data?.update_user_preference as { preferences: Record<string, unknown> }
    ).preferences;
    expect(preferences.mapProfiles).toEqual(five);
    expect(preferences.activeMapProfile).toBe(4);

    const six = await store({ mapProfiles: [...five, profile('Sixth')] });
    expect(six.body.errors?.[0]?.message).toBe('At most 5 map layer profiles');
    const outOfRange = await store({ activeMapProfile: 5 });
    expect(outOfRange.body.errors?.[0]?.message).toBe('The active profile is a number from 0 to 4');
    const duplicate = await store({ mapProfiles: [profile('Speeds'), profile('speeds')] });
    expect(duplicate.body.errors?.[0]?.message).toBe('That profile name already exists');

    const me = await graphql(server, '{ me { preferences } }', { token });
    const stored = (me.body.data?.me as { preferences: Record<string, unknown> }).preferences;
    expect(stored.mapProfiles).toEqual(five);
  });
});
