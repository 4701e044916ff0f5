/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n": typeof types.TaskStatesDocument,
    "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n": typeof types.TaskEventFieldsFragmentDoc,
    "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n": typeof types.TaskTrackingUpdatedDocument,
};
const documents: Documents = {
    "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n": types.TaskStatesDocument,
    "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n": types.TaskEventFieldsFragmentDoc,
    "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n": types.TaskTrackingUpdatedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n"): typeof import('./graphql').TaskStatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n"): typeof import('./graphql').TaskEventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n"): typeof import('./graphql').TaskTrackingUpdatedDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
