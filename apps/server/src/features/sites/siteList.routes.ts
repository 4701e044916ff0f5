import { compassLetter } from '@roadcount/domain';
import { siteListCsv } from '@roadcount/formats';
import { z } from 'zod';
import type { Access } from '../../infra/access/access.ts';
import { isUuid } from '../../infra/db/ids.ts';
import type { Router } from '../../infra/http/route.ts';
import type { SitesRepository } from './sites.repository.ts';
import { attachment } from '../../infra/http/attachment.ts';

/** At most this many sites a list: a survey's worth, and a bounded query. */
export const SITE_LIST_MAX = 500;

const siteListQuery = z.object({
  ids: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().refine(isUuid, 'must be site ids'))
        .min(1, 'choose at least one site')
        .max(SITE_LIST_MAX, `at most ${SITE_LIST_MAX} sites`),
    ),
});

/**
 * GET /api/sites/site-list.csv?ids=a,b: the site list a counter operator loads before a survey
 * (docs/formats.md, section 6), whose `SID:<id>` attribute matches the survey's files on upload.
 */
export function registerSiteListRoutes(
  router: Router,
  deps: { sites: SitesRepository; access: Access },
): void {
  router.define({
    method: 'get',
    path: '/api/sites/site-list.csv',
    summary:
      'The site list for counter software of the chosen sites (query: ids, comma separated), as CSV',
    tag: 'sites',
    auth: true,
    permission: 'sites.read',
    query: siteListQuery,
    responses: {
      200: 'CSV',
      400: 'no or bad ids',
      401: 'no session',
      403: 'a site of another organisation',
      404: 'no such site',
    },
    handler: async ({ viewer, query, reply }) => {
      const found = (await deps.access.sites(viewer, 'sites.read', query.ids)).sort((a, b) =>
        a.name.localeCompare(b.name),
      );
      const laneRows = await deps.sites.lanesOf(query.ids);
      const text = siteListCsv(
        found.map((site) => ({
          id: site.id,
          name: site.name,
          latitude: site.latitude,
          longitude: site.longitude,
          directionOne: compassLetter(site.directionOne),
          directionTwo: compassLetter(site.directionTwo),
          lanes: laneRows
            .filter((lane) => lane.siteId === site.id)
            .map((lane) => ({ direction: compassLetter(lane.direction), type: lane.laneType })),
          timeZone: site.timeZone,
        })),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`roadcount-site-list-${day}.csv`))
        .send(text);
    },
  });
}
