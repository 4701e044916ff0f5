import type { FeatureHost } from '../../infra/http/featureHost.ts';
import { reportsResolvers } from './reports.graphql.ts';
import { createReportsRepository } from './reports.repository.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';
import type { Database } from '../../infra/db/database.ts';

type ReportsDeps = Omit<Parameters<typeof createReportsService>[0], 'reports'> & { db: Database };

/** Reports: asked for over REST and GraphQL, made by tasks, listed on the Downloads screen. */
export function registerReports({ router, resolvers }: FeatureHost, deps: ReportsDeps): void {
  const { db, ...service } = deps;
  const reportsService = createReportsService({ reports: createReportsRepository(db), ...service });
  registerReportRoutes(router, reportsService);
  resolvers.push(reportsResolvers(reportsService));
}
