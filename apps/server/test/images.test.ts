import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, signIn, startTestServer, type TestServer } from './testServer.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6]);

interface ImageView {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

describe('image uploads', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;

  beforeAll(async () => {
    server = await startTestServer();
    const organisationId = (await createOrg(server)).id;
    admin = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_admin' })).username,
      )
    ).access;
    viewer = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_user' })).username,
      )
    ).access;
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    stranger = (await signIn(server, other.username)).access;
  });
  afterAll(() => server.close());

  const upload = async (token: string, files: [string, Uint8Array][]) => {
    const form = new FormData();
    files.forEach(([name, bytes], index) => form.append(`file-${index}`, new Blob([bytes]), name));
    const response = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { images?: ImageView[]; message?: string },
    };
  };
  const list = async (token: string) => {
    const response = await fetch(`${server.url}/api/images`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { images: ImageView[] }).images;
  };

  it('stores jpeg, jpg and png images and lists them for the organisation', async () => {
    const { status, body } = await upload(admin, [
      ['kerb.png', PNG],
      ['post.JPG', JPEG],
      ['gate.jpeg', JPEG],
    ]);
    expect(status).toBe(201);
    expect(body.images?.map((image) => [image.file_name, image.content_type])).toEqual([
      ['kerb.png', 'image/png'],
      ['post.JPG', 'image/jpeg'],
      ['gate.jpeg', 'image/jpeg'],
    ]);
    const names = (await list(viewer)).map((image) => image.file_name).sort();
    expect(names).toEqual(['gate.jpeg', 'kerb.png', 'post.JPG']);
    const kerb = body.images?.[0];
    const answer = await fetch(`${server.url}/api/images/${kerb?.id}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PNG);
  });

  it('refuses other types and a name that already exists, storing none of the upload', async () => {
    const gif = await upload(admin, [
      ['new.png', PNG],
      ['anim.gif', PNG],
    ]);
    expect(gif).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: 'anim.gif: Only jpeg, jpg and png images are accepted.',
      }) as unknown,
    });
    const renamed = await upload(admin, [['notes.png', new TextEncoder().encode('hello')]]);
    expect(renamed.body.message).toBe('notes.png: Only jpeg, jpg and png images are accepted.');
    const taken = await upload(admin, [
      ['fresh.png', PNG],
      ['KERB.png', PNG],
    ]);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('File name already exists: KERB.png');
    const names = (await list(admin)).map((image) => image.file_name);
    expect(names).not.toContain('new.png');
    expect(names).not.toContain('fresh.png');
  });

  it('keeps images from another organisation and from viewers’ uploads', async () => {
    expect(await list(stranger)).toEqual([]);
    const [image] = await list(admin);
    const foreign = await fetch(`${server.url}/api/images/${image?.id}`, {
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(foreign.status).toBe(403);
    // The same name in another organisation is its own.
    expect((await upload(stranger, [['kerb.png', PNG]])).status).toBe(201);
    expect((await upload(viewer, [['viewer.png', PNG]])).status).toBe(403);
  });
});
