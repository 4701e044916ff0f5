import { COMPASS_CODES, LANE_DEFAULTS, lanePositions, type CompassLetter } from '@roadcount/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { lanes } from '../../infra/db/schema.ts';

export type LaneRow = typeof lanes.$inferSelect;

export interface LaneChange {
  id?: string | null;
  direction: CompassLetter;
  lane_type: string;
  name: string;
}

export function createLanesRepository(db: Database) {
  return {
    /** A site's lanes by direction, each from the road centre outwards. */
    async list(siteId: string): Promise<LaneRow[]> {
      return db
        .select()
        .from(lanes)
        .where(eq(lanes.siteId, siteId))
        .orderBy(asc(lanes.direction), asc(lanes.positionId), asc(lanes.id));
    },
    /** Saves the lanes in the order given: saved ones updated in place, new ones added. */
    async save(siteId: string, changes: readonly LaneChange[]): Promise<void> {
      const positions = lanePositions(changes);
      await db.transaction(async (tx) => {
        for (const [index, change] of changes.entries()) {
          const values = {
            direction: COMPASS_CODES[change.direction],
            positionId: positions[index] ?? LANE_DEFAULTS.position_id,
            laneType: change.lane_type,
            name: change.name,
          };
          if (change.id)
            await tx
              .update(lanes)
              .set(values)
              .where(and(eq(lanes.id, change.id), eq(lanes.siteId, siteId)));
          else
            await tx.insert(lanes).values({
              siteId,
              ...values,
              deviceArrayType: LANE_DEFAULTS.device_array_type,
              analyticsConfigId: LANE_DEFAULTS.analytics_config_id,
              contraflow: LANE_DEFAULTS.contraflow,
            });
        }
      });
    },
    /** When a site's direction changes from one compass point to another, its lanes follow. */
    async redirect(siteId: string, moves: readonly { from: number; to: number }[]): Promise<void> {
      const moving = moves.filter((move) => move.from !== move.to);
      if (moving.length === 0) return;
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: lanes.id, direction: lanes.direction })
          .from(lanes)
          .where(
            and(
              eq(lanes.siteId, siteId),
              inArray(
                lanes.direction,
                moving.map((move) => move.from),
              ),
            ),
          );
        for (const row of rows) {
          const move = moving.find((candidate) => candidate.from === row.direction);
          if (move) await tx.update(lanes).set({ direction: move.to }).where(eq(lanes.id, row.id));
        }
      });
    },
  };
}

export type LanesRepository = ReturnType<typeof createLanesRepository>;
