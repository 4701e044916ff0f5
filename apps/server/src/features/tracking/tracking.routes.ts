import { pageViewUsageAnswer } from '@roadcount/domain';
import { z } from 'zod';
import type { Router } from '../../infra/http/route.ts';
import type { TrackingRepository } from './tracking.repository.ts';

const pageViewBody = z.object({ path: z.string().min(1).max(2000) });

/** SPEC section 2: page views tracked with the user id and organisation, both from the token. */
export function registerTrackingRoutes(router: Router, tracking: TrackingRepository): void {
  router.define({
    method: 'post',
    path: '/api/page-views',
    summary: 'Record that you viewed a page',
    tag: 'tracking',
    auth: true,
    permission: 'profile.read',
    body: pageViewBody,
    responses: { 204: 'recorded', 401: 'no session' },
    handler: async ({ viewer, body }) => {
      const actor = viewer;
      await tracking.recordPageView({
        userId: actor.userId,
        organisationId: actor.organisationId,
        path: body.path,
      });
    },
  });

  router.define({
    method: 'get',
    path: '/api/page-views/usage',
    summary: 'Views and users per organisation and screen over the last days (platform staff)',
    tag: 'tracking',
    auth: true,
    permission: 'staff.tools',
    query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
    responses: { 200: 'the usage rows, most viewed first', 403: 'not platform staff' },
    answer: pageViewUsageAnswer,
    handler: async ({ query }) => {
      const since = new Date(Date.now() - query.days * 86_400_000);
      const rows = await tracking.usageSince(since, 500);
      return rows.map((row) => ({
        organisation_id: row.organisationId,
        organisation_name: row.organisationName,
        screen: row.screen,
        views: row.views,
        users: row.users,
        last_viewed_at: row.lastViewedAt.toISOString(),
      }));
    },
  });
}
