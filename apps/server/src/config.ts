import { resolve } from 'node:path';
import { z } from 'zod';
import { emailSchema, TASK_FUNCTIONS, usernameSchema, type TaskFunction } from '@roadcount/domain';
import { passwordProblem } from './features/auth/passwordPolicy.ts';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, validated once at start. README lists them. */
const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    JWT_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
    SEED_DEMO: booleanText.default(true),
    SEED_DEMO_SURVEYS: booleanText.default(true),
    /** The demo's realtime site receives simulated vehicles while the server runs. */
    DEMO_REALTIME: booleanText.default(true),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    DEMO_PASSWORD: z.string().min(8).optional(),
    /** The platform admin made at start when no user has this username or email (all three or none). */
    PLATFORM_ADMIN_USERNAME: usernameSchema.optional(),
    PLATFORM_ADMIN_EMAIL: emailSchema.optional(),
    PLATFORM_ADMIN_PASSWORD: z.string().optional(),
    WEB_DIST_DIR: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Roadcount <no-reply@roadcount.local>'),
    SUPPORT_EMAIL: z.email().default('support@roadcount.local'),
    SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
    SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    RESET_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
    TRUST_PROXY: z
      .string()
      .regex(/^[\w.:/,\s-]+$/, 'must be true, false, or addresses and CIDRs')
      .optional(),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 ** 3),
    XLSX_MAX_INFLATED_MB: z.coerce.number().int().positive().default(200),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    RUN_WORKER: booleanText.default(true),
    /** The hourly subscription checks: renewal notices, last month's bills, lapsed organisations. */
    SCHEDULED_CHECKS: booleanText.default(true),
    /** The task kinds this process's worker takes, comma-separated; every kind it can when unset. */
    WORKER_TASKS: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      )
      .pipe(z.array(z.enum(TASK_FUNCTIONS)).min(1))
      .optional(),
    /** How long a task's claim lasts unless its worker renews it (every third of it). */
    TASK_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(300),
    COLUMN_CACHE_MB: z.coerce.number().int().positive().default(512),
    MAP_CACHE_MB: z.coerce.number().int().positive().default(512),
    ANALYSIS_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    ANALYSIS_SPLIT_VEHICLES: z.coerce.number().int().positive().default(500_000),
    ANALYSIS_PRESTART: booleanText.default(true),
    ANALYSIS_WARM_UP: booleanText.default(true),
    /** Minutes without a ping after which a device is flagged as silent (issue 27). */
    DEVICE_SILENCE_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
    /** How long a made report stays on the Downloads screen before its file is deleted. */
    REPORT_RETENTION_HOURS: z.coerce.number().positive().max(8760).default(168),
    MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
    MAP_TILE_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
    MAP_SATELLITE_URL: z
      .url({ protocol: /^https?$/ })
      .default(
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      ),
    MAP_SATELLITE_ATTRIBUTION: z.string().default('Imagery © Esri'),
  })
  .superRefine((env, context) => {
    const admin = {
      PLATFORM_ADMIN_USERNAME: env.PLATFORM_ADMIN_USERNAME,
      PLATFORM_ADMIN_EMAIL: env.PLATFORM_ADMIN_EMAIL,
      PLATFORM_ADMIN_PASSWORD: env.PLATFORM_ADMIN_PASSWORD,
    };
    const given = Object.entries(admin).filter(([, value]) => value !== undefined);
    if (given.length === 0) return;
    for (const [name, value] of Object.entries(admin))
      if (value === undefined)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'set the three PLATFORM_ADMIN_ variables together, or none',
        });
    if (env.PLATFORM_ADMIN_PASSWORD === undefined) return;
    const problem = passwordProblem(env.PLATFORM_ADMIN_PASSWORD, {
      username: env.PLATFORM_ADMIN_USERNAME,
      email: env.PLATFORM_ADMIN_EMAIL,
    });
    if (problem !== undefined)
      context.addIssue({ code: 'custom', path: ['PLATFORM_ADMIN_PASSWORD'], message: problem });
  });

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  seedDemo: boolean;
  seedDemoSurveys: boolean;
  /**
   * Whether the demo's gateway sends for its realtime site from this process (DEMO_REALTIME,
   * with the demo and its surveys seeded).
   */
  demoRealtime: boolean;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  /** A platform admin to make at start unless its username or email is taken already. */
  platformAdmin: { username: string; email: string; password: string } | undefined;
  webDistDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where Help's feedback and subscription enquiries are mailed. */
  supportEmail: string;
  rateLimits: {
    signInPerIp: number;
    signInPerAccount: number;
    resetPerIp: number;
    windowMs: number;
  };
  /**
   * Whose X-Forwarded-For is believed (Fastify's trustProxy): nobody's unless configured, so a
   * client cannot pick the address the sign-in limits count on.
   */
  trustProxy: boolean | string[];
  maxUploadBytes: number;
  /** What an uploaded xlsx's zip entries may inflate to in all. */
  xlsxMaxInflatedBytes: number;
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined;
  runWorker: boolean;
  /** Whether this process takes part in the hourly checks (SCHEDULED_CHECKS). */
  scheduledChecks: boolean;
  /** The task kinds this process's worker takes (WORKER_TASKS); all it can when undefined. */
  workerTasks: TaskFunction[] | undefined;
  /** A task whose worker died is taken by another once this has passed since its last renewal. */
  taskLeaseMs: number;
  columnCacheBytes: number;
  /** Memory for sites' packed rollup series kept between map calls. */
  mapCacheBytes: number;
  analysisThreads: number;
  /** A site-detail window is shared with idle analysis threads in pieces of at least this many vehicles. */
  analysisSplitVehicles: number;
  /** Start the analysis threads with the server rather than on the first site-detail query. */
  analysisPrestart: boolean;
  /** Ready each analysis thread as it starts: the scan compiled, the cache's memory touched. */
  analysisWarmUp: boolean;
  /** How long a made report's file is kept (REPORT_RETENTION_HOURS, default 7 days). */
  reportRetentionMs: number;
  /** Minutes of silence after which a device is flagged (DEVICE_SILENCE_MINUTES, default 30). */
  deviceSilenceMinutes: number;
  /** The base maps the web app draws under the sites, and their hosts for the CSP. */
  map: {
    styleUrl: string | undefined;
    tileUrl: string;
    tileAttribution: string;
    satelliteUrl: string;
    satelliteAttribution: string;
    origins: string[];
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** TRUST_PROXY: true/false, or the proxies' comma-separated addresses and CIDRs. */
function trustProxyValue(text: string | undefined): boolean | string[] {
  if (text === undefined) return false;
  const lowered = text.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(lowered)) return true;
  if (['false', '0', 'no'].includes(lowered)) return false;
  return lowered
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    seedDemo: env.SEED_DEMO,
    seedDemoSurveys: env.SEED_DEMO_SURVEYS,
    demoRealtime: env.SEED_DEMO && env.SEED_DEMO_SURVEYS && env.DEMO_REALTIME,
    adminPassword: env.ADMIN_PASSWORD,
    demoPassword: env.DEMO_PASSWORD,
    platformAdmin:
      env.PLATFORM_ADMIN_USERNAME && env.PLATFORM_ADMIN_EMAIL && env.PLATFORM_ADMIN_PASSWORD
        ? {
            username: env.PLATFORM_ADMIN_USERNAME,
            email: env.PLATFORM_ADMIN_EMAIL,
            password: env.PLATFORM_ADMIN_PASSWORD,
          }
        : undefined,
    webDistDir: resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    rateLimits: {
      signInPerIp: env.SIGN_IN_LIMIT_PER_IP,
      signInPerAccount: env.SIGN_IN_LIMIT_PER_ACCOUNT,
      resetPerIp: env.RESET_LIMIT_PER_IP,
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    trustProxy: trustProxyValue(env.TRUST_PROXY),
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    xlsxMaxInflatedBytes: env.XLSX_MAX_INFLATED_MB * 1024 * 1024,
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION }
      : undefined,
    runWorker: env.RUN_WORKER,
    scheduledChecks: env.SCHEDULED_CHECKS,
    taskLeaseMs: env.TASK_LEASE_SECONDS * 1000,
    workerTasks: env.WORKER_TASKS,
    columnCacheBytes: env.COLUMN_CACHE_MB * 1024 * 1024,
    mapCacheBytes: env.MAP_CACHE_MB * 1024 * 1024,
    analysisThreads: env.ANALYSIS_THREADS,
    analysisSplitVehicles: env.ANALYSIS_SPLIT_VEHICLES,
    analysisPrestart: env.ANALYSIS_PRESTART,
    analysisWarmUp: env.ANALYSIS_WARM_UP,
    reportRetentionMs: env.REPORT_RETENTION_HOURS * 3_600_000,
    deviceSilenceMinutes: env.DEVICE_SILENCE_MINUTES,
    map: {
      styleUrl: env.MAP_STYLE_URL,
      tileUrl: env.MAP_TILE_URL,
      tileAttribution: env.MAP_TILE_ATTRIBUTION,
      satelliteUrl: env.MAP_SATELLITE_URL,
      satelliteAttribution: env.MAP_SATELLITE_ATTRIBUTION,
      origins: [
        ...new Set(
          [env.MAP_STYLE_URL, env.MAP_TILE_URL, env.MAP_SATELLITE_URL]
            .filter((url): url is string => url !== undefined)
            // Tile templates hold {z}/{x}/{y}, which URL parsing keeps in the path.
            .map((url) => new URL(url).origin),
        ),
      ],
    },
  };
}
