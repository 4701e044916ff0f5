import { z } from 'zod';
import type { RateLimiter } from '../../infra/http/rateLimiter.ts';
import type { Router } from '../../infra/http/route.ts';

/** The web app clips its reports to these lengths (apps/web/src/lib/reportError.ts). */
const clientErrorBody = z.object({
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  componentStack: z.string().max(4000).optional(),
  path: z.string().max(2000).optional(),
  kind: z.string().max(100).optional(),
});

/** Where the web app's reportError sends uncaught errors: into the server log for the team. */
export function registerClientErrorRoutes(router: Router, byIp: RateLimiter): void {
  router.define({
    method: 'post',
    path: '/api/client-errors',
    summary: "Report an error the web app met (SPEC section 2), into the server's log",
    tag: 'web',
    // Errors are reported before sign-in too (a failing sign-in page).
    auth: false,
    permission: 'public',
    body: clientErrorBody,
    // Unauthenticated writes into the log: small, and a few a minute from one address.
    bodyLimit: 16 * 1024,
    responses: { 204: 'logged', 400: 'not an error report', 429: 'too many reports' },
    handler: async ({ body, request }) => {
      await byIp.hit(request.ip);
      request.log.warn(
        { clientError: body, userAgent: request.headers['user-agent'] },
        'web app error',
      );
      return undefined;
    },
  });
}
