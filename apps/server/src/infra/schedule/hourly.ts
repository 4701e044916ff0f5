import type { ScheduleRepository } from './schedule.repository.ts';

const HOUR_MS = 3_600_000;

/** The start of the UTC hour `at` falls in. */
export function hourSlot(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

export interface HourlyCheck {
  /** Names the check's runs (say, `billing_checks`). */
  name: string;
  run: () => Promise<unknown>;
}

/**
 * Runs each check at start and then hourly, but only where this process's claim on the hour
 * goes in first: with several API nodes, each hour's check is made once in all. A run cut short
 * (the process dies) is not made again that hour; the checks act on what is due, so the next
 * hour's run catches up. Answers a function that stops the timer.
 */
export function startHourlyChecks(deps: {
  claims: ScheduleRepository;
  holder: string;
  checks: HourlyCheck[];
  onError: (name: string, error: unknown) => void;
  now?: () => Date;
}): { runNow: () => Promise<void>; stop: () => void } {
  const now = deps.now ?? (() => new Date());
  const runNow = async () => {
    const slot = hourSlot(now());
    for (const check of deps.checks) {
      try {
        if (await deps.claims.claim(check.name, slot, deps.holder)) await check.run();
      } catch (error) {
        deps.onError(check.name, error);
      }
    }
  };
  const timer = setInterval(() => void runNow(), HOUR_MS);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}
