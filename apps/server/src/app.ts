import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { typeDefs } from './graphqlSchema.ts';
import type { DatabaseHandle } from './infra/db/database.ts';
import { registerErrorHandling } from './infra/errors.ts';
import { closeSilentConnections } from './infra/http/silentConnections.ts';
import { registerClientGone } from './infra/http/clientGone.ts';
import { registerSecurityHeaders } from './infra/http/securityHeaders.ts';
import type { FeatureHost } from './infra/http/featureHost.ts';
import { createTokenService, resolveSigningSecret } from './infra/auth/tokens.ts';
import { registerGraphql } from './infra/graphql/graphql.ts';
import { createLiveSessions } from './infra/graphql/liveSessions.ts';
import { join } from 'node:path';
import { createBlobStore, type BlobStore } from './infra/blob/blobStore.ts';
import { createTaskQueue, type TaskQueue } from './infra/queue/taskQueue.ts';
import { onlyTasks, startWorker, WORKER_HOLDER, type Worker } from './infra/queue/worker.ts';
import { sweepAbandonedParts, sweepPartsOf } from './infra/blob/sweepParts.ts';
import { startHourlyChecks } from './infra/schedule/hourly.ts';
import { createScheduleRepository } from './infra/schedule/schedule.repository.ts';
import { createAnalysis } from './analysisSetup.ts';
import { siteDesignFigures } from './siteDesignFigures.ts';
import { createSiteData, type SiteData } from './features/siteData/index.ts';
import { createTaskHandlers } from './taskHandlers.ts';
import { createAccess } from './infra/access/access.ts';
import { registerOpenApi } from './infra/http/openapi.ts';
import { createRateLimiter, type RateLimit } from './infra/http/rateLimiter.ts';
import { createRateLimitsRepository } from './infra/http/rateLimits.repository.ts';
import { createRouter } from './infra/http/route.ts';
import { createMailer, type Mailer } from './infra/mail/mailer.ts';
import { createStaffAudit } from './infra/audit/staffAudit.repository.ts';
import { auditMutations, createStaffWriteRecorder } from './infra/audit/staffWrites.ts';
import { registerAnalysis } from './features/analysis/analysis.register.ts';
import { registerAuth } from './features/auth/auth.register.ts';
import { badDataResolvers } from './features/badData/badData.graphql.ts';
import { createBadDataRepository } from './features/badData/badData.repository.ts';
import { createBadDataService } from './features/badData/badData.service.ts';
import { registerBilling } from './features/billing/billing.register.ts';
import { registerChangelogRoutes } from './features/changelog/changelog.routes.ts';
import { registerClientErrorRoutes } from './features/clientErrors/clientErrors.routes.ts';
import { registerDemoGateway } from './features/demo/demo.register.ts';
import { exclusionsResolvers } from './features/exclusions/exclusions.graphql.ts';
import { factorGroupsResolvers } from './features/factorGroups/factorGroups.graphql.ts';
import { figureExplanationResolvers } from './features/figureExplanation/figureExplanation.graphql.ts';
import { registerFiles } from './features/files/files.register.ts';
import { registerHardware } from './features/hardware/hardware.register.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { registerImages } from './features/images/images.register.ts';
import { registerMap } from './features/map/map.register.ts';
import { mapNotesResolvers } from './features/mapNotes/mapNotes.graphql.ts';
import { createMapNotesRepository } from './features/mapNotes/mapNotes.repository.ts';
import { createMapNotesService } from './features/mapNotes/mapNotes.service.ts';
import { notificationsResolvers } from './features/notifications/notifications.graphql.ts';
import { createNotificationsRepository } from './features/notifications/notifications.repository.ts';
import { createOrganisationsRepository } from './features/organisations/organisations.repository.ts';
import { registerOrganisationsRoutes } from './features/organisations/organisations.routes.ts';
import { createOrganisationsService } from './features/organisations/organisations.service.ts';
import { followRealtimeEvents, registerRealtime } from './features/realtime/realtime.register.ts';
import { registerReports } from './features/reports/reports.register.ts';
import { siteGroupsResolvers } from './features/siteGroups/siteGroups.graphql.ts';
import { createSiteGroupsRepository } from './features/siteGroups/siteGroups.repository.ts';
import { createSiteGroupsService } from './features/siteGroups/siteGroups.service.ts';
import { registerSites } from './features/sites/sites.register.ts';
import { staffToolsResolvers } from './features/staffTools/staffTools.graphql.ts';
import { createStaffToolsService } from './features/staffTools/staffTools.service.ts';
import { registerSupport } from './features/support/support.register.ts';
import { registerSurveys } from './features/surveys/surveys.register.ts';
import { followTaskEvents, registerTasks } from './features/tasks/tasks.register.ts';
import { createTmgExportRepository } from './features/tmgExport/tmgExport.repository.ts';
import { registerTmgExportRoutes } from './features/tmgExport/tmgExport.routes.ts';
import { createTmgExportService } from './features/tmgExport/tmgExport.service.ts';
import { createTrackingRepository } from './features/tracking/tracking.repository.ts';
import { registerTrackingRoutes } from './features/tracking/tracking.routes.ts';
import { createTranslationsRepository } from './features/translations/translations.repository.ts';
import { registerTranslationRoutes } from './features/translations/translations.routes.ts';
import { registerUsers } from './features/users/users.register.ts';
import { createUsersRepository } from './features/users/users.repository.ts';
import { registerWebRoutes } from './features/web/web.routes.ts';

/** Error reports one address may send a minute: a failing page sends one or two. */
const CLIENT_ERRORS_PER_MINUTE = 10;

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Run a task worker in this process (npm start does; tests choose). */
  worker?: { pollMs?: number } | false;
  /**
   * The clock of rate limits, the task queue and report expiry; the machine's by default. Tests
   * move it to decide when a window or a retention passes.
   */
  clock?: () => Date;
}

/**
 * The Fastify application with every route; the caller owns listening and the database. Reads
 * as the list of features: each registers its routes, resolvers and hooks on the host, given
 * what it needs of the others.
 */
export async function buildApp({
  config,
  database,
  logger,
  worker,
  clock = () => new Date(),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    mapOrigins: config.map.origins,
  });
  registerErrorHandling(app);
  registerClientGone(app);
  closeSilentConnections(app);

  const { db } = database;
  const tokens = createTokenService(
    await resolveSigningSecret(db, config.jwtSecret),
    config.accessTokenTtlSeconds,
  );
  const users = createUsersRepository(db);
  const liveSessions = createLiveSessions({ users });
  app.addHook('onClose', () => Promise.resolve(liveSessions.stop()));
  const access = createAccess(db);
  const organisations = createOrganisationsRepository(db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const { publicUrl } = config;

  // Every REST route is declared through the router, with its zod schemas and permission;
  // @fastify/swagger documents them at /core/api/openapi.json.
  await registerOpenApi(app, { title: 'Roadcount API', version: '0.1.0' });
  const staffAudit = createStaffAudit(db);
  // Issue 37: every write platform staff make, REST or GraphQL, is recorded in one place.
  const recordStaffWrite = createStaffWriteRecorder(staffAudit, app.log);
  const router = createRouter(app, { tokens, users, recordWrite: recordStaffWrite });
  const host: FeatureHost = { app, router, resolvers: [] };
  // Counted in the database: every API node behind the proxy counts the same attempts.
  const rateLimitWindows = createRateLimitsRepository(db);
  const limiter = (scope: string, limit: RateLimit) =>
    createRateLimiter(rateLimitWindows, scope, limit, clock);

  const blobs = createBlobStore(config);
  // A missing bucket or unreachable store stops the start, rather than the first upload.
  await blobs.check();
  await sweepAbandonedParts(blobs, app.log);
  const queue = createTaskQueue(db, { now: clock });
  let taskWorker: Worker | undefined;
  const wake = () => taskWorker?.wake();
  const siteData = createSiteData({ db, blobs });
  const {
    pool: analysisPool,
    service: analysis,
    exclusions,
    factorGroups,
    figureExplanation,
    reports: reportSources,
  } = createAnalysis({ config, db, siteData, access });

  registerClientErrorRoutes(
    router,
    limiter('client-errors:ip', { max: CLIENT_ERRORS_PER_MINUTE, windowMs: 60_000 }),
  );
  const auth = registerAuth(host, {
    db,
    users,
    tokens,
    mailer,
    publicUrl,
    limiter,
    rateLimits: config.rateLimits,
  });
  const onUserRemoved = (userId: string) => liveSessions.endUser(userId);
  registerUsers(host, { users, organisations, auth, access, onUserRemoved });
  const { publishTask, queueAndWake } = registerTasks(host, { queue, wake });
  registerTrackingRoutes(router, createTrackingRepository(db));
  await registerFiles(host, {
    db,
    blobs,
    queue,
    access,
    tokens,
    users,
    maxUploadBytes: config.maxUploadBytes,
    onQueued: wake,
  });
  registerSupport(host, { db, blobs, mailer, supportEmail: config.supportEmail, publicUrl });
  registerImages(host, { db, access, blobs, maxUploadBytes: config.maxUploadBytes });
  registerAnalysis(host, {
    pool: analysisPool,
    service: analysis,
    aadtOfSite: (site) => factorGroups.aadtOfSite(site),
    prestart: config.analysisPrestart,
  });
  registerHealthRoutes(router, database.ping, () => analysisPool.state());
  registerMap(host, {
    db,
    siteData,
    access,
    cacheBytes: config.mapCacheBytes,
    designFigures: (viewer, site) => siteDesignFigures({ analysis }, viewer, site),
    baseMaps: config.map,
  });
  const surveys = registerSurveys(host, { db, access, mailer, tokens, users, publicUrl });
  registerReports(host, {
    db,
    access,
    queue,
    blobs,
    tokens,
    users,
    onQueued: queueAndWake,
    siteDetail: (viewer, query) => analysis.reportFigures(viewer, query),
    now: clock,
  });
  registerHardware(host, { db, access, silenceMinutes: config.deviceSilenceMinutes });
  registerOrganisationsRoutes(
    router,
    createOrganisationsService(organisations, access, { queue, onQueued: queueAndWake }),
  );
  const realtime = registerRealtime(host, {
    database,
    siteData,
    access,
    queue,
    onQueued: queueAndWake,
  });
  if (config.demoRealtime)
    registerDemoGateway(host, {
      db,
      send: (gateway, batch) => realtime.ingestFrom(gateway, batch),
    });
  const billing = registerBilling(host, {
    db,
    blobs,
    queue,
    mailer,
    publicUrl,
    onQueued: queueAndWake,
  });
  registerChangelogRoutes(router, {
    changelogPath: new URL('../../../CHANGELOG.md', import.meta.url),
    queue,
    onQueued: queueAndWake,
  });
  registerTranslationRoutes(router, createTranslationsRepository(db));
  if (config.scheduledChecks) scheduleHourlyChecks(app, database, { billing, surveys });
  registerTmgExportRoutes(
    router,
    createTmgExportService({ access, siteData, repository: createTmgExportRepository(db) }),
  );
  registerSites(host, {
    db,
    access,
    queue,
    onQueued: queueAndWake,
    onMergeQueued: (task) => {
      void publishTask(task);
      wake();
    },
  });
  // Features that answer through GraphQL alone.
  host.resolvers.push(
    staffToolsResolvers(
      createStaffToolsService({ access, queue, audit: staffAudit, tokens, onQueued: queueAndWake }),
    ),
    notificationsResolvers(createNotificationsRepository(db)),
    mapNotesResolvers(createMapNotesService(createMapNotesRepository(db), access)),
    siteGroupsResolvers(createSiteGroupsService(createSiteGroupsRepository(db), access)),
    exclusionsResolvers(exclusions),
    badDataResolvers(
      createBadDataService({
        repository: createBadDataRepository(db),
        access,
        queue,
        onQueued: queueAndWake,
      }),
    ),
    factorGroupsResolvers(factorGroups),
    figureExplanationResolvers(figureExplanation),
  );

  await registerGraphql(app, {
    typeDefs,
    resolvers: auditMutations(host.resolvers, recordStaffWrite),
    tokens,
    users,
    liveSessions,
  });
  await followTaskEvents(app, database);
  await followRealtimeEvents(app, database);
  await registerWebRoutes(app, config.webDistDir);

  if (worker)
    taskWorker = startInProcessWorker(app, {
      config,
      database,
      blobs,
      siteData,
      queue,
      mailer,
      reports: reportSources,
      ...(worker.pollMs === undefined ? {} : { pollMs: worker.pollMs }),
    });
  return app;
}

/**
 * At start and hourly, made once an hour however many API nodes run: SPEC section 1's renewal
 * notices 30 days ahead, last month's bills and the deletion of organisations lapsed 12 months
 * ago; overdue surveys become notifications for their organisations' admins.
 */
function scheduleHourlyChecks(
  app: FastifyInstance,
  database: DatabaseHandle,
  features: {
    billing: ReturnType<typeof registerBilling>;
    surveys: ReturnType<typeof registerSurveys>;
  },
): void {
  const { billing, surveys } = features;
  const hourly = startHourlyChecks({
    claims: createScheduleRepository(database.db),
    holder: WORKER_HOLDER,
    checks: [
      {
        name: 'billing_checks',
        run: async () => {
          await billing.sendRenewalNotices();
          await billing.queueMonthlyBills();
          await billing.queueLapsedDeletion();
        },
      },
      { name: 'overdue_surveys', run: () => surveys.notifyOverdue() },
    ],
    onError: (name, error) => app.log.warn({ err: error, check: name }, 'scheduled check failed'),
  });
  app.addHook('onReady', () => {
    void hourly.runNow();
    return Promise.resolve();
  });
  app.addHook('onClose', () => Promise.resolve(hourly.stop()));
}

/** The task worker of this process (npm start runs one), stopped when the app closes. */
function startInProcessWorker(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: DatabaseHandle;
    blobs: BlobStore;
    siteData: SiteData;
    queue: TaskQueue;
    mailer: Mailer;
    reports: ReturnType<typeof createAnalysis>['reports'];
    pollMs?: number;
  },
): Worker {
  const { config, database, blobs, queue } = deps;
  const taskWorker = startWorker({
    queue,
    handlers: onlyTasks(
      createTaskHandlers({
        db: database.db,
        blobs,
        siteData: deps.siteData,
        queue,
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        reports: deps.reports,
        xlsxMaxInflatedBytes: config.xlsxMaxInflatedBytes,
        seedDemoSurveys: config.seedDemoSurveys,
        log: app.log,
      }),
      config.workerTasks,
    ),
    log: app.log,
    listen: (wake) => database.listen('roadcount_tasks', wake),
    leaseMs: config.taskLeaseMs,
    onTakeover: sweepPartsOf(blobs, app.log),
    ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
  });
  app.addHook('onClose', async () => taskWorker.stop());
  return taskWorker;
}
