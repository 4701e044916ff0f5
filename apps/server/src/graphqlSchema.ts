// Every feature's GraphQL type definitions, in one list: the server compiles it and
// `npm run codegen` prints it for the web's generated types, so the two cannot drift apart.
import { analysisTypeDefs } from './features/analysis/analysis.graphql.ts';
import { exclusionsTypeDefs } from './features/exclusions/exclusions.graphql.ts';
import { fileNotesTypeDefs } from './features/files/fileNotes.graphql.ts';
import { filesTypeDefs } from './features/files/files.graphql.ts';
import { mapTypeDefs } from './features/map/map.graphql.ts';
import { mapNotesTypeDefs } from './features/mapNotes/mapNotes.graphql.ts';
import { siteGroupsTypeDefs } from './features/siteGroups/siteGroups.graphql.ts';
import { lanesTypeDefs } from './features/sites/lanes.graphql.ts';
import { siteLifecycleTypeDefs } from './features/sites/siteLifecycle.graphql.ts';
import { siteMergeTypeDefs } from './features/sites/siteMerge.graphql.ts';
import { siteToolsTypeDefs } from './features/sites/siteTools.graphql.ts';
import { sitesTypeDefs } from './features/sites/sites.graphql.ts';
import { speedLimitsTypeDefs } from './features/sites/speedLimits.graphql.ts';
import { surveysTypeDefs } from './features/surveys/surveys.graphql.ts';
import { tasksTypeDefs } from './features/tasks/tasks.graphql.ts';
import { notificationsTypeDefs } from './features/notifications/notifications.graphql.ts';
import { usersTypeDefs } from './features/users/users.graphql.ts';
import { reportsTypeDefs } from './features/reports/reports.graphql.ts';
import { staffToolsTypeDefs } from './features/staffTools/staffTools.graphql.ts';
import { factorGroupsTypeDefs } from './features/factorGroups/factorGroups.graphql.ts';
import { badDataTypeDefs } from './features/badData/badData.graphql.ts';
import { realtimeTypeDefs } from './features/realtime/realtime.graphql.ts';
import { figureExplanationTypeDefs } from './features/figureExplanation/figureExplanation.graphql.ts';

export const typeDefs: readonly string[] = [
  usersTypeDefs,
  tasksTypeDefs,
  filesTypeDefs,
  analysisTypeDefs,
  mapTypeDefs,
  mapNotesTypeDefs,
  speedLimitsTypeDefs,
  sitesTypeDefs,
  siteLifecycleTypeDefs,
  lanesTypeDefs,
  fileNotesTypeDefs,
  siteGroupsTypeDefs,
  siteMergeTypeDefs,
  siteToolsTypeDefs,
  exclusionsTypeDefs,
  notificationsTypeDefs,
  surveysTypeDefs,
  reportsTypeDefs,
  staffToolsTypeDefs,
  factorGroupsTypeDefs,
  badDataTypeDefs,
  realtimeTypeDefs,
  figureExplanationTypeDefs,
];
