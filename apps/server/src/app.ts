import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { mapConfigAnswer } from '@roadcount/domain';
import { typeDefs } from './graphqlSchema.ts';
import type { DatabaseHandle } from './infra/db/database.ts';
import { registerErrorHandling } from './infra/errors.ts';
import { closeSilentConnections } from './infra/http/silentConnections.ts';
import { registerClientGone } from './infra/http/clientGone.ts';
import { createTokenService, resolveSigningSecret } from './infra/auth/tokens.ts';
import { registerGraphql } from './infra/graphql/graphql.ts';
import { createLiveSessions } from './infra/graphql/liveSessions.ts';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { createBlobStore } from './infra/blob/blobStore.ts';
import {
  createTaskQueue,
  parseTaskEvent,
  TASK_EVENTS_CHANNEL,
  taskDemoSession,
  type TaskRow,
} from './infra/queue/taskQueue.ts';
import { onlyTasks, startWorker, WORKER_HOLDER, type Worker } from './infra/queue/worker.ts';
import { sweepAbandonedParts, sweepPartsOf } from './infra/blob/sweepParts.ts';
import { startHourlyChecks } from './infra/schedule/hourly.ts';
import { createScheduleRepository } from './infra/schedule/schedule.repository.ts';
import { analysisResolvers } from './features/analysis/analysis.graphql.ts';
import { registerAnalysisRoutes } from './features/analysis/analysis.routes.ts';
import type { AnalysisPoolStats } from './features/analysis/analysisPool.ts';
import { createAnalysis } from './analysisSetup.ts';
import { exclusionsResolvers } from './features/exclusions/exclusions.graphql.ts';
import { createFilesRepository } from './features/files/files.repository.ts';
import { filesResolvers } from './features/files/files.graphql.ts';
import { mapResolvers } from './features/map/map.graphql.ts';
import { lanesResolvers } from './features/sites/lanes.graphql.ts';
import { sitesResolvers } from './features/sites/sites.graphql.ts';
import { speedLimitsResolvers } from './features/sites/speedLimits.graphql.ts';
import { siteLifecycleResolvers } from './features/sites/siteLifecycle.graphql.ts';
import { createSiteLifecycleService } from './features/sites/siteLifecycle.service.ts';
import { createMapRepository } from './features/map/map.repository.ts';
import { createMapService } from './features/map/map.service.ts';
import { siteDesignFigures } from './siteDesignFigures.ts';
import { mapNotesResolvers } from './features/mapNotes/mapNotes.graphql.ts';
import { createMapNotesRepository } from './features/mapNotes/mapNotes.repository.ts';
import { createMapNotesService } from './features/mapNotes/mapNotes.service.ts';
import { registerUploadRoutes } from './features/files/uploads.routes.ts';
import { registerFileRoutes } from './features/files/files.routes.ts';
import { createImagesRepository } from './features/images/images.repository.ts';
import { registerImageRoutes } from './features/images/images.routes.ts';
import { fileNotesResolvers } from './features/files/fileNotes.graphql.ts';
import { createFileNotesRepository } from './features/files/fileNotes.repository.ts';
import { createSiteData } from './features/siteData/index.ts';
import { createTaskHandlers } from './taskHandlers.ts';
import { createSitesRepository } from './features/sites/sites.repository.ts';
import { createLanesRepository } from './features/sites/lanes.repository.ts';
import { createAccess } from './infra/access/access.ts';
import { siteMergeResolvers } from './features/sites/siteMerge.graphql.ts';
import { registerSiteListRoutes } from './features/sites/siteList.routes.ts';
import { siteGroupsResolvers } from './features/siteGroups/siteGroups.graphql.ts';
import { createSiteGroupsRepository } from './features/siteGroups/siteGroups.repository.ts';
import { createSiteGroupsService } from './features/siteGroups/siteGroups.service.ts';
import { createSiteToolsService } from './features/sites/siteTools.service.ts';
import { badDataResolvers } from './features/badData/badData.graphql.ts';
import { createBadDataRepository } from './features/badData/badData.repository.ts';
import { createBadDataService } from './features/badData/badData.service.ts';
import { siteToolsResolvers } from './features/sites/siteTools.graphql.ts';
import { registerOpenApi } from './infra/http/openapi.ts';
import { createRateLimiter, type RateLimit } from './infra/http/rateLimiter.ts';
import { createRateLimitsRepository } from './infra/http/rateLimits.repository.ts';
import { createRouter } from './infra/http/route.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createPasswordTokensRepository } from './features/auth/passwordTokens.repository.ts';
import { createOrganisationsRepository } from './features/organisations/organisations.repository.ts';
import { registerOrganisationsRoutes } from './features/organisations/organisations.routes.ts';
import { createOrganisationsService } from './features/organisations/organisations.service.ts';
import { createTrackingRepository } from './features/tracking/tracking.repository.ts';
import { registerTrackingRoutes } from './features/tracking/tracking.routes.ts';
import { createSupportRepository } from './features/support/support.repository.ts';
import { registerSupportRoutes } from './features/support/support.routes.ts';
import { createSupportService } from './features/support/support.service.ts';
import { registerUsersRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createRefreshTokensRepository } from './features/auth/refreshTokens.repository.ts';
import { registerClientErrorRoutes } from './features/clientErrors/clientErrors.routes.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { createTasksService, taskTopics } from './features/tasks/tasks.service.ts';
import { createStaffToolsService } from './features/staffTools/staffTools.service.ts';
import { staffToolsResolvers } from './features/staffTools/staffTools.graphql.ts';
import { createStaffAudit } from './infra/audit/staffAudit.repository.ts';
import { auditMutations, createStaffWriteRecorder } from './infra/audit/staffWrites.ts';
import { tasksResolvers } from './features/tasks/tasks.graphql.ts';
import { notificationsResolvers } from './features/notifications/notifications.graphql.ts';
import { createNotificationsRepository } from './features/notifications/notifications.repository.ts';
import { eventToTaskTracking, toTaskTracking } from './infra/queue/taskTracking.ts';
import { createUsersRepository } from './features/users/users.repository.ts';
import { usersResolvers } from './features/users/users.graphql.ts';
import { registerWebRoutes } from './features/web/web.routes.ts';
import { surveysResolvers } from './features/surveys/surveys.graphql.ts';
import { createSurveysRepository } from './features/surveys/surveys.repository.ts';
import { registerSurveyRoutes } from './features/surveys/surveys.routes.ts';
import { createSurveysService } from './features/surveys/surveys.service.ts';
import { createHardwareRepository } from './features/hardware/hardware.repository.ts';
import { registerHardwareRoutes } from './features/hardware/hardware.routes.ts';
import { createHardwareService } from './features/hardware/hardware.service.ts';
import {
  parseRealtimeSiteEvent,
  realtimeResolvers,
  realtimeSitePublications,
  REALTIME_EVENTS_CHANNEL,
} from './features/realtime/realtime.graphql.ts';
import { createRealtimeRepository } from './features/realtime/realtime.repository.ts';
import { registerRealtimeRoutes } from './features/realtime/realtime.routes.ts';
import { startDemoGateway } from './features/demo/demoGateway.ts';
import { createRealtimeService } from './features/realtime/realtime.service.ts';
import { createRealtimeFlusher, createSiteDays } from './features/realtime/siteDays.ts';
import { reportsResolvers } from './features/reports/reports.graphql.ts';
import { createReportsRepository } from './features/reports/reports.repository.ts';
import { registerReportRoutes } from './features/reports/reports.routes.ts';
import { createBillingRepository } from './features/billing/billing.repository.ts';
import { registerBillingRoutes } from './features/billing/billing.routes.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { registerChangelogRoutes } from './features/changelog/changelog.routes.ts';
import { createTranslationsRepository } from './features/translations/translations.repository.ts';
import { registerTranslationRoutes } from './features/translations/translations.routes.ts';
import { createTmgExportRepository } from './features/tmgExport/tmgExport.repository.ts';
import { registerTmgExportRoutes } from './features/tmgExport/tmgExport.routes.ts';
import { createTmgExportService } from './features/tmgExport/tmgExport.service.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { factorGroupsResolvers } from './features/factorGroups/factorGroups.graphql.ts';
import { figureExplanationResolvers } from './features/figureExplanation/figureExplanation.graphql.ts';

/** Error reports one address may send a minute: a failing page sends one or two. */
const CLIENT_ERRORS_PER_MINUTE = 10;

/** Images are photos of sites and devices: 20 MiB is ample. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** ws://host or wss://host of the address users reach the app at. */
function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The analysis threads' counters: requests asked, answered, dropped, stopped, waiting. */
    analysisStats: () => AnalysisPoolStats;
  }
}

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

/** The Fastify application with every route; the caller owns listening and the database. */
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's base tiles come from the configured hosts; MapLibre runs a blob: worker.
        imgSrc: ["'self'", 'data:', 'blob:', ...config.map.origins],
        // Websockets only to this host: 'self' covers ws(s) of the page's own host in CSP 3;
        // the public URL's websocket origin is named for browsers that do not.
        connectSrc: ["'self'", websocketOrigin(config.publicUrl), ...config.map.origins],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
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
  const authService = createAuthService({
    users,
    refreshTokens: createRefreshTokensRepository(db),
    passwordTokens: createPasswordTokensRepository(db),
    tokens,
    mailer,
    publicUrl: config.publicUrl,
  });

  // Every REST route is declared through the router, with its zod schemas and permission;
  // @fastify/swagger documents them at /core/api/openapi.json.
  await registerOpenApi(app, { title: 'Roadcount API', version: '0.1.0' });
  const staffAudit = createStaffAudit(db);
  // Issue 37: every write platform staff make, REST or GraphQL, is recorded in one place.
  const recordStaffWrite = createStaffWriteRecorder(staffAudit, app.log);
  const router = createRouter(app, { tokens, users, recordWrite: recordStaffWrite });
  const { rateLimits } = config;
  const window = rateLimits.windowMs;
  // Counted in the database: every API node behind the proxy counts the same attempts.
  const rateLimitWindows = createRateLimitsRepository(db);
  const limiter = (scope: string, limit: RateLimit) =>
    createRateLimiter(rateLimitWindows, scope, limit, clock);
  registerClientErrorRoutes(
    router,
    limiter('client-errors:ip', { max: CLIENT_ERRORS_PER_MINUTE, windowMs: 60_000 }),
  );
  registerAuthRoutes(router, authService, {
    signInByIp: limiter('sign-in:ip', { max: rateLimits.signInPerIp, windowMs: window }),
    signInByAccount: limiter('sign-in:account', {
      max: rateLimits.signInPerAccount,
      windowMs: window,
    }),
    resetByIp: limiter('reset:ip', { max: rateLimits.resetPerIp, windowMs: window }),
    resetByEmail: limiter('reset:email', { max: 3, windowMs: window }),
  });
  registerUsersRoutes(
    router,
    createUsersService({
      users,
      organisations,
      auth: authService,
      access,
      onUserRemoved: (userId) => liveSessions.endUser(userId),
    }),
  );
  registerTrackingRoutes(router, createTrackingRepository(db));
  const sitesRepository = createSitesRepository(db);
  const lanesRepository = createLanesRepository(db);
  registerSiteListRoutes(router, { sites: sitesRepository, access });

  const blobs = createBlobStore(config);
  // A missing bucket or unreachable store stops the start, rather than the first upload.
  await blobs.check();
  await sweepAbandonedParts(blobs, app.log);
  const files = createFilesRepository(db);
  const queue = createTaskQueue(db, { now: clock });
  let taskWorker: Worker | undefined;
  await app.register(multipart);
  registerUploadRoutes(router, {
    files,
    blobs,
    queue,
    maxUploadBytes: config.maxUploadBytes,
    onQueued: () => taskWorker?.wake(),
  });
  registerFileRoutes(router, { tokens, users, access, blobs });
  registerSupportRoutes(
    router,
    createSupportService({
      repository: createSupportRepository(db),
      blobs,
      mailer,
      supportEmail: config.supportEmail,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    config.supportEmail,
  );
  registerImageRoutes(router, {
    images: createImagesRepository(db),
    access,
    blobs,
    maxImageBytes: Math.min(config.maxUploadBytes, MAX_IMAGE_BYTES),
  });
  const siteData = createSiteData({ db, blobs });
  const {
    pool: analysisPool,
    service: analysis,
    exclusions,
    factorGroups,
    figureExplanation,
    reports: reportSources,
  } = createAnalysis({ config, db, siteData, access });
  app.addHook('onClose', () => analysisPool.close());
  // What the threads have done and how many requests wait: for operators' tooling and tests.
  app.decorate('analysisStats', () => analysisPool.stats());
  registerHealthRoutes(router, database.ping, () => analysisPool.state());
  if (config.analysisPrestart) app.addHook('onReady', () => Promise.resolve(analysisPool.start()));
  const mapRepository = createMapRepository(db);
  const mapSeries = siteData.rollupSeriesCache(config.mapCacheBytes);
  // Once ready, the sites' map series load in the background while they fit in the cache, so
  // the first map after a start answers from memory instead of reading thousands of files.
  let closing = false;
  let warming: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', () => {
    warming = mapRepository
      .rolledUpSites()
      .then((rolledUp) => mapSeries.warm(rolledUp, () => closing))
      .then((loaded) => app.log.debug({ loaded }, 'map series loaded'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'map series not preloaded'));
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await warming;
  });
  registerAnalysisRoutes(router, analysis, (site) => factorGroups.aadtOfSite(site));
  /**
   * Publishes a task's state to its organisation's subscribers at once; the queue's NOTIFY also
   * announces every change, from any process, and subscribers keep the latest state by id.
   */
  const publishTask = (task: TaskRow) => {
    for (const topic of taskTopics(task.organisationId, task.userId, taskDemoSession(task)))
      app.graphql.pubsub.publish({
        topic,
        payload: { task_tracking_updated: toTaskTracking(task) },
      });
    return Promise.resolve();
  };
  const tasksService = createTasksService(queue);
  const surveys = createSurveysService({
    surveys: createSurveysRepository(db),
    access,
    mailer,
    tokens,
    publicUrl: config.publicUrl,
  });
  registerSurveyRoutes(router, { service: surveys, tokens, users });
  const reportsService = createReportsService({
    reports: createReportsRepository(db),
    access,
    queue,
    blobs,
    tokens,
    users,
    onQueued: async (task) => {
      await publishTask(task);
      taskWorker?.wake();
    },
    siteDetail: (viewer, query) => analysis.reportFigures(viewer, query),
    now: clock,
  });
  registerReportRoutes(router, reportsService);
  const hardware = createHardwareService({
    repository: createHardwareRepository(db),
    access,
    silenceMinutes: config.deviceSilenceMinutes,
  });
  registerHardwareRoutes(router, hardware);
  const queueAndWake = async (task: TaskRow) => {
    await publishTask(task);
    taskWorker?.wake();
  };
  registerOrganisationsRoutes(
    router,
    createOrganisationsService(organisations, access, { queue, onQueued: queueAndWake }),
  );
  const realtimeRepository = createRealtimeRepository(db);
  // New events become vehicles in the background, and the sites' viewers are told.
  const realtimeFlusher = createRealtimeFlusher({
    siteDays: createSiteDays({ repository: realtimeRepository, siteData }),
    // Announced through the database, so that subscribers on every API node hear it.
    onRebuilt: (siteId) => {
      void (async () => {
        const site = await realtimeRepository.site(siteId);
        if (!site) return;
        await realtimeRepository.announceSiteUpdated(REALTIME_EVENTS_CHANNEL, {
          siteId,
          organisationId: site.organisationId,
          updatedAt: new Date().toISOString(),
        });
      })().catch((error: unknown) =>
        app.log.error({ err: error }, 'realtime site update not announced'),
      );
    },
    onError: (error) => app.log.error({ err: error }, 'realtime correlation failed'),
  });
  app.addHook('onClose', () => realtimeFlusher.settled());
  const realtime = createRealtimeService({
    repository: realtimeRepository,
    access,
    onStored: (days) => realtimeFlusher.touch(days),
    ...(database.kind === 'pglite' ? { storesAtOnce: 1 } : {}),
    queue,
    onQueued: queueAndWake,
  });
  registerRealtimeRoutes(router, realtime);
  if (config.demoRealtime) {
    // The demo's realtime site keeps receiving vehicles, as from a gateway on the road.
    const demoGateway = startDemoGateway({
      db,
      send: (gateway, batch) => realtime.ingestFrom(gateway, batch),
      log: app.log,
    });
    // Before the realtime flusher settles on close, so that no batch comes after it.
    app.addHook('preClose', () => demoGateway.stop());
  }
  const billing = createBillingService({
    repository: createBillingRepository(db),
    blobs,
    queue,
    mailer,
    publicUrl: config.publicUrl,
    onQueued: queueAndWake,
  });
  registerBillingRoutes(router, billing);
  registerChangelogRoutes(router, {
    changelogPath: new URL('../../../CHANGELOG.md', import.meta.url),
    queue,
    onQueued: queueAndWake,
  });
  registerTranslationRoutes(router, createTranslationsRepository(db));
  if (config.scheduledChecks) {
    // At start and hourly, made once an hour however many API nodes run.
    const hourly = startHourlyChecks({
      claims: createScheduleRepository(db),
      holder: WORKER_HOLDER,
      checks: [
        {
          // SPEC section 1: renewal notices 30 days ahead, last month's bills, and the deletion
          // of organisations lapsed 12 months ago.
          name: 'billing_checks',
          run: async () => {
            await billing.sendRenewalNotices();
            await billing.queueMonthlyBills();
            await billing.queueLapsedDeletion();
          },
        },
        // Overdue surveys become notifications for their organisations' admins.
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
  registerTmgExportRoutes(
    router,
    createTmgExportService({ access, siteData, repository: createTmgExportRepository(db) }),
  );
  const siteTools = createSiteToolsService({
    sites: sitesRepository,
    access,
    queue,
    onQueued: async (task) => {
      await publishTask(task);
      taskWorker?.wake();
    },
  });
  router.define({
    method: 'get',
    path: '/api/map/config',
    summary: "The map's base layers: style or tile templates and their attributions",
    tag: 'map',
    // The base maps are public configuration, read before sign-in is needed.
    auth: false,
    permission: 'public',
    responses: { 200: 'the base maps' },
    answer: mapConfigAnswer,
    handler: () =>
      Promise.resolve({
        styleUrl: config.map.styleUrl ?? null,
        tileUrl: config.map.tileUrl,
        tileAttribution: config.map.tileAttribution,
        satelliteUrl: config.map.satelliteUrl,
        satelliteAttribution: config.map.satelliteAttribution,
      }),
  });
  await registerGraphql(app, {
    typeDefs,
    resolvers: auditMutations(
      [
        usersResolvers(users, organisations),
        tasksResolvers(tasksService, async (task) => {
          await publishTask(task);
          taskWorker?.wake();
        }),
        staffToolsResolvers(
          createStaffToolsService({
            access,
            queue,
            audit: staffAudit,
            tokens,
            onQueued: async (task) => {
              await publishTask(task);
              taskWorker?.wake();
            },
          }),
        ),
        notificationsResolvers(createNotificationsRepository(db)),
        filesResolvers({ files, queue, tokens, access }),
        analysisResolvers(analysis),
        mapResolvers(
          createMapService({
            repository: mapRepository,
            cache: mapSeries,
            access,
            headwayThresholdSeconds: (organisationId) =>
              siteData.headwayThresholdSeconds(organisationId),
            designFigures: (viewer, site) => siteDesignFigures({ analysis }, viewer, site),
          }),
        ),
        mapNotesResolvers(createMapNotesService(createMapNotesRepository(db), access)),
        speedLimitsResolvers({ sites: sitesRepository, access }),
        sitesResolvers({
          sites: sitesRepository,
          lanes: lanesRepository,
          access,
          tools: siteTools,
        }),
        siteLifecycleResolvers(
          createSiteLifecycleService({
            sites: sitesRepository,
            access,
            queue,
            onQueued: async (task) => {
              await publishTask(task);
              taskWorker?.wake();
            },
          }),
        ),
        lanesResolvers({ lanes: lanesRepository, access }),
        fileNotesResolvers({ notes: createFileNotesRepository(db), access }),
        siteGroupsResolvers(createSiteGroupsService(createSiteGroupsRepository(db), access)),
        siteMergeResolvers({
          access,
          queue,
          onQueued: (task) => {
            void publishTask(task);
            taskWorker?.wake();
          },
        }),
        siteToolsResolvers(siteTools),
        exclusionsResolvers(exclusions),
        badDataResolvers(
          createBadDataService({
            repository: createBadDataRepository(db),
            access,
            queue,
            onQueued: queueAndWake,
          }),
        ),
        surveysResolvers(surveys),
        reportsResolvers(reportsService),
        realtimeResolvers(),
        factorGroupsResolvers(factorGroups),
        figureExplanationResolvers(figureExplanation),
      ],
      recordStaffWrite,
    ),
    tokens,
    users,
    liveSessions,
  });
  // Every task change, made here or by a worker in another process, is announced by the queue
  // with NOTIFY; each API process passes it to the subscribers of the task's organisation.
  const stopTaskEvents = await database.listen(TASK_EVENTS_CHANNEL, (payload) => {
    const event = parseTaskEvent(payload);
    if (!event) return;
    for (const topic of taskTopics(event.organisationId, event.userId, event.demoSession))
      void app.graphql.pubsub.publish({
        topic,
        payload: { task_tracking_updated: eventToTaskTracking(event) },
      });
  });
  app.addHook('onClose', stopTaskEvents);
  // Realtime sites updated here or on another API node, announced with NOTIFY.
  const stopRealtimeEvents = await database.listen(REALTIME_EVENTS_CHANNEL, (payload) => {
    const event = parseRealtimeSiteEvent(payload);
    if (!event) return;
    for (const publication of realtimeSitePublications(event))
      void app.graphql.pubsub.publish(publication);
  });
  app.addHook('onClose', stopRealtimeEvents);
  await registerWebRoutes(app, config.webDistDir);

  if (worker) {
    taskWorker = startWorker({
      queue,
      handlers: onlyTasks(
        createTaskHandlers({
          db,
          blobs,
          siteData,
          queue,
          mailer,
          publicUrl: config.publicUrl,
          reports: reportSources,
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
      ...(worker.pollMs === undefined ? {} : { pollMs: worker.pollMs }),
    });
    app.addHook('onClose', async () => taskWorker?.stop());
  }
  return app;
}
