import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** ws://host or wss://host of the address users reach the app at. */
function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Helmet's headers, with a content security policy that lets in only what the app loads. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; mapOrigins: string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's base tiles come from the configured hosts; MapLibre runs a blob: worker.
        imgSrc: ["'self'", 'data:', 'blob:', ...options.mapOrigins],
        // Websockets only to this host: 'self' covers ws(s) of the page's own host in CSP 3;
        // the public URL's websocket origin is named for browsers that do not.
        connectSrc: ["'self'", websocketOrigin(options.publicUrl), ...options.mapOrigins],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
