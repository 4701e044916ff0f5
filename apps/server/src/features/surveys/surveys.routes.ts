import { isRole } from '@roadcount/domain';
import { z } from 'zod';
import type { TokenService } from '../../infra/auth/tokens.ts';
import type { UserSource, Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import type { SurveysService } from './surveys.service.ts';
import { attachment } from '../../infra/http/attachment.ts';

/**
 * GET /api/surveys/{id}/site-file.csv: the survey's site list for counter software
 * (docs/formats.md, section 6) shaped by its wizard options, so that files recorded by its
 * counters match their sites by `SID:`. Opened by the link token of surveySiteFileLink (a new
 * window has no bearer header) or by a bearer token; either way the user must read the survey.
 */
export function registerSurveyRoutes(
  router: Router,
  deps: { service: SurveysService; tokens: TokenService; users: UserSource },
): void {
  async function linkViewer(token: string, surveyId: string): Promise<Viewer> {
    const claims = await deps.tokens.verifyDownload(token);
    if (!claims || claims.fileId !== surveyId) throw new HttpError(401);
    const user = await deps.users.findById(claims.userId);
    if (!user?.isActive || !isRole(user.role)) throw new HttpError(401);
    return {
      userId: user.id,
      role: user.role,
      organisationId: user.organisationId,
      isDemo: user.isDemo,
      row: user,
    };
  }

  router.define({
    method: 'get',
    path: '/api/surveys/:id/site-file.csv',
    summary: "A survey's site file for counter software, as CSV (link token or bearer token)",
    tag: 'surveys',
    auth: false,
    permission: 'surveys.read',
    linkToken: true,
    query: z.object({ token: z.string().optional().describe('The link token') }),
    responses: {
      200: 'CSV',
      401: 'no valid link or bearer token',
      403: 'a survey of another organisation',
      404: 'no such survey',
    },
    handler: async ({ params, query, viewer, reply }) => {
      const surveyId = params.id ?? '';
      const reader = query.token ? await linkViewer(query.token, surveyId) : viewer;
      if (!reader) throw new HttpError(401);
      const file = await deps.service.siteFile(reader, surveyId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(file.fileName))
        .send(file.text);
    },
  });
}
