import { serverMessage } from '@roadcount/domain';
import { HttpError } from '../errors.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Counts attempts per key in a sliding window held in memory. Each API node limits on its own;
 * behind N nodes a key gets at most N times the limit, which still stops brute force.
 */
export function createRateLimiter({ max, windowMs }: RateLimit, now: () => number = Date.now) {
  const attempts = new Map<string, number[]>();
  let lastSweep = now();

  function recent(key: string, at: number): number[] {
    const kept = (attempts.get(key) ?? []).filter((time) => time > at - windowMs);
    if (kept.length > 0) attempts.set(key, kept);
    else attempts.delete(key);
    return kept;
  }

  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const key of [...attempts.keys()]) recent(key, at);
  }

  return {
    /** Records an attempt; throws 429 with the seconds to wait when over the limit. */
    hit(key: string): void {
      const at = now();
      sweep(at);
      const kept = recent(key, at);
      if (kept.length >= max) {
        const retryAfterSeconds = Math.max(1, Math.ceil(((kept[0] ?? at) + windowMs - at) / 1000));
        throw new HttpError(429, serverMessage('tooManyAttempts', { seconds: retryAfterSeconds }), {
          retryAfterSeconds,
        });
      }
      kept.push(at);
      attempts.set(key, kept);
    },
    /** Forgets a key, as after a successful sign-in. */
    reset(key: string): void {
      attempts.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
