import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/testServer.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { hourSlot, startHourlyChecks } from './hourly.ts';
import { createScheduleRepository } from './schedule.repository.ts';

describe('hourly checks', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ handle: database, drop } = await openTestDatabase());
  });
  afterEach(() => drop());

  it('are made once an hour however many API nodes run them', async () => {
    const claims = createScheduleRepository(database.db);
    let clock = new Date('2026-11-26T10:59:59.500Z');
    const made: string[] = [];
    // Three nodes, each with both checks, sharing one database.
    const nodes = ['node-a', 'node-b', 'node-c'].map((holder) =>
      startHourlyChecks({
        claims,
        holder,
        now: () => clock,
        checks: ['billing_checks', 'overdue_surveys'].map((name) => ({
          name,
          run: () => Promise.resolve(void made.push(`${name} by ${holder}`)),
        })),
        onError: (name, error) => {
          throw new Error(`${name}: ${String(error)}`);
        },
      }),
    );
    await Promise.all(nodes.map((node) => node.runNow()));
    // Each check once in the 10:00 hour, whichever node claimed it.
    expect(made.map((entry) => entry.split(' by ')[0]).sort()).toEqual([
      'billing_checks',
      'overdue_surveys',
    ]);
    // Asked again within the hour (a node restarted): nothing more.
    await Promise.all(nodes.map((node) => node.runNow()));
    expect(made).toHaveLength(2);
    // Half a second later it is 11:00: once more each.
    clock = new Date('2026-11-26T11:00:00.000Z');
    await Promise.all(nodes.map((node) => node.runNow()));
    expect(made).toHaveLength(4);
    for (const node of nodes) node.stop();
  });

  it('let a failing check not stop the others, and say which failed', async () => {
    const failed: string[] = [];
    const ran: string[] = [];
    const checks = startHourlyChecks({
      claims: createScheduleRepository(database.db),
      holder: 'node-a',
      checks: [
        { name: 'billing_checks', run: () => Promise.reject(new Error('mail server down')) },
        { name: 'overdue_surveys', run: () => Promise.resolve(void ran.push('overdue_surveys')) },
      ],
      onError: (name, error) => failed.push(`${name}: ${(error as Error).message}`),
    });
    await checks.runNow();
    checks.stop();
    expect(failed).toEqual(['billing_checks: mail server down']);
    expect(ran).toEqual(['overdue_surveys']);
  });
});

describe('an hour slot', () => {
  it('is the UTC hour, whatever the clock change', () => {
    expect(hourSlot(new Date('2026-03-29T01:30:00+01:00')).toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    expect(hourSlot(new Date('2026-10-25T01:59:59.999Z')).toISOString()).toBe(
      '2026-10-25T01:00:00.000Z',
    );
  });
});
