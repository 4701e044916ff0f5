import { sql } from 'drizzle-orm';
import type { DayCoverage } from '@roadcount/analytics';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** Subscription level limits (SPEC section 1). */
  maxActiveUsers: integer('max_active_users').notNull().default(10),
  maxSites: integer('max_sites').notNull().default(100),
  preferences: jsonb('preferences')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdOn: createdOn(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** admin, org_admin or org_user: the token's `group`. */
    role: text('role').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    preferences: jsonb('preferences')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_organisation_idx').on(table.organisationId),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerOrganisationId: uuid('owner_organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    alternativeName: text('alternative_name'),
    description: text('description'),
    assetManagementId: text('asset_management_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    heading: doublePrecision('heading'),
    directionOne: integer('direction_one'),
    directionTwo: integer('direction_two'),
    siteType: text('site_type').notNull().default('temporary'),
    realtime: boolean('realtime').notNull().default(false),
    pedestriansIncluded: boolean('pedestrians_included').notNull().default(false),
    classScheme: text('class_scheme'),
    timeZone: text('time_zone').notNull().default('UTC'),
    notes: text('notes'),
    coreSiteMeta: jsonb('core_site_meta')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Bumped by each rollup refresh; names the site's packed rollup series (0: none yet). */
    rollupsVersion: integer('rollups_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('sites_org_name_unique').on(table.ownerOrganisationId, sql`lower(${table.name})`),
    // The sites list searches names with ILIKE '%...%' (pg_trgm).
    index('sites_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const lanes = pgTable(
  'lanes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('lane'),
    /** Order from the road centre (SPEC section 3). */
    positionId: integer('position_id').notNull().default(0),
    direction: integer('direction').notNull().default(0),
    laneType: text('lane_type').notNull().default('ROAD_LANE'),
    deviceArrayType: integer('device_array_type').notNull().default(1),
    analyticsConfigId: integer('analytics_config_id').notNull().default(1),
    contraflow: boolean('contraflow').notNull().default(true),
  },
  (table) => [index('lanes_site_idx').on(table.siteId)],
);

/** The files table's sortable columns with their page index names. */
const FILE_PAGE_SORTS = [
  ['uploaded', 'uploadedOn'],
  ['name', 'fileName'],
  ['start', 'startDataDatetime'],
  ['end', 'endDataDatetime'],
  ['status', 'reviewStatus'],
  ['site', 'siteName'],
  ['vehicles', 'savedVehicles'],
] as const;

export const trafficDataFiles = pgTable(
  'traffic_data_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull(),
    s3Key: text('s3_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    startDataDatetime: timestamp('start_data_datetime', { withTimezone: true }),
    endDataDatetime: timestamp('end_data_datetime', { withTimezone: true }),
    /** Stored statuses only; LOAD is derived from logs.saved_vehicles. */
    reviewStatus: text('review_status'),
    logs: jsonb('logs')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    summaryStats: jsonb('summary_stats').$type<Record<string, unknown>>(),
    uploadedOn: createdOn(),
    // The files table's copies, kept by triggers (migration 0011) on every write of a file or
    // its site, so that a page is read from one index without joining sites or reading rows.
    /** The matched site's name. */
    siteName: text('site_name'),
    /** The matched site is deleted: its files are hidden with it until it is restored. */
    siteDeleted: boolean('site_deleted').notNull().default(false),
    /** What the search matches: lower-cased file name and site name, on two lines. */
    searchText: text('search_text').notNull().default(''),
    savedVehicles: bigint('saved_vehicles', { mode: 'number' }).generatedAlwaysAs(
      sql`(logs->>'saved_vehicles')::bigint`,
    ),
  },
  (table) => [
    index('files_org_uploaded_idx').on(table.organisationId, table.uploadedOn),
    index('files_site_idx').on(table.siteId),
    index('files_org_sha_idx').on(table.organisationId, table.sha256),
    // A page of the files table reads its ids from one of these, in either direction, without
    // reading rows (index-only): one index per sortable column and direction, the id breaking
    // ties (highest first both ways, as the list orders), the status last for its filter.
    ...FILE_PAGE_SORTS.flatMap(([name, column]) => {
      const status = column === 'reviewStatus' ? [] : [table.reviewStatus];
      return [
        index(`files_page_${name}_idx`)
          .on(table.organisationId, table[column], table.id, ...status)
          .where(sql`not ${table.siteDeleted}`),
        index(`files_page_${name}_asc_idx`)
          .on(table.organisationId, table[column], table.id.desc().nullsFirst(), ...status)
          .where(sql`not ${table.siteDeleted}`),
      ];
    }),
    // Search (LIKE '%...%' on the search text) reads only the rows its trigrams may match.
    index('files_page_search_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .where(sql`not ${table.siteDeleted}`),
    // One realtime file per site and day, whichever process writes it first (issue 27).
    uniqueIndex('files_realtime_day_unique')
      .on(table.siteId, table.fileName)
      .where(sql`${table.kind} = 'realtime'`),
  ],
);

/** Images an organisation uploads (SPEC section 5: jpeg, jpg and png; names unique). */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    s3Key: text('s3_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedOn: createdOn(),
  },
  (table) => [
    uniqueIndex('images_org_name_idx').on(table.organisationId, sql`lower(${table.fileName})`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    functionName: text('function_name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** QD, PR, ER or CM (SPEC section 4). */
    state: text('state').notNull().default('QD'),
    message: text('message').notNull().default(''),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    /** Not to be claimed before this (retry backoff). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** While in progress: the claim lapses then, and another worker may take the task. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * While in progress: the worker holding the lease, `<host>/<pid>/<run>`, so that a process
     * restarted on the same host takes back at once the tasks its previous run left.
     */
    leaseHolder: text('lease_holder'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Percent done, 0 to 100, while in progress; null when the kind does not tell. */
    progress: integer('progress'),
    createdOn: createdOn(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tasks_state_created_idx').on(table.state, table.createdOn),
    index('tasks_claim_idx').on(table.state, table.runAfter),
    index('tasks_org_idx').on(table.organisationId),
  ],
);

/** Notes users attach to things: file notes now, map notes later (by `subject`). */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    subjectId: uuid('subject_id').notNull(),
    content: text('content').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    createdOn: createdOn(),
  },
  (table) => [index('notes_subject_idx').on(table.subject, table.subjectId)],
);

/** SPEC section 3: the named groups an organisation sorts its map notes into. */
export const mapNoteGroups = pgTable(
  'map_note_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('map_note_groups_name_unique').on(table.organisationId, sql`lower(${table.name})`),
  ],
);

/** Notes at a point on the map (SPEC sections 3 and 4), seen by their whole organisation. */
export const mapNotes = pgTable(
  'map_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => mapNoteGroups.id, { onDelete: 'set null' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    text: text('text').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    createdOn: createdOn(),
    updatedAt: updatedAt(),
  },
  (table) => [index('map_notes_organisation_idx').on(table.organisationId)],
);

/** Values the server keeps for itself, such as the generated token-signing secret. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Attempts per key of a rate limit (sign-in, password reset) in its current window, shared by
 * every API node: the window starts at the key's first attempt and lasts the limit's length.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** Which limit: sign-in by address, by account, reset by address, by email. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('rate_limit_windows_started_idx').on(table.windowStartedAt),
  ],
);

/** Refresh tokens, stored hashed; a family is one sign-in, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdOn: createdOn(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

/** Single-use links sent by email: password resets (1 hour) and invitations of new users. */
export const passwordTokens = pgTable('password_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdOn: createdOn(),
});

/** SPEC section 2: page views tracked with the user id and the organisation. */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    path: text('path').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_org_viewed_idx').on(table.organisationId, table.viewedAt)],
);

/** Per site, local day and direction: what map layers, lists and reports read (ARCHITECTURE.md). */
export const siteDailyRollups = pgTable(
  'site_daily_rollups',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    direction: integer('direction').notNull(),
    vehicles: integer('vehicles').notNull(),
    speedSumMps: doublePrecision('speed_sum_mps').notNull(),
    speedCount: integer('speed_count').notNull(),
    /** Vehicles per 1 km/h speed bin (index = whole km/h, the last bin holding all faster). */
    speedHistogram: integer('speed_histogram')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * Free-flowing vehicles (headway above the organisation's headway threshold, SPEC section 3)
     * per 1 km/h speed bin: the free-flow 85th percentile speed. Rebuilt when the threshold changes.
     */
    freeFlowHistogram: integer('free_flow_histogram')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Vehicles per class index. */
    classCounts: jsonb('class_counts')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * How the day's data covers it (`wholeDaysOf`): `records` (vehicle records: whole between the
     * record's first and last day), `whole` or `partial` (interval counts covering 00:00 to 24:00
     * or not). The same on every row of the day.
     */
    coverage: text('coverage').$type<DayCoverage>().notNull().default('records'),
  },
  (table) => [uniqueIndex('site_daily_rollups_key').on(table.siteId, table.day, table.direction)],
);

/** SPEC section 7: user notifications, such as a file waiting for an admin's review. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** A user, or null for every admin of the organisation. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    functionId: text('function_id').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    createdOn: createdOn(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Issue 38: for the demo visitor whose request it tells of alone; null for every reader. */
    demoSession: text('demo_session'),
  },
  (table) => [index('user_notifications_org_idx').on(table.organisationId, table.createdOn)],
);

/**
 * Issue 38: notifications a demo visitor has read. The demo account is shared, so its visitors
 * each keep their own read marks, never the notification's `readAt` that every visitor sees; the
 * marks go when the visitor's session has ended.
 */
export const demoNotificationReads = pgTable(
  'demo_notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => userNotifications.id, { onDelete: 'cascade' }),
    demoSession: text('demo_session').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.demoSession, table.notificationId] })],
);

/** SPEC section 3: a site's posted speed limit and the date from which it applies. */
export const speedLimits = pgTable(
  'speed_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Local date (YYYY-MM-DD) from which the limit applies; 1970-01-01 by default. */
    effectiveFrom: text('effective_from').notNull().default('1970-01-01'),
    limitMps: doublePrecision('limit_mps').notNull(),
    createdOn: createdOn(),
  },
  (table) => [uniqueIndex('speed_limits_site_from').on(table.siteId, table.effectiveFrom)],
);

/** SPEC section 3: a site group, a named set of an organisation's sites. */
export const siteGroups = pgTable(
  'site_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('site_groups_org_name_unique').on(table.organisationId, sql`lower(${table.name})`),
  ],
);

export const siteGroupMembers = pgTable(
  'site_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => siteGroups.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.siteId] }),
    index('site_group_members_site_idx').on(table.siteId),
  ],
);

/**
 * SPEC section 3: a saved vehicle exclusion filter, shared by its organisation's users. A vehicle
 * matching every condition given (null: any) is left out. Speeds m/s, headway s.
 */
export const vehicleExclusionFilters = pgTable(
  'vehicle_exclusion_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    minSpeedMps: doublePrecision('min_speed_mps'),
    maxSpeedMps: doublePrecision('max_speed_mps'),
    headwayGreaterThanS: doublePrecision('headway_greater_than_s'),
    classes: integer('classes').array(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdOn: createdOn(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('vehicle_exclusion_filters_org_name').on(
      table.organisationId,
      sql`lower(${table.name})`,
    ),
  ],
);

/**
 * Issue 25: a stretch of a site's record that a rule flagged as bad data (`rule`: silent,
 * direction_share, lane_flow; `direction`/`lane` when it concerns one), `value` what the rule
 * measured, and what a person decided of it (`state`: flagged, kept, excluded, real_zero). An
 * excluded period's vehicles are left out of every figure of the site. `end_time` is exclusive.
 */
export const badDataPeriods = pgTable(
  'bad_data_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    direction: integer('direction'),
    lane: integer('lane'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
    state: text('state').notNull().default('flagged'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdOn: createdOn(),
  },
  (table) => [index('bad_data_periods_site_idx').on(table.siteId, table.startTime)],
);

// ---------------------------------------------------------------------------------------------
// Surveys (issue 22): SPEC sections 2 to 4, an organisation's planned counting of chosen sites.

/**
 * A survey: its sites are counted between two local dates (inclusive) by an internal user or a
 * contractor. `status` is active or completed; a deleted survey keeps its status for restore.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Local dates, YYYY-MM-DD, both counted. */
    scheduledStart: text('scheduled_start').notNull(),
    scheduledEnd: text('scheduled_end').notNull(),
    /** active or completed. */
    status: text('status').notNull().default('active'),
    completedOn: timestamp('completed_on', { withTimezone: true }),
    counterModel: text('counter_model'),
    sensorSpacingM: doublePrecision('sensor_spacing_m'),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    contractorName: text('contractor_name'),
    contractorEmail: text('contractor_email'),
    notes: text('notes'),
    /** How the site file names the sites and what their attribute holds (packages/domain). */
    siteListOptions: jsonb('site_list_options')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdOn: createdOn(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('surveys_org_status_idx').on(table.organisationId, table.status, table.scheduledStart),
    index('surveys_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

/** The sites of a survey, in the order the wizard chose them. */
export const surveySites = pgTable(
  'survey_sites',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.surveyId, table.siteId] }),
    index('survey_sites_site_idx').on(table.siteId),
  ],
);

// ---- Help (issue 23): feedback and subscription enquiries sent to the support team ----

/** SPEC section 3: a feedback or subscription enquiry, as sent; mailed to SUPPORT_EMAIL too. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'feedback' or 'subscription'. */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    text: text('text').notNull(),
    createdOn: createdOn(),
  },
  (table) => [index('support_messages_created_idx').on(table.createdOn)],
);

/** A feedback's attached file, its bytes in the blob store. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
  },
  (table) => [index('support_attachments_message_idx').on(table.messageId)],
);

// ---------------------------------------------------------------------------------------------
// Reports (issue 21): the reports and exports users request from the Insights screen, made by a
// queued task and listed on the Downloads screen until they expire.

/**
 * A requested report: who asked, for which organisation, its validated parameters (the
 * domain's reportRequestSchema, the sites resolved), the task that makes it, its progress, and
 * the file once made (blob key, size), kept until `expiresAt`.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** One of the domain's REPORT_TYPES. */
    reportType: text('report_type').notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    /** The task that makes it; its state (QD, PR, CM, ER) is the report's. */
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** Percent done, 0 to 100. */
    progress: integer('progress').notNull().default(0),
    fileName: text('file_name'),
    blobKey: text('blob_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** After this the file is deleted and the report listed as expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Issue 38: the demo visitor (one sign-in of the shared demo account) who asked for it; only
     * that visitor lists and reads it, and it is gone soon after it expires. Null for everyone else.
     */
    demoSession: text('demo_session'),
    createdOn: createdOn(),
  },
  (table) => [
    index('reports_user_idx').on(table.userId, table.createdOn),
    index('reports_expires_idx').on(table.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Subscriptions, bills, the changelog email and translations (issue 26).

/**
 * SPEC section 1: an organisation's subscription: its level (the limits are the organisation's
 * max_active_users and max_sites), renewal date, state, and when the state last changed (a
 * suspended or cancelled organisation's data is kept 12 months from then).
 */
export const subscriptions = pgTable('subscriptions', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  level: text('level').notNull().default('basic'),
  /** Local date, YYYY-MM-DD. */
  renewalOn: text('renewal_on').notNull(),
  /** active, suspended or cancelled. */
  state: text('state').notNull().default('active'),
  stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The renewal date whose notice was mailed, so that each renewal is noticed once. */
  renewalNoticeFor: text('renewal_notice_for'),
  createdOn: createdOn(),
});

/**
 * SPEC section 1: the price list, one row per subscription level, which platform staff edit.
 * Bills are made at the prices of the day and keep them in their lines.
 */
export const subscriptionPrices = pgTable('subscription_prices', {
  level: text('level').primaryKey(),
  monthlyFeePence: integer('monthly_fee_pence').notNull(),
  perActiveUserPence: integer('per_active_user_pence').notNull(),
  perSurveySitePence: integer('per_survey_site_pence').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The staff member who last changed the level's prices; null for the starting list. */
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A month's bill of an organisation, from its recorded usage; one per organisation and month. */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    month: text('month').notNull(),
    level: text('level').notNull(),
    activeUsers: integer('active_users').notNull(),
    surveySites: integer('survey_sites').notNull(),
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull(),
    totalPence: integer('total_pence').notNull(),
    pdfKey: text('pdf_key').notNull(),
    csvKey: text('csv_key').notNull(),
    createdOn: createdOn(),
  },
  (table) => [uniqueIndex('bills_org_month_unique').on(table.organisationId, table.month)],
);

/** Who has been sent which changelog section (by its hash), so a rerun mails nobody twice. */
export const changelogMailings = pgTable(
  'changelog_mailings',
  {
    sectionHash: text('section_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sectionHash, table.userId] })],
);

/**
 * Which process made each run of a scheduled check (the hourly billing and overdue-survey
 * checks): one row per check and hour, so that however many API nodes run, each hour's check is
 * made once, by the node whose claim went in first.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    name: text('name').notNull(),
    /** The start of the hour (UTC) the run is for. */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** The process that made it, `<host>/<pid>/<run>`. */
    claimedBy: text('claimed_by').notNull(),
    claimedOn: timestamp('claimed_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.name, table.slot] })],
);

/** Interface texts staff changed on the Translate screen, served over the bundled catalogues. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.locale, table.key] })],
);

// ---------------------------------------------------------------------------------------------
// Hardware and realtime (issue 27): an organisation's devices, the arrays of studs across a
// lane, which array measured which lane of which site and when, device positions, road sections,
// and the raw events gateways send.

/**
 * A roadstud magnetometer, gateway or counter. Studs name the gateway that hears them; a
 * gateway holds the hash of its ingest key (the key is shown once); state (last seen, battery,
 * signal) is what the device last reported.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** One of the domain's DEVICE_KINDS. */
    kind: text('kind').notNull(),
    serial: text('serial').notNull(),
    model: text('model'),
    name: text('name'),
    notes: text('notes'),
    gatewayId: uuid('gateway_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    batteryPercent: integer('battery_percent'),
    signalDbm: integer('signal_dbm'),
    /** SHA-256 of the gateway's ingest key, hex; null: no key (or revoked). */
    apiKeyHash: text('api_key_hash'),
    createdOn: createdOn(),
  },
  (table) => [
    uniqueIndex('devices_org_serial_unique').on(table.organisationId, sql`lower(${table.serial})`),
    uniqueIndex('devices_api_key_unique').on(table.apiKeyHash),
    index('devices_gateway_idx').on(table.gatewayId),
  ],
);

/** The studs across one lane, in the order a vehicle meets them, and their spacing. */
export const deviceArrays = pgTable('device_arrays', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  spacingM: doublePrecision('spacing_m').notNull(),
  deviceIds: uuid('device_ids').array().notNull(),
  createdOn: createdOn(),
});

/** Which array measured which lane of which site, from when (to when; null: still). */
export const deviceMappings = pgTable(
  'device_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    deviceArrayId: uuid('device_array_id')
      .notNull()
      .references(() => deviceArrays.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    laneId: uuid('lane_id')
      .notNull()
      .references(() => lanes.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
  },
  (table) => [
    index('device_mappings_site_idx').on(table.siteId),
    index('device_mappings_array_idx').on(table.deviceArrayId),
  ],
);

/**
 * What a roadstud reported of one vehicle passing it, as its gateway sent it (issue 27): keyed
 * by stud and instant, so a gateway that sends a batch again stores each event once. A realtime
 * site's vehicles are correlated from these (features/realtime) and can be again at any time.
 */
export const sensorEvents = pgTable(
  'sensor_events',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    // No foreign key: its device's row is the organisation's (and goes with it), and a check
    // per event costs the embedded database a lookup for each of thousands a second.
    organisationId: uuid('organisation_id').notNull(),
    time: timestamp('time', { withTimezone: true, precision: 3 }).notNull(),
    speedMps: real('speed_mps'),
    lengthM: real('length_m'),
    classIndex: smallint('class_index'),
    axles: smallint('axles'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.time] })],
);

/** A device's recorded positions; its latest is where the map shows it. */
export const gpsLocations = pgTable(
  'gps_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gps_locations_device_idx').on(table.deviceId, table.recordedAt)],
);

/** A stretch of road, as a line, optionally tied to the site that counts it. */
export const roadSections = pgTable('road_sections', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
  coordinates: jsonb('coordinates').$type<[number, number][]>().notNull(),
  createdOn: createdOn(),
});
/**
 * Issue 26: every action platform staff take (who, what, when, on which organisation), which
 * staff read in the staff area. Kept when the user or organisation goes: the names are copied.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    /** What was done: a task kind or a staff action name. */
    action: text('action').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    organisationName: text('organisation_name'),
    /** What it was done to (the site's name and id, the task's id). */
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdOn: createdOn(),
  },
  (table) => [index('staff_audit_log_created_idx').on(table.createdOn)],
);
/**
 * Issue 25: a site group used as a factor group (TMG 2022): its continuous sites give monthly and
 * day-of-week factors, its other sites' short counts are adjusted by them. `basis` says how the
 * organisation grouped the sites: roadClass, area or pattern (clustered monthly patterns).
 */
export const factorGroups = pgTable('factor_groups', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => siteGroups.id, { onDelete: 'cascade' }),
  basis: text('basis').notNull(),
  createdOn: createdOn(),
});
