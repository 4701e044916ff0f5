import { compassLetter } from '@roadcount/domain';
import { siteListCsv } from '@roadcount/formats';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { authorize } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { lanes, sites } from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';

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
export function registerSiteListRoutes(router: Router, db: Database): void {
  router.define({
    method: 'get',
    path: '/api/sites/site-list.csv',
    summary:
      'The site list for counter software of the chosen sites (query: ids, comma separated), as CSV',
    tag: 'sites',
    auth: true,
    query: siteListQuery,
    responses: {
      200: 'CSV',
      400: 'no or bad ids',
      401: 'no session',
      403: 'a site of another organisation',
      404: 'no such site',
    },
    handler: async ({ viewer, query, reply }) => {
      authorize(viewer, 'sites.read');
      const found = await db
        .select()
        .from(sites)
        .where(and(inArray(sites.id, query.ids), isNull(sites.deletedAt)))
        .orderBy(asc(sites.name));
      if (found.length !== query.ids.length)
        throw new HttpError(404, "We couldn't find that site. It may have been deleted");
      for (const site of found)
        authorize(viewer, 'sites.read', { organisationId: site.ownerOrganisationId });
      const laneRows = await db
        .select()
        .from(lanes)
        .where(inArray(lanes.siteId, query.ids))
        .orderBy(asc(lanes.positionId));
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
        .header('content-disposition', `attachment; filename="roadcount-site-list-${day}.csv"`)
        .send(text);
    },
  });
}
