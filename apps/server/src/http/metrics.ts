import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry, register } from 'prom-client';
import type { AppContext } from '../context';
import type { App } from './app-type';
import { AppError } from './errors';
import { databaseProbe, probeDown, withinReadinessTime } from './readiness';

// GET /metrics in Prometheus's text format (prom-client), for the operations team's scraper
// (docs/operations.md "Metrics"). Labels stay few and bounded: a route's template, never its URL
// or a member's id. In a cluster (cluster.ts) a worker asks the primary, which gathers every
// worker's figures, so one scrape of the node's port sees the whole node.
//
// Three registries make a scrape: the process's own figures (processMetrics), each app's request
// figures (createMetrics), and prom-client's global registry, where the modules and the mounted
// studio count what happens as it happens (postings, vendor calls, logins, deliveries) with metrics
// made once at their module's load: a process counts those once however many apps it builds.

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
/** How long a worker waits for the primary's gathered figures. */
const CLUSTER_WAIT_MS = 5_000;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The figures a request's hooks keep; the registry is the app's own, so test apps never share one. */
export type Metrics = {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  inFlight: Gauge;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** Counts the request once, with its status class (registerMetrics). */
    metricsSettle: ((status: string) => void) | null;
  }
}

const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

function poolGauges(registry: Registry, pools: { name: string; pool: pg.Pool | undefined }[]): void {
  const open = pools.filter((p): p is { name: string; pool: pg.Pool } => p.pool !== undefined);
  if (open.length === 0) return;
  const gauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        for (const { name: pool, pool: p } of open) this.set({ pool }, read(p));
      },
    });
  gauge('gamehall_db_pool_connections', 'Connections the pool holds open', (p) => p.totalCount);
  gauge('gamehall_db_pool_idle', 'Connections idle in the pool', (p) => p.idleCount);
  gauge('gamehall_db_pool_waiting', 'Queries waiting for a connection', (p) => p.waitingCount);
}

/**
 * prom-client's process figures (CPU, memory, the event loop), once per process: they are the
 * process's, and each collection keeps an event-loop monitor running for good, so a process that
 * builds many apps (a test worker) must not start one per app.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Gauges a module counts at scrape time with its own query (what waits for operators, by source):
 * one bounded label, several gauges from one read. Registered once per process by app.ts.
 */
export type GaugeSource = {
  label: string;
  gauges: readonly { name: string; help: string }[];
  /** Each label's values, in the order of `gauges`. */
  read: (ctx: AppContext) => Promise<{ label: string; values: number[] }[]>;
};
const gaugeSources: GaugeSource[] = [];

export function registerGaugeSource(source: GaugeSource): void {
  if (!gaugeSources.some((s) => s.gauges[0]?.name === source.gauges[0]?.name)) gaugeSources.push(source);
}

/**
 * A scrape reads each source once for all its gauges: prom-client collects a registry's metrics in
 * the order they were made, so the first gauge reads and the others take that answer. A read that
 * fails or hangs past READINESS_TIMEOUT_MS (the database is down: /readyz says so) leaves the gauges
 * empty rather than the scrape failed or hung.
 */
function sourceGauges(registry: Registry, ctx: AppContext, source: GaugeSource): void {
  let rows: Promise<{ label: string; values: number[] }[]> = Promise.resolve([]);
  source.gauges.forEach(({ name, help }, i) => {
    new Gauge({
      name,
      help,
      labelNames: [source.label],
      registers: [registry],
      // Every worker counts the same tables: the node's figure is one worker's, not their sum.
      aggregator: 'max',
      async collect() {
        if (i === 0) rows = withinReadinessTime(source.read(ctx)).catch(() => []);
        this.reset();
        for (const row of await rows) this.set({ [source.label]: row.label }, row.values[i] ?? 0);
      },
    });
  });
}

export function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  for (const source of gaugeSources) sourceGauges(registry, ctx, source);
  const database = databaseProbe('database', ctx.db);
  new Gauge({
    name: 'gamehall_database_up',
    help: "1 while the node's database answers a SELECT 1 within 2 s (as /readyz asks), else 0",
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await probeDown(database)) ? 0 : 1);
    },
  });
  poolGauges(registry, [
    { name: 'primary', pool: ctx.database.pool },
    { name: 'read', pool: ctx.database.readPool },
  ]);
  return {
    registry,
    requests: new Counter({
      name: 'gamehall_http_requests_total',
      help: 'Requests answered, by method, route template and status class',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'gamehall_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'gamehall_http_requests_in_flight',
      help: 'Requests received and not yet answered',
      registers: [registry],
    }),
  };
}

/** Equal-length digests compared in constant time: the token's length is not given away either. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Loopback is the connection's own address with no forwarding header: with TRUST_PROXY a client can
 * put 127.0.0.1 first in X-Forwarded-For, and a proxy on the same host makes all its traffic
 * loopback. Anything else needs the token.
 */
function allowed(request: FastifyRequest, token: string | undefined): boolean {
  const headers = request.headers;
  const forwarded = headers['x-forwarded-for'] ?? headers.forwarded ?? headers['x-real-ip'];
  if (forwarded === undefined && LOOPBACK.test(request.socket.remoteAddress ?? '')) return true;
  const authorization = headers.authorization;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  return sameToken(authorization.slice('Bearer '.length), token);
}

type GatherRequest = { gamehallMetrics: string };
type GatherAnswer = { gamehallMetrics: string; text?: string; error?: string };

function isAnswer(message: unknown, id: string): message is GatherAnswer {
  return typeof message === 'object' && message !== null && (message as GatherAnswer).gamehallMetrics === id;
}

/** A worker's scrape: the primary gathers every worker's registry (answerMetricsRequests). */
function gatherFromPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('the cluster primary did not gather the metrics in time'));
    }, CLUSTER_WAIT_MS);
    const listen = (message: unknown) => {
      if (!isAnswer(message, id)) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (message.text === undefined) reject(new Error(message.error ?? 'no metrics'));
      else resolve(message.text);
    };
    process.on('message', listen);
    process.send?.({ gamehallMetrics: id } satisfies GatherRequest);
  });
}

/**
 * The primary's side: a worker asking for the node's figures gets every worker's, summed (a
 * counter or a pool's gauge) by prom-client's aggregator. Called once by runPrimary.
 */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (typeof message !== 'object' || message === null || !('gamehallMetrics' in message)) return;
    const id = String((message as GatherRequest).gamehallMetrics);
    // The asker may have died while the others answered: a send to it must not throw here (an
    // unhandled 'error' on the worker would take the primary, and every worker, down).
    const answer = (message: GatherAnswer) => {
      if (worker.isConnected()) worker.send(message, () => undefined);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ gamehallMetrics: id, text }),
      (err: Error) => answer({ gamehallMetrics: id, error: err.message }),
    );
  });
}

/**
 * Counts every request by its route's template (`static` for the site's files, `unmatched` for a
 * 404), before any other hook runs.
 */
export function registerMetrics(app: App, ctx: AppContext): void {
  const metrics = createMetrics(ctx);
  app.decorate('metrics', metrics);
  // Declared up front, so every request object keeps one shape on the hot path.
  app.decorateRequest('metricsSettle', null);
  if (cluster.isWorker) {
    // The worker's side of the primary's gathering: prom-client answers the primary's requests with
    // these registries, from a listener its aggregator's constructor installs (once per process).
    AggregatorRegistry.setRegistries([processMetrics(), register, metrics.registry]);
    new AggregatorRegistry();
  }
  // Callback hooks: every request pays for them, and a promise each would cost more than the count.
  // A request is counted once, when its answer is sent (onResponse) or, for a client gone before
  // it, when its connection closes (onResponse never runs for those). A WebSocket upgrade is not a
  // request waiting for its answer, so it is not counted at all.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.upgrade !== undefined) return done();
    const started = process.hrtime.bigint();
    metrics.inFlight.inc();
    let counted = false;
    const settle = (status: string) => {
      if (counted) return;
      counted = true;
      metrics.inFlight.dec();
      const route = request.routeOptions.url ?? (reply.statusCode < 400 ? 'static' : 'unmatched');
      metrics.requests.inc({ method: request.method, route, status });
      metrics.duration.observe({ method: request.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    request.metricsSettle = settle;
    reply.raw.once('close', () => settle(reply.raw.writableFinished ? statusClass(reply.statusCode) : 'aborted'));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.metricsSettle?.(statusClass(reply.statusCode));
    done();
  });
}

/**
 * GET /metrics, to a loopback connection with no forwarding header, and to others with
 * `Authorization: Bearer <METRICS_TOKEN>` (allowed).
 */
export function registerMetricsRoute(app: App, ctx: AppContext): void {
  app.get(
    '/metrics',
    {
      config: { auth: 'own-token' },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics of the node: loopback, or a bearer token (METRICS_TOKEN)',
      },
    },
    async (request, reply) => {
      if (!allowed(request, ctx.config.metricsToken)) {
        throw new AppError('AUTH_FORBIDDEN', { message: 'Metrics are answered to loopback or with the metrics token' });
      }
      const text = cluster.isWorker
        ? await gatherFromPrimary()
        : await Registry.merge([processMetrics(), register, app.metrics.registry]).metrics();
      return reply.type(CONTENT_TYPE).send(text);
    },
  );
}
