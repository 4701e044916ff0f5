import type { Access } from '../../infra/access/access.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import type { UserSource } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { surveysResolvers } from './surveys.graphql.ts';
import { createSurveysRepository } from './surveys.repository.ts';
import { registerSurveyRoutes } from './surveys.routes.ts';
import { createSurveysService } from './surveys.service.ts';

/** Surveys over REST and GraphQL; answers the service the hourly checks remind through. */
export function registerSurveys(
  { router, resolvers }: FeatureHost,
  deps: {
    db: Database;
    access: Access;
    mailer: Mailer;
    tokens: TokenService;
    users: UserSource;
    publicUrl: string;
  },
) {
  const { tokens, users } = deps;
  const surveys = createSurveysService({
    surveys: createSurveysRepository(deps.db),
    access: deps.access,
    mailer: deps.mailer,
    tokens,
    publicUrl: deps.publicUrl,
  });
  registerSurveyRoutes(router, { service: surveys, tokens, users });
  resolvers.push(surveysResolvers(surveys));
  return surveys;
}
