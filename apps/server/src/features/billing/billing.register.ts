import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { Database } from '../../infra/db/database.ts';
import { createBillingRepository } from './billing.repository.ts';
import { registerBillingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';

type BillingDeps = Omit<Parameters<typeof createBillingService>[0], 'repository'> & {
  db: Database;
};

/** Plans, bills and renewals; answers the service the hourly checks run. */
export function registerBilling({ router }: FeatureHost, deps: BillingDeps) {
  const { db, ...service } = deps;
  const billing = createBillingService({ repository: createBillingRepository(db), ...service });
  registerBillingRoutes(router, billing);
  return billing;
}
