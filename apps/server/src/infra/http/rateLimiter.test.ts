import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { createRateLimiter } from './rateLimiter.ts';

describe('createRateLimiter', () => {
  it('refuses past the limit with the wait, and recovers when the window passes', () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 }, () => clock);
    for (let attempt = 0; attempt < 3; attempt += 1) limiter.hit('ip:1');
    let refused: unknown;
    try {
      limiter.hit('ip:1');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect((refused as HttpError).message).toBe(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
    limiter.hit('ip:2');
    clock += 60_001;
    expect(() => limiter.hit('ip:1')).not.toThrow();
  });
});
