import type { Access } from '../../infra/access/access.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import { createHardwareRepository } from './hardware.repository.ts';
import { registerHardwareRoutes } from './hardware.routes.ts';
import { createHardwareService } from './hardware.service.ts';

/** Counting devices and their gateways. */
export function registerHardware(
  { router }: FeatureHost,
  deps: { db: Database; access: Access; silenceMinutes: number },
): void {
  registerHardwareRoutes(
    router,
    createHardwareService({
      repository: createHardwareRepository(deps.db),
      access: deps.access,
      silenceMinutes: deps.silenceMinutes,
    }),
  );
}
