import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Every request has a W3C trace id, whether or not spans are exported: it is the request's id in
 * Fastify (`request.id`), written in each of its log lines as `traceId` and returned in its error
 * answers, so support can match a player's error to the server's lines. It is the incoming
 * `traceparent` header's trace id when that header is valid (the caller's trace goes on), otherwise a
 * new one. With tracing on (http/tracing.ts, loaded only when an OTLP endpoint is configured) it is
 * the trace id of the request's span instead, and the spans' hooks come from there; this file imports
 * no OpenTelemetry package, so with tracing off a request pays for one header check and one UUID.
 */

export type Tracing = {
  /** Starts the span of a request as it arrives; returns its trace id. */
  startRequest(raw: IncomingMessage): string;
  /** Adds the hooks that keep the request's span current through its handler and end it. */
  register(app: FastifyInstance): void;
  /** Runs `work` in a span of its own (a scheduled job). */
  inSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T>;
  /** The pino mixin writing the current span's trace id on lines logged outside a request. */
  logMixin(mergeObject: object, level: number, logger: object): object;
};

let tracing: Tracing | undefined;

/** Installs the tracing that http/tracing.ts started (before the app is built). */
export function useTracing(installed: Tracing | undefined): void {
  tracing = installed;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-.*)?$/;
const ZEROS = /^0+$/;

/**
 * The trace id of a valid `traceparent` header (W3C Trace Context: version ff is invalid, version 00
 * has exactly four fields, neither id may be all zeros), or undefined.
 */
export function traceIdOf(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = TRACEPARENT.exec(header.trim());
  if (!m) return undefined;
  const [, version, traceId, parentId, rest] = m;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (ZEROS.test(traceId as string) || ZEROS.test(parentId as string)) return undefined;
  return traceId;
}

/** A new random trace id: 16 bytes as 32 lowercase hex digits. */
export function newTraceId(): string {
  return randomUUID().replaceAll('-', '');
}

/** Fastify's `genReqId`: the request's trace id, which becomes `request.id`. */
export function requestTraceId(raw: IncomingMessage): string {
  if (tracing) return tracing.startRequest(raw);
  return traceIdOf(raw.headers.traceparent) ?? newTraceId();
}

/** The request spans' hooks; nothing when tracing is off. Registered before every other hook. */
export function registerRequestSpans(app: FastifyInstance): void {
  tracing?.register(app);
}

/** The logger options tracing adds (its mixin); none when tracing is off. */
export function tracingLogOptions(): { mixin?: Tracing['logMixin'] } {
  return tracing ? { mixin: tracing.logMixin } : {};
}

/** Runs `work` in a span when tracing is on, and as it is otherwise. */
export function inSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  return tracing ? tracing.inSpan(name, attributes, work) : work();
}
