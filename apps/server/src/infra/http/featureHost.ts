import type { FastifyInstance } from 'fastify';
import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from '../graphql/context.ts';
import type { Router } from './route.ts';

/**
 * What a feature registers itself on (`register<Feature>(host, deps)`): the application (for
 * hooks), the router (for REST routes) and the GraphQL resolver sets, which app.ts hands to
 * GraphQL together once every feature has added its own.
 */
export interface FeatureHost {
  app: FastifyInstance;
  router: Router;
  resolvers: IResolvers<unknown, GraphqlContext>[];
}
