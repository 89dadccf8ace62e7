import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Span } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type Tracing, useTracing } from './trace-context';

/**
 * OpenTelemetry traces, exported by OTLP (HTTP/protobuf) when an endpoint is configured
 * (config.tracing; the exporter reads OTEL_EXPORTER_OTLP_* itself): a span for each request, for
 * each database statement under it (pg through its official instrumentation, PGlite through the
 * statements Kysely sends it), for each outgoing fetch (a game provider's API, the house studio's
 * calls of the wallet API) and for each scheduled job's run. OpenTelemetry's SDK, exporter and
 * instrumentations are imported here, dynamically, only once tracing starts: with tracing off none is
 * loaded (trace-context.ts).
 *
 * Statements and fetches make spans only under a request's or a job's span, so the background loops
 * (the activity bus, the outbox) do not fill the trace store with roots of one statement each.
 */

export type TracingHandle = { shutdown: () => Promise<void> };

export async function startTracing(options: { serviceName: string }): Promise<TracingHandle> {
  const [
    api,
    { NodeTracerProvider },
    { BatchSpanProcessor },
    { OTLPTraceExporter },
    resources,
    { registerInstrumentations },
    { PgInstrumentation },
    { UndiciInstrumentation },
    { PGlite },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@electric-sql/pglite'),
  ]);
  const { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode } = api;

  // The exporter's own failures (an unreachable collector) as the server's JSON log lines, on stderr.
  api.diag.setLogger(
    {
      error: (msg) => diagLine(50, msg),
      warn: (msg) => diagLine(40, msg),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    api.DiagLogLevel.WARN,
  );

  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': options.serviceName }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global tracer provider, W3C trace context propagation, and AsyncLocalStorage for the context.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({
        requireParentforSpans: true,
        requestHook: (span, request) => {
          // A provider's address may hold its secret (Evolution's launch puts the API token in the
          // path; a query may carry one): a span keeps the origin and the first three path segments.
          const path = request.path.split('?')[0] ?? '';
          const kept = path.split('/').slice(0, 4).join('/');
          const shown = kept.length < path.length ? `${kept}/…` : kept;
          span.setAttribute('url.full', `${request.origin}${shown}`);
          span.setAttribute('url.path', shown);
          span.setAttribute('url.query', '');
        },
      }),
    ],
  });
  // The instrumentation patches pg when it is required, but main.ts imported pg (through the
  // database module) before tracing could start, and the built server's bundle imports it before any
  // of its code runs. Requiring it again lets the hook patch the module already loaded, whose
  // Client is the one the pool uses.
  createRequire(import.meta.url)('pg');

  const tracer = trace.getTracer('gamehall');

  const inSpan = <T>(
    name: string,
    attributes: Record<string, string | number>,
    kind: (typeof SpanKind)[keyof typeof SpanKind],
    work: () => Promise<T>,
  ): Promise<T> =>
    tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
      try {
        return await work();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    });

  // PGlite's statements: its query and exec, and those of the transaction object it hands out.
  const statement = <T>(sql: unknown, run: () => Promise<T>): Promise<T> => {
    if (typeof sql !== 'string' || !trace.getSpan(context.active())) return run();
    const operation = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
    return inSpan(
      operation,
      { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': sql },
      SpanKind.CLIENT,
      run,
    );
  };
  type Runner = (sql: unknown, ...rest: unknown[]) => Promise<unknown>;
  type Queryable = { query: Runner; exec: Runner };
  const traced = (target: Queryable, source: Queryable = target): Queryable => {
    const { query, exec } = source;
    target.query = function (this: unknown, sql, ...rest) {
      return statement(sql, () => query.call(this, sql, ...rest));
    };
    target.exec = function (this: unknown, sql, ...rest) {
      return statement(sql, () => exec.call(this, sql, ...rest));
    };
    return target;
  };
  const pglite = PGlite.prototype as unknown as Queryable & {
    transaction: (callback: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
  };
  traced(pglite);
  const transaction = pglite.transaction;
  pglite.transaction = function (this: unknown, callback) {
    return transaction.call(this, (tx) => callback(traced(Object.create(tx) as Queryable, tx)));
  };

  const spans = new WeakMap<IncomingMessage, Span>();
  const endRequest = (request: FastifyRequest, status: number | undefined) => {
    const span = spans.get(request.raw);
    if (!span) return;
    spans.delete(request.raw);
    const route = request.routeOptions.url;
    if (route) {
      span.setAttribute('http.route', route);
      span.updateName(`${request.method} ${route}`);
    }
    if (status === undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  // Fastify reads the body between onRequest and preValidation in stream events, which run outside
  // the request's context; each hook phase enters the span again so the handler runs inside it.
  const enter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const span = spans.get(request.raw);
    if (!span) return done();
    context.with(trace.setSpan(ROOT_CONTEXT, span), done);
  };

  // Pino's bindings of a child logger, found once: a request's logger has the trace id bound already.
  let chindings: symbol | undefined;
  const boundTraceId = (logger: object): boolean => {
    chindings ??= Object.getOwnPropertySymbols(logger).find((s) => s.description === 'pino.chindings');
    const bound = chindings ? (logger as Record<symbol, unknown>)[chindings] : undefined;
    return typeof bound === 'string' && bound.includes('"traceId":');
  };

  const installed: Tracing = {
    startRequest(raw) {
      const method = raw.method ?? 'GET';
      const q = raw.url?.indexOf('?') ?? -1;
      const span = tracer.startSpan(
        method,
        {
          kind: SpanKind.SERVER,
          // The path only: a query string may carry a session token (/ws?token=).
          attributes: { 'http.request.method': method, 'url.path': q < 0 ? (raw.url ?? '/') : raw.url?.slice(0, q) },
        },
        propagation.extract(ROOT_CONTEXT, raw.headers),
      );
      spans.set(raw, span);
      return span.spanContext().traceId;
    },
    register(app) {
      app.addHook('onRequest', enter);
      app.addHook('preValidation', enter);
      app.addHook('preHandler', enter);
      app.addHook('onError', (request, _reply, error, done) => {
        spans.get(request.raw)?.recordException(error);
        done();
      });
      app.addHook('onResponse', (request, reply, done) => {
        endRequest(request, reply.statusCode);
        done();
      });
      app.addHook('onRequestAbort', (request, done) => {
        endRequest(request, undefined);
        done();
      });
    },
    inSpan: (name, attributes, work) => inSpan(name, attributes, SpanKind.INTERNAL, work),
    logMixin(_mergeObject, _level, logger) {
      const span = trace.getSpan(context.active());
      if (!span || boundTraceId(logger)) return {};
      return { traceId: span.spanContext().traceId };
    },
  };
  useTracing(installed);
  return {
    shutdown: async () => {
      useTracing(undefined);
      await provider.shutdown();
    },
  };
}

function diagLine(level: 40 | 50, msg: string) {
  process.stderr.write(
    `${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg: `opentelemetry: ${msg}` })}\n`,
  );
}
