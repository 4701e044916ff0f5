import { serverMessage } from '@roadcount/domain';
import { HttpError } from '../errors.ts';
import type { RateLimitsRepository } from './rateLimits.repository.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Counts attempts per key in a window kept in the database, so that every API node behind a
 * load balancer counts the same attempts (issue 38: each node kept its own, and N nodes gave N
 * times the guesses). A key's window starts at its first attempt; past `max` attempts in it, an
 * attempt is refused until the window ends. `now` is the limiter's clock (tests set it).
 */
export function createRateLimiter(
  repository: RateLimitsRepository,
  scope: string,
  { max, windowMs }: RateLimit,
  now: () => Date = () => new Date(),
) {
  let lastSweepMs = now().getTime();

  return {
    /** Records an attempt; throws 429 with the seconds to wait when over the limit. */
    async hit(key: string): Promise<void> {
      const at = now();
      const staleBefore = new Date(at.getTime() - windowMs);
      if (at.getTime() - lastSweepMs >= windowMs) {
        lastSweepMs = at.getTime();
        await repository.sweep(scope, staleBefore);
      }
      const { windowStartedAt, attempts } = await repository.count(scope, key, at, staleBefore);
      if (attempts <= max) return;
      const endsMs = new Date(windowStartedAt).getTime() + windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((endsMs - at.getTime()) / 1000));
      throw new HttpError(429, serverMessage('tooManyAttempts', { seconds: retryAfterSeconds }), {
        retryAfterSeconds,
      });
    },
    /** Forgets a key, as after a successful sign-in. */
    reset(key: string): Promise<void> {
      return repository.forget(scope, key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
