import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/testServer.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { createRateLimiter } from './rateLimiter.ts';
import { createRateLimitsRepository } from './rateLimits.repository.ts';

describe('createRateLimiter', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  /** What a hit answers: nothing, or the refusal's status and message. */
  const attempt = async (hit: () => Promise<void>) => {
    try {
      await hit();
      return 'let through';
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return `${error.statusCode} ${error.message}`;
    }
  };

  it('refuses past the limit with the wait, and recovers when the window passes', async () => {
    let clock = new Date('2026-03-02T09:00:00.000Z');
    const limiter = createRateLimiter(
      createRateLimitsRepository(database.db),
      'test:one',
      { max: 3, windowMs: 60_000 },
      () => clock,
    );
    for (let count = 0; count < 3; count += 1)
      expect(await attempt(() => limiter.hit('ip:1'))).toBe('let through');
    clock = new Date('2026-03-02T09:00:15.000Z');
    expect(await attempt(() => limiter.hit('ip:1'))).toBe(
      '429 Too many attempts. Please wait 45 seconds and try again.',
    );
    expect(await attempt(() => limiter.hit('ip:2'))).toBe('let through');
    // The window began at 09:00:00 with the first attempt: it is over at 09:01:00.
    clock = new Date('2026-03-02T09:01:00.001Z');
    expect(await attempt(() => limiter.hit('ip:1'))).toBe('let through');
  });

  it('counts the attempts of every API node on the database together', async () => {
    const clock = () => new Date('2026-03-02T10:00:00.000Z');
    // Two nodes: limiters of their own, with connections of their own to one database.
    const nodes = [0, 1].map(() =>
      createRateLimiter(
        createRateLimitsRepository(database.db),
        'test:shared',
        { max: 4, windowMs: 60_000 },
        clock,
      ),
    );
    const answers = [];
    for (const node of [0, 1, 0, 1, 0, 1])
      answers.push(await attempt(() => nodes[node]!.hit('account:7')));
    expect(answers).toEqual([
      'let through',
      'let through',
      'let through',
      'let through',
      '429 Too many attempts. Please wait 60 seconds and try again.',
      '429 Too many attempts. Please wait 60 seconds and try again.',
    ]);
    // A successful sign-in on one node forgets the key on every node.
    await nodes[0]!.reset('account:7');
    expect(await attempt(() => nodes[1]!.hit('account:7'))).toBe('let through');
  });
});
