import { z } from 'zod';
import { emailSchema } from '@roadcount/domain';
import type { RateLimiter } from '../../infra/http/rateLimiter.ts';
import type { Router } from '../../infra/http/route.ts';
import { RESET_REQUESTED, type AuthService } from './auth.service.ts';
import { detailAnswer, tokenPairAnswer } from '@roadcount/domain';

const obtainBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
const refreshBody = z.object({ refresh: z.string().min(1).max(512) });
const resetEmailBody = z.object({ email: z.string().trim().min(1).max(254) });
const resetConfirmBody = z.object({
  token: z.string().min(1).max(512),
  password: z.string().max(1024),
});
const changePasswordBody = z.object({
  old_password: z.string().min(1).max(1024),
  new_password: z.string().max(1024),
});

export interface AuthLimiters {
  signInByIp: RateLimiter;
  signInByAccount: RateLimiter;
  resetByIp: RateLimiter;
  resetByEmail: RateLimiter;
}

export function registerAuthRoutes(
  router: Router,
  service: AuthService,
  limiters: AuthLimiters,
): void {
  router.define({
    method: 'post',
    path: '/core/api/auth/token/obtain/',
    summary: 'Sign in with username or email and password; answers an access and a refresh token',
    tag: 'auth',
    auth: false,
    permission: 'public',
    body: obtainBody,
    responses: { 200: 'access and refresh', 401: 'wrong credentials', 429: 'too many attempts' },
    answer: tokenPairAnswer,
    handler: async ({ body, request }) => {
      // The address's count and the account's lookup go to the database together; an address
      // over its limit is refused all the same, whatever the lookup found.
      const [, account] = await Promise.all([
        limiters.signInByIp.hit(request.ip),
        service.accountOf(body.username),
      ]);
      const accountKey = service.signInLimitKey(body.username, account);
      await limiters.signInByAccount.hit(accountKey);
      const pair = await service.obtain(account, body.password);
      await limiters.signInByAccount.reset(accountKey);
      return pair;
    },
  });

  router.define({
    method: 'post',
    path: '/core/api/auth/token/refresh/',
    summary: 'Exchange a refresh token for a new pair (the old refresh token stops working)',
    tag: 'auth',
    auth: false,
    permission: 'public',
    body: refreshBody,
    responses: { 200: 'access and refresh', 401: 'invalid, expired, revoked or reused token' },
    answer: tokenPairAnswer,
    handler: ({ body }) => service.refresh(body.refresh),
  });

  router.define({
    method: 'post',
    path: '/core/api/auth/logout/',
    summary: 'End the session the refresh token belongs to',
    tag: 'auth',
    auth: false,
    permission: 'public',
    body: refreshBody,
    responses: { 204: 'signed out' },
    handler: ({ body }) => service.logout(body.refresh),
  });

  router.define({
    method: 'post',
    path: '/core/api/config/password/reset/email/',
    summary:
      'Email a password reset link; answers the same whether or not the email has an account',
    tag: 'auth',
    auth: false,
    permission: 'public',
    body: resetEmailBody,
    responses: { 200: 'request accepted', 429: 'too many requests' },
    answer: detailAnswer,
    handler: async ({ body, request }) => {
      await limiters.resetByIp.hit(request.ip);
      const email = emailSchema.safeParse(body.email);
      if (email.success) {
        await limiters.resetByEmail.hit(email.data);
        await service.requestReset(email.data);
      }
      return { detail: RESET_REQUESTED };
    },
  });

  router.define({
    method: 'post',
    path: '/core/api/config/password/reset/confirm/',
    summary: 'Set a new password with the token of a reset or invitation link',
    tag: 'auth',
    auth: false,
    permission: 'public',
    body: resetConfirmBody,
    responses: { 200: 'password set', 400: 'invalid or expired link, or unacceptable password' },
    answer: detailAnswer,
    handler: async ({ body }) => {
      await service.confirmReset(body.token, body.password);
      return { detail: 'Your password is reset' };
    },
  });

  router.define({
    method: 'post',
    path: '/core/api/config/password/change/',
    summary: 'Change your own password; ends your other sessions and answers a new token pair',
    tag: 'auth',
    auth: true,
    permission: 'profile.changeCredentials',
    body: changePasswordBody,
    responses: {
      200: 'access and refresh',
      400: 'wrong current password or unacceptable new one',
      401: 'no session',
      403: 'the demo account',
    },
    answer: tokenPairAnswer,
    handler: ({ body, viewer }) =>
      service.changePassword(viewer.row, body.old_password, body.new_password),
  });
}
