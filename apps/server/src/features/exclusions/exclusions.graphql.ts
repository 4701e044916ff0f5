import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { ExclusionsService } from './exclusions.service.ts';

export const exclusionsTypeDefs = /* GraphQL */ `
  """
  SPEC section 3: a saved vehicle exclusion filter of an organisation. A vehicle that matches
  every condition given is left out; a condition that is null matches any vehicle. Speeds in m/s,
  headway in s, times ISO 8601 (the end is exclusive).
  """
  type VehicleExclusionFilter {
    id: ID!
    organisation_id: ID!
    name: String!
    description: String
    min_speed_mps: Float
    max_speed_mps: Float
    "Leaves out vehicles whose headway is greater than this"
    headway_greater_than_s: Float
    "Included classes (class_index); null for any class"
    classes: [Int!]
    start_time: String
    end_time: String
    created_on: String!
    updated_at: String!
  }

  input VehicleExclusionFilterInput {
    name: String!
    description: String
    min_speed_mps: Float
    max_speed_mps: Float
    headway_greater_than_s: Float
    classes: [Int!]
    start_time: String
    end_time: String
  }

  extend type Query {
    "The saved vehicle exclusion filters of the site's organisation (without siteId: the viewer's)."
    vehicleExclusionFilters(siteId: ID): [VehicleExclusionFilter!]!
  }

  extend type Mutation {
    "Saves a new exclusion filter for the site's organisation (without siteId: the viewer's)."
    createVehicleExclusionFilter(
      siteId: ID
      filter: VehicleExclusionFilterInput!
    ): VehicleExclusionFilter!
    updateVehicleExclusionFilter(
      id: ID!
      filter: VehicleExclusionFilterInput!
    ): VehicleExclusionFilter!
    "Deletes the filter and answers its id."
    deleteVehicleExclusionFilter(id: ID!): ID!
  }
`;

export function exclusionsResolvers(
  service: ExclusionsService,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      vehicleExclusionFilters: (_root, args: { siteId?: string | null }, context) =>
        withHttpErrors(() => service.list(requireViewer(context), args.siteId)),
    },
    Mutation: {
      createVehicleExclusionFilter: (
        _root,
        args: { siteId?: string | null; filter: unknown },
        context,
      ) => withHttpErrors(() => service.create(requireViewer(context), args.filter, args.siteId)),
      updateVehicleExclusionFilter: (_root, args: { id: string; filter: unknown }, context) =>
        withHttpErrors(() => service.update(requireViewer(context), args.id, args.filter)),
      deleteVehicleExclusionFilter: (_root, args: { id: string }, context) =>
        withHttpErrors(() => service.remove(requireViewer(context), args.id)),
    },
  };
}
