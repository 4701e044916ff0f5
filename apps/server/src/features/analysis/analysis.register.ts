import type { FeatureHost } from '../../infra/http/featureHost.ts';
import { analysisResolvers } from './analysis.graphql.ts';
import { registerAnalysisRoutes, type AadtOfSite } from './analysis.routes.ts';
import type { AnalysisService } from './analysis.service.ts';
import type { AnalysisPool, AnalysisPoolStats } from './analysisPool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analysis threads' counters: requests asked, answered, dropped, stopped, waiting. */
    analysisStats: () => AnalysisPoolStats;
  }
}

/** Site detail and the vehicles' CSV, answered by the analysis threads. */
export function registerAnalysis(
  { app, router, resolvers }: FeatureHost,
  deps: {
    pool: AnalysisPool;
    service: AnalysisService;
    aadtOfSite: AadtOfSite;
    /** Start the threads once the server is ready rather than at the first question. */
    prestart: boolean;
  },
): void {
  const { pool, service } = deps;
  app.addHook('onClose', () => pool.close());
  // What the threads have done and how many requests wait: for operators' tooling and tests.
  app.decorate('analysisStats', () => pool.stats());
  if (deps.prestart) app.addHook('onReady', () => Promise.resolve(pool.start()));
  registerAnalysisRoutes(router, service, deps.aadtOfSite);
  resolvers.push(analysisResolvers(service));
}
