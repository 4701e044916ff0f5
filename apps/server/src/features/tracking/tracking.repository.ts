import type { Database } from '../../infra/db/database.ts';
import { pageViews } from '../../infra/db/schema.ts';

/** Page views, kept for usage figures. */
export function createTrackingRepository(db: Database) {
  return {
    async recordPageView(values: {
      userId: string;
      organisationId: string | null;
      path: string;
    }): Promise<void> {
      await db.insert(pageViews).values(values);
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
