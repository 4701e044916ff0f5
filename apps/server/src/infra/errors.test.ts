import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { registerErrorHandling } from './errors.ts';

describe('error responses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers an unknown API path with the catalogue 404 as JSON', async () => {
    const response = await fetch(`${server.url}/core/api/no-such-thing/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      status: 404,
      message: "We can't find what you're looking for",
    });
  });

  it('answers malformed JSON with the catalogue 400', async () => {
    const response = await fetch(`${server.url}/core/api/auth/token/obtain/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      message: "That request doesn't look quite right",
    });
  });

  it('names the missing field of an invalid body', async () => {
    const response = await fetch(`${server.url}/core/api/auth/token/obtain/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'someone' }),
    });
    const body = (await response.json()) as { status: number; details: string[] };
    expect(body.status).toBe(400);
    expect(body.details.some((detail) => detail.startsWith('password:'))).toBe(true);
  });

  it('answers other statuses with the status and its text', async () => {
    const upload = await fetch(`${server.url}/core/api/auth/token/obtain/`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(upload.status).toBe(415);
    expect(await upload.json()).toEqual({ status: 415, message: '415 Unsupported Media Type' });
  });

  it('answers the catalogue 500 when a route set a header that cannot be sent', async () => {
    // A header may hold only Latin-1: 東 makes Node refuse it when the answer is written.
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/download', (_request, reply) =>
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', 'attachment; filename="東京.csv"')
        .send(Buffer.from('a,b\n')),
    );
    const response = await app.inject({ method: 'GET', url: '/download' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({
      status: 500,
      message: "Looks like we can't connect to the server right now",
    });
  });
});
