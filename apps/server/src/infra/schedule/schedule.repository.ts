import type { Database } from '../db/database.ts';
import { scheduledRuns } from '../db/schema.ts';

/** Claims on the runs of scheduled checks, shared by every process on the database. */
export function createScheduleRepository(db: Database) {
  return {
    /** Whether this process's claim on the check's run for `slot` went in first. */
    async claim(name: string, slot: Date, holder: string): Promise<boolean> {
      const made = await db
        .insert(scheduledRuns)
        .values({ name, slot, claimedBy: holder })
        .onConflictDoNothing()
        .returning({ name: scheduledRuns.name });
      return made.length === 1;
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
