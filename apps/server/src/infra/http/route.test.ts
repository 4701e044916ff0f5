import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TokenService } from '../auth/tokens.ts';
import { registerOpenApi } from './openapi.ts';
import { createRouter } from './route.ts';

const noTokens = { verifyAccess: () => Promise.resolve(null) } as unknown as TokenService;
const noUsers = { findById: () => Promise.resolve(undefined) };

async function appWith(answer: unknown) {
  const app = Fastify();
  await registerOpenApi(app, { title: 'test', version: '0' });
  createRouter(app, { tokens: noTokens, users: noUsers }).define({
    method: 'get',
    path: '/api/thing',
    summary: 'A thing',
    tag: 'test',
    auth: false,
    permission: 'public',
    responses: { 200: 'the thing' },
    answer: z.object({ name: z.string(), count: z.number() }),
    handler: () => Promise.resolve(answer),
  });
  await app.ready();
  return app;
}

describe('a route with a documented answer', () => {
  it('documents the answer in the OpenAPI document and sends one that fits', async () => {
    const app = await appWith({ name: 'Oxford Road', count: 3 });
    const ok = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(ok.json()).toEqual({ name: 'Oxford Road', count: 3 });
    const document = (await app.inject({ method: 'GET', url: '/core/api/openapi.json' })).json<{
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    }>();
    expect(document.paths['/api/thing']?.get.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, count: { type: 'number' } },
          },
        },
      },
    });
    await app.close();
  });

  it('fails under test when the answer drifts from its schema', async () => {
    const app = await appWith({ name: 'Oxford Road', count: 'three' });
    const drifted = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(drifted.statusCode).toBe(500);
    await app.close();
  });
});
