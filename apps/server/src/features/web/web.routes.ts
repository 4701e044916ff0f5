import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messageForStatus } from '@roadcount/domain';

/** Paths that belong to the API: they answer JSON, never the app's index.html. */
const API_PREFIXES = ['/core/', '/api/', '/bill/', '/gql/', '/healthz'];

export async function registerWebRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Each request looks on disk, so that a build made while the server runs is served whole
      // (a list of files made at start answered 404 for the new hashed assets).
      wildcard: true,
      index: false,
      // send's own 'public, max-age=0' would replace the Cache-Control that setHeaders gives.
      cacheControl: false,
      // Source maps stay on the server for reading reported stacks; they are not published. The
      // root directory goes to the app's index.html below rather than answering 403.
      allowedPath: (path) => path !== '/' && !path.endsWith('.map'),
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (response, path) => {
        response.setHeader(
          'Cache-Control',
          path.includes(`${join(distDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (built && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const assetPath = request.url.split('?')[0] ?? '';
      // A missing hashed asset is a real 404, not a client route.
      if (!assetPath.startsWith('/assets/')) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distDir);
      }
    }
    return reply.status(404).send({ status: 404, message: messageForStatus(404) });
  });
}
