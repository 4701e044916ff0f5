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
}
