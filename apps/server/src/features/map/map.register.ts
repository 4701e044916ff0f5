import { mapConfigAnswer } from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { SiteData } from '../siteData/index.ts';
import { mapResolvers } from './map.graphql.ts';
import { createMapRepository } from './map.repository.ts';
import { createMapService, type DesignFiguresOf } from './map.service.ts';

/** The map's layers from the sites' packed series (warmed at start), and its base maps. */
export function registerMap(
  { app, router, resolvers }: FeatureHost,
  deps: {
    db: Database;
    siteData: SiteData;
    access: Access;
    cacheBytes: number;
    designFigures: DesignFiguresOf;
    baseMaps: {
      styleUrl: string | undefined;
      tileUrl: string;
      tileAttribution: string;
      satelliteUrl: string;
      satelliteAttribution: string;
    };
  },
): void {
  const { siteData, baseMaps } = deps;
  const mapRepository = createMapRepository(deps.db);
  const mapSeries = siteData.rollupSeriesCache(deps.cacheBytes);
  // Once ready, the sites' map series load in the background while they fit in the cache, so
  // the first map after a start answers from memory instead of reading thousands of files.
  let closing = false;
  let warming: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', () => {
    warming = mapRepository
      .rolledUpSites()
      .then((rolledUp) => mapSeries.warm(rolledUp, () => closing))
      .then((loaded) => app.log.debug({ loaded }, 'map series loaded'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'map series not preloaded'));
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await warming;
  });
  router.define({
    method: 'get',
    path: '/api/map/config',
    summary: "The map's base layers: style or tile templates and their attributions",
    tag: 'map',
    // The base maps are public configuration, read before sign-in is needed.
    auth: false,
    permission: 'public',
    responses: { 200: 'the base maps' },
    answer: mapConfigAnswer,
    handler: () =>
      Promise.resolve({
        styleUrl: baseMaps.styleUrl ?? null,
        tileUrl: baseMaps.tileUrl,
        tileAttribution: baseMaps.tileAttribution,
        satelliteUrl: baseMaps.satelliteUrl,
        satelliteAttribution: baseMaps.satelliteAttribution,
      }),
  });
  resolvers.push(
    mapResolvers(
      createMapService({
        repository: mapRepository,
        cache: mapSeries,
        access: deps.access,
        headwayThresholdSeconds: (organisationId) =>
          siteData.headwayThresholdSeconds(organisationId),
        designFigures: deps.designFigures,
      }),
    ),
  );
}
