// `npm run cluster`: the production topology on one machine, on loopback. Two API nodes behind a
// small round-robin proxy (HTTP and the GraphQL websocket), two `npm run worker` processes, one
// PostgreSQL database (DATABASE_URL) and an S3-compatible store (s3rver). A process that dies is
// started again after a second, as a service manager would. The cluster e2e suite and
// `npm run bench:load` start it through `startCluster`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable, type Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import httpProxy from 'http-proxy';
import S3rver from 's3rver';
import { REPORT_TASK_FUNCTIONS, TASK_FUNCTIONS } from '@roadcount/domain';
import { freePort } from '../support/appServer.ts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const S3_BUCKET = 'roadcount';
/** s3rver's one key pair (it checks request signatures against it). */
const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface ClusterProcess {
  name: string;
  role: 'api' | 'worker';
  /** The API node's own address (the proxy's targets); undefined for workers. */
  url: string | undefined;
  /** The running process's pid (changes when it is started again). */
  pid: () => number | undefined;
  /** How many times it was started again after dying. */
  restarts: () => number;
  kill: (signal: NodeJS.Signals) => void;
  /** Resolves once the process answers again (API) or has started again (worker). */
  ready: () => Promise<void>;
}

export interface Cluster {
  /** The proxy: what clients use. */
  url: string;
  s3Endpoint: string;
  databaseUrl: string;
  dataDir: string;
  api: ClusterProcess[];
  workers: ClusterProcess[];
  /** Every process's output so far (pino JSON lines), by process name. */
  logs: () => Record<string, string>;
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  /** The PostgreSQL database every process shares (migrated by the first API node). */
  databaseUrl: string;
  dataDir: string;
  /** The proxy's port; the S3 store and the API nodes take the next three. 0: any free ports. */
  port: number;
  /** Added to every process's environment (say, SEED_DEMO_SURVEYS=false). */
  environment?: Record<string, string>;
  /** Which processes make reports: the API nodes (the default) or the workers. */
  reportsOn?: 'api' | 'workers';
  /** Copy each process's output to this process's stdout, prefixed by its name. */
  echo?: boolean;
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function untilAnswers(url: string, name: string, child: () => ChildProcess | undefined) {
  const deadline = Date.now() + 180_000;
  while (!(await answers(url))) {
    if (child()?.exitCode != null) throw new Error(`${name} exited while starting`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer at ${url} in 180 s`);
    await wait(250);
  }
}

/** A supervised process: started again a second after it dies, until the cluster stops. */
function supervise(options: {
  name: string;
  role: 'api' | 'worker';
  script: string;
  url: string | undefined;
  environment: Record<string, string>;
  log: WriteStream;
  output: { text: string };
  echo: boolean;
  stopping: () => boolean;
}): ClusterProcess & { start: () => void; exited: () => Promise<void> } {
  let child: ChildProcess | undefined;
  let restarts = 0;
  let started = Promise.resolve();
  const start = () => {
    const spawned = spawn(process.execPath, ['--import', 'tsx', options.script], {
      cwd: repositoryRoot,
      env: { ...process.env, ...options.environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      options.output.text += text;
      options.log.write(text);
      if (options.echo)
        for (const line of text.split('\n').filter(Boolean))
          process.stdout.write(`[${options.name}] ${line}\n`);
    };
    spawned.stdout?.on('data', onOutput);
    spawned.stderr?.on('data', onOutput);
    started = new Promise<void>((ready) => {
      if (!options.url) {
        const listen = (chunk: Buffer) => {
          if (!chunk.toString().includes('is taking tasks')) return;
          spawned.stdout?.off('data', listen);
          ready();
        };
        spawned.stdout?.on('data', listen);
        spawned.once('exit', () => ready());
        return;
      }
      void untilAnswers(options.url, options.name, () => spawned).then(ready, () => ready());
    });
    spawned.once('exit', (code, signal) => {
      if (options.stopping()) return;
      options.output.text += `\n[cluster] ${options.name} exited (${signal ?? code}); starting it again\n`;
      restarts += 1;
      setTimeout(() => {
        if (!options.stopping()) start();
      }, 1000);
    });
  };
  return {
    name: options.name,
    role: options.role,
    url: options.url,
    pid: () => child?.pid,
    restarts: () => restarts,
    kill: (signal) => child?.kill(signal),
    ready: async () => {
      // A killed process is started again a second later: wait for that run.
      while (child?.exitCode !== null && child?.exitCode !== undefined) await wait(100);
      while (child?.signalCode) await wait(100);
      await started;
    },
    start,
    exited: () =>
      new Promise<void>((done) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) done();
        else child.once('exit', () => done());
      }),
  };
}

/** Bodies the proxy keeps so that it can send a request again (not uploads, which stream). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Whether a request may be sent to the other node after its node failed mid-request: reads
 * (GET, HEAD, and GraphQL queries, which change nothing); never a mutation or an upload.
 */
function idempotent(request: IncomingMessage, body: Buffer | undefined): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  if (!body || !request.url?.startsWith('/gql/')) return false;
  try {
    const { query } = JSON.parse(body.toString()) as { query?: string };
    return typeof query === 'string' && !/^\s*mutation\b/.test(query);
  } catch {
    return false;
  }
}

/**
 * The proxy: round-robin over the API nodes that answer their health check (asked every 500 ms),
 * websockets included. A request whose node refused the connection goes to the other node; one
 * whose node died while answering goes there too when it changes nothing (a read), as a load
 * balancer's retry on the next upstream would.
 */
function startProxy(
  targets: string[],
  port: number,
): Promise<{ server: Server; stop: () => void }> {
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true });
  const healthy = new Map(targets.map((target) => [target, true]));
  let turn = 0;
  const pick = (avoid?: string) => {
    const candidates = targets.filter((target) => healthy.get(target) && target !== avoid);
    const pool = candidates.length > 0 ? candidates : targets.filter((target) => target !== avoid);
    turn = (turn + 1) % Math.max(pool.length, 1);
    return pool[turn] ?? targets[0] ?? '';
  };
  const probe = setInterval(() => {
    for (const target of targets) void answers(target).then((ok) => healthy.set(target, ok));
  }, 500);
  const forward = (
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer | undefined,
    avoid?: string,
  ) => {
    const target = pick(avoid);
    proxy.web(
      request,
      response,
      { target, ...(body ? { buffer: Readable.from([body]) } : {}) },
      (error: NodeJS.ErrnoException) => {
        healthy.set(target, false);
        const unsent = error.code === 'ECONNREFUSED';
        const again =
          !avoid &&
          !response.headersSent &&
          (unsent || idempotent(request, body)) &&
          (body || request.method === 'GET' || request.method === 'HEAD');
        if (again) {
          forward(request, response, body, target);
          return;
        }
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`the API node did not answer: ${error.message}`);
      },
    );
  };
  const server = createServer((request, response) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    if (
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      multipart ||
      length > MAX_BUFFERED_BYTES ||
      !length
    ) {
      forward(request, response, undefined);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, Buffer.concat(chunks)));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = pick();
    proxy.ws(request, socket, head, { target }, () => {
      healthy.set(target, false);
      socket.destroy();
    });
  });
  return new Promise((ready) =>
    server.listen(port, '127.0.0.1', () =>
      ready({
        server,
        stop: () => {
          clearInterval(probe);
          server.closeAllConnections();
          server.close();
          proxy.close();
        },
      }),
    ),
  );
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const [proxyPort, s3Port, portA, portB] =
    options.port === 0
      ? [await freePort(), await freePort(), await freePort(), await freePort()]
      : [options.port, options.port + 1, options.port + 2, options.port + 3];
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: join(dataDir, 's3'),
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  await s3.run();
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  const url = `http://127.0.0.1:${proxyPort}`;
  let stopping = false;
  const outputs: Record<string, { text: string }> = {};
  const logFiles: WriteStream[] = [];
  const common = {
    DATABASE_URL: options.databaseUrl,
    S3_BUCKET,
    S3_ENDPOINT: s3Endpoint,
    ...S3_CREDENTIALS,
    // Tokens one node signs, the other accepts.
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: url,
    // The proxy's X-Forwarded-For is believed: the sign-in limits count each client's address.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // A task whose process died is taken by another within 15 s (renewed every 5 s).
    TASK_LEASE_SECONDS: '15',
    ...options.environment,
  };
  const make = (name: string, role: 'api' | 'worker', extra: Record<string, string>) => {
    const output = { text: '' };
    outputs[name] = output;
    const log = createWriteStream(join(dataDir, 'logs', `${name}.log`), { flags: 'a' });
    logFiles.push(log);
    return supervise({
      name,
      role,
      script: role === 'api' ? 'apps/server/src/serve.ts' : 'apps/server/src/worker.ts',
      url: extra.PORT ? `http://127.0.0.1:${extra.PORT}` : undefined,
      environment: { ...common, DATA_DIR: join(dataDir, name), ...extra },
      log,
      output,
      echo: options.echo ?? false,
      stopping: () => stopping,
    });
  };
  // By default the API nodes run only report tasks and the workers every other kind; both nodes
  // take reports, so that one node's death leaves reports running. With reportsOn 'workers'
  // (CLUSTER_REPORTS=workers) the nodes run no tasks and the workers every kind, reports with
  // analysis threads of their own: a cluster of many workers and few API nodes.
  // Their request log stays off (the proxy asks each for /healthz twice a second).
  const reportKinds = REPORT_TASK_FUNCTIONS.join(',');
  const otherKinds = TASK_FUNCTIONS.filter((kind) => !REPORT_TASK_FUNCTIONS.includes(kind)).join(
    ',',
  );
  const reportsOnWorkers = options.reportsOn === 'workers';
  const apiEnvironment = {
    ...(reportsOnWorkers ? { RUN_WORKER: 'false' } : { WORKER_TASKS: reportKinds }),
    LOG_LEVEL: 'warn',
  };
  const api = [
    make('api-a', 'api', { ...apiEnvironment, PORT: String(portA) }),
    make('api-b', 'api', {
      ...apiEnvironment,
      PORT: String(portB),
      // The first node migrates and seeds; the second finds it done.
      SEED_DEMO: 'false',
    }),
  ];
  // A worker is known to be ready by its 'is taking tasks' line: its log stays at info.
  const workerEnvironment = {
    ...(reportsOnWorkers ? {} : { WORKER_TASKS: otherKinds }),
    LOG_LEVEL: 'info',
  };
  const workers = [
    make('worker-1', 'worker', workerEnvironment),
    make('worker-2', 'worker', workerEnvironment),
  ];
  const [first, ...rest] = api;
  first?.start();
  await first?.ready();
  for (const process of [...rest, ...workers]) process.start();
  await Promise.all([...rest, ...workers].map((process) => process.ready()));
  const proxy = await startProxy(
    api.map((node) => node.url ?? ''),
    proxyPort,
  );
  return {
    url,
    s3Endpoint,
    databaseUrl: options.databaseUrl,
    dataDir,
    api,
    workers,
    logs: () => Object.fromEntries(Object.entries(outputs).map(([name, { text }]) => [name, text])),
    stop: async () => {
      stopping = true;
      proxy.stop();
      for (const process of [...api, ...workers]) process.kill('SIGTERM');
      // A process still starting may not hear SIGTERM yet: after 10 s it is killed.
      const late = setTimeout(() => {
        for (const process of [...api, ...workers]) process.kill('SIGKILL');
      }, 10_000);
      await Promise.all([...api, ...workers].map((process) => process.exited()));
      clearTimeout(late);
      for (const log of logFiles) log.end();
      await s3.close();
    },
  };
}

// Run directly: `npm run cluster`.
if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'npm run cluster needs DATABASE_URL, a PostgreSQL database all four processes share, e.g.\n' +
        '  createdb -h 127.0.0.1 -U postgres roadcount_cluster\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/roadcount_cluster npm run cluster',
    );
    process.exit(1);
  }
  const port = Number(process.env.CLUSTER_PORT ?? 3000);
  const dataDir = process.env.CLUSTER_DATA_DIR ?? './data-cluster';
  const reportsOn = process.env.CLUSTER_REPORTS === 'workers' ? 'workers' : 'api';
  const cluster = await startCluster({ databaseUrl, dataDir, port, reportsOn, echo: true });
  console.log(
    `\nRoadcount cluster on ${cluster.url}: API nodes ${cluster.api.map((node) => node.url).join(' and ')}, ` +
      `${cluster.workers.length} workers, S3 (s3rver) on ${cluster.s3Endpoint}, data and logs in ${cluster.dataDir}. Ctrl-C stops it.`,
  );
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
