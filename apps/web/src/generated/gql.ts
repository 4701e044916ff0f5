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
    "\n  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      modes\n      bins\n      totals\n      wholeDays\n      dailyAverage\n    }\n  }\n": typeof types.CountSummaryDocument,
    "\n  fragment ExclusionFilterFields on VehicleExclusionFilter {\n    id\n    name\n    description\n    min_speed_mps\n    max_speed_mps\n    headway_greater_than_s\n    classes\n    start_time\n    end_time\n  }\n": typeof types.ExclusionFilterFieldsFragmentDoc,
    "\n  query VehicleExclusionFilters($siteId: ID) {\n    vehicleExclusionFilters(siteId: $siteId) {\n      ...ExclusionFilterFields\n    }\n  }\n": typeof types.VehicleExclusionFiltersDocument,
    "\n  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {\n    updateVehicleExclusionFilter(id: $id, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": typeof types.UpdateVehicleExclusionFilterDocument,
    "\n  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {\n    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": typeof types.CreateVehicleExclusionFilterDocument,
    "\n  mutation DeleteVehicleExclusionFilter($id: ID!) {\n    deleteVehicleExclusionFilter(id: $id)\n  }\n": typeof types.DeleteVehicleExclusionFilterDocument,
    "\n  query Filterset {\n    filterset {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": typeof types.FiltersetDocument,
    "\n  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {\n    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": typeof types.UpdateFiltersetDocument,
    "\n  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      site_id\n      site_name\n      site_type\n      latitude\n      longitude\n      time_zone\n      class_scheme\n      summary\n      bins\n      classes\n      speedByClass\n      headwayPercentiles\n      gapPercentiles\n      headwayGapMatrix\n      speeding\n      virtualDay\n      virtualWeek\n      availability\n    }\n  }\n": typeof types.SiteDetailDocument,
    "\n  query SiteTasks($siteId: ID!) {\n    siteTasks(siteId: $siteId) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n    }\n  }\n": typeof types.SiteTasksDocument,
    "\n  query SiteTimeRange($siteId: ID!) {\n    siteTimeRange(siteId: $siteId) {\n      site_id\n      time_zone\n      available_start\n      available_end\n    }\n  }\n": typeof types.SiteTimeRangeDocument,
    "\n  query SiteSettings($id: ID!) {\n    site(id: $id) {\n      id\n      class_scheme\n      pedestrians_included\n    }\n  }\n": typeof types.SiteSettingsDocument,
    "\n  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {\n    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {\n      id\n    }\n  }\n": typeof types.ChangeSiteSchemeDocument,
    "\n  mutation RecalculateSiteDataQuality($siteId: ID!) {\n    recalculateSiteDataQuality(siteId: $siteId) {\n      id\n    }\n  }\n": typeof types.RecalculateSiteDataQualityDocument,
    "\n  query SpeedLimits($siteId: ID!) {\n    speedLimits(siteId: $siteId) {\n      effective_from\n      limit_mps\n    }\n  }\n": typeof types.SpeedLimitsDocument,
    "\n  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {\n    setSpeedLimits(siteId: $siteId, limits: $limits) {\n      effective_from\n      limit_mps\n    }\n  }\n": typeof types.SetSpeedLimitsDocument,
    "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n": typeof types.TaskStatesDocument,
    "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n": typeof types.TaskEventFieldsFragmentDoc,
    "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n": typeof types.TaskTrackingUpdatedDocument,
};
const documents: Documents = {
    "\n  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      modes\n      bins\n      totals\n      wholeDays\n      dailyAverage\n    }\n  }\n": types.CountSummaryDocument,
    "\n  fragment ExclusionFilterFields on VehicleExclusionFilter {\n    id\n    name\n    description\n    min_speed_mps\n    max_speed_mps\n    headway_greater_than_s\n    classes\n    start_time\n    end_time\n  }\n": types.ExclusionFilterFieldsFragmentDoc,
    "\n  query VehicleExclusionFilters($siteId: ID) {\n    vehicleExclusionFilters(siteId: $siteId) {\n      ...ExclusionFilterFields\n    }\n  }\n": types.VehicleExclusionFiltersDocument,
    "\n  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {\n    updateVehicleExclusionFilter(id: $id, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": types.UpdateVehicleExclusionFilterDocument,
    "\n  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {\n    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n": types.CreateVehicleExclusionFilterDocument,
    "\n  mutation DeleteVehicleExclusionFilter($id: ID!) {\n    deleteVehicleExclusionFilter(id: $id)\n  }\n": types.DeleteVehicleExclusionFilterDocument,
    "\n  query Filterset {\n    filterset {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": types.FiltersetDocument,
    "\n  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {\n    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n": types.UpdateFiltersetDocument,
    "\n  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      site_id\n      site_name\n      site_type\n      latitude\n      longitude\n      time_zone\n      class_scheme\n      summary\n      bins\n      classes\n      speedByClass\n      headwayPercentiles\n      gapPercentiles\n      headwayGapMatrix\n      speeding\n      virtualDay\n      virtualWeek\n      availability\n    }\n  }\n": types.SiteDetailDocument,
    "\n  query SiteTasks($siteId: ID!) {\n    siteTasks(siteId: $siteId) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n    }\n  }\n": types.SiteTasksDocument,
    "\n  query SiteTimeRange($siteId: ID!) {\n    siteTimeRange(siteId: $siteId) {\n      site_id\n      time_zone\n      available_start\n      available_end\n    }\n  }\n": types.SiteTimeRangeDocument,
    "\n  query SiteSettings($id: ID!) {\n    site(id: $id) {\n      id\n      class_scheme\n      pedestrians_included\n    }\n  }\n": types.SiteSettingsDocument,
    "\n  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {\n    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {\n      id\n    }\n  }\n": types.ChangeSiteSchemeDocument,
    "\n  mutation RecalculateSiteDataQuality($siteId: ID!) {\n    recalculateSiteDataQuality(siteId: $siteId) {\n      id\n    }\n  }\n": types.RecalculateSiteDataQualityDocument,
    "\n  query SpeedLimits($siteId: ID!) {\n    speedLimits(siteId: $siteId) {\n      effective_from\n      limit_mps\n    }\n  }\n": types.SpeedLimitsDocument,
    "\n  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {\n    setSpeedLimits(siteId: $siteId, limits: $limits) {\n      effective_from\n      limit_mps\n    }\n  }\n": types.SetSpeedLimitsDocument,
    "\n  query TaskStates($ids: [ID!]!) {\n    task_tracking(ids: $ids) {\n      ...TaskEventFields\n    }\n  }\n": types.TaskStatesDocument,
    "\n  fragment TaskEventFields on TaskTracking {\n    id\n    function_name\n    state\n    message\n    updated_at\n    file_id\n  }\n": types.TaskEventFieldsFragmentDoc,
    "\n  subscription TaskTrackingUpdated {\n    task_tracking_updated {\n      ...TaskEventFields\n    }\n  }\n": types.TaskTrackingUpdatedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      modes\n      bins\n      totals\n      wholeDays\n      dailyAverage\n    }\n  }\n"): typeof import('./graphql').CountSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExclusionFilterFields on VehicleExclusionFilter {\n    id\n    name\n    description\n    min_speed_mps\n    max_speed_mps\n    headway_greater_than_s\n    classes\n    start_time\n    end_time\n  }\n"): typeof import('./graphql').ExclusionFilterFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query VehicleExclusionFilters($siteId: ID) {\n    vehicleExclusionFilters(siteId: $siteId) {\n      ...ExclusionFilterFields\n    }\n  }\n"): typeof import('./graphql').VehicleExclusionFiltersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {\n    updateVehicleExclusionFilter(id: $id, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n"): typeof import('./graphql').UpdateVehicleExclusionFilterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {\n    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {\n      ...ExclusionFilterFields\n    }\n  }\n"): typeof import('./graphql').CreateVehicleExclusionFilterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteVehicleExclusionFilter($id: ID!) {\n    deleteVehicleExclusionFilter(id: $id)\n  }\n"): typeof import('./graphql').DeleteVehicleExclusionFilterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Filterset {\n    filterset {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n"): typeof import('./graphql').FiltersetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {\n    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {\n      id\n      velocity_min\n      velocity_max\n      headway_min\n    }\n  }\n"): typeof import('./graphql').UpdateFiltersetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {\n    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {\n      site_id\n      site_name\n      site_type\n      latitude\n      longitude\n      time_zone\n      class_scheme\n      summary\n      bins\n      classes\n      speedByClass\n      headwayPercentiles\n      gapPercentiles\n      headwayGapMatrix\n      speeding\n      virtualDay\n      virtualWeek\n      availability\n    }\n  }\n"): typeof import('./graphql').SiteDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteTasks($siteId: ID!) {\n    siteTasks(siteId: $siteId) {\n      id\n      function_name\n      state\n      message\n      created_on\n      updated_at\n    }\n  }\n"): typeof import('./graphql').SiteTasksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteTimeRange($siteId: ID!) {\n    siteTimeRange(siteId: $siteId) {\n      site_id\n      time_zone\n      available_start\n      available_end\n    }\n  }\n"): typeof import('./graphql').SiteTimeRangeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteSettings($id: ID!) {\n    site(id: $id) {\n      id\n      class_scheme\n      pedestrians_included\n    }\n  }\n"): typeof import('./graphql').SiteSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {\n    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {\n      id\n    }\n  }\n"): typeof import('./graphql').ChangeSiteSchemeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecalculateSiteDataQuality($siteId: ID!) {\n    recalculateSiteDataQuality(siteId: $siteId) {\n      id\n    }\n  }\n"): typeof import('./graphql').RecalculateSiteDataQualityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpeedLimits($siteId: ID!) {\n    speedLimits(siteId: $siteId) {\n      effective_from\n      limit_mps\n    }\n  }\n"): typeof import('./graphql').SpeedLimitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {\n    setSpeedLimits(siteId: $siteId, limits: $limits) {\n      effective_from\n      limit_mps\n    }\n  }\n"): typeof import('./graphql').SetSpeedLimitsDocument;
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
