import type { TokenService } from '../../infra/auth/tokens.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { RateLimit, RateLimiter } from '../../infra/http/rateLimiter.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService, type AuthUsers } from './auth.service.ts';
import { createPasswordTokensRepository } from './passwordTokens.repository.ts';
import { createRefreshTokensRepository } from './refreshTokens.repository.ts';

/** Sign-in, refresh and password reset, each rate-limited; answers the service users need. */
export function registerAuth(
  { router }: FeatureHost,
  deps: {
    db: Database;
    users: AuthUsers;
    tokens: TokenService;
    mailer: Mailer;
    publicUrl: string;
    limiter: (scope: string, limit: RateLimit) => RateLimiter;
    rateLimits: {
      windowMs: number;
      signInPerIp: number;
      signInPerAccount: number;
      resetPerIp: number;
    };
  },
) {
  const { db, users, tokens, mailer, publicUrl, limiter, rateLimits } = deps;
  const window = rateLimits.windowMs;
  const authService = createAuthService({
    users,
    refreshTokens: createRefreshTokensRepository(db),
    passwordTokens: createPasswordTokensRepository(db),
    tokens,
    mailer,
    publicUrl,
  });
  registerAuthRoutes(router, authService, {
    signInByIp: limiter('sign-in:ip', { max: rateLimits.signInPerIp, windowMs: window }),
    signInByAccount: limiter('sign-in:account', {
      max: rateLimits.signInPerAccount,
      windowMs: window,
    }),
    resetByIp: limiter('reset:ip', { max: rateLimits.resetPerIp, windowMs: window }),
    resetByEmail: limiter('reset:email', { max: 3, windowMs: window }),
  });
  return authService;
}
