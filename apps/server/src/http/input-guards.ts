import type { FastifyInstance } from 'fastify';
import { fieldErrors } from './errors';

// Text PostgreSQL cannot store is refused here, once for every route (schema or not, mounted studio
// included), with the field error shape of a validation failure, instead of failing as a 500 deep
// inside a service:
// - the NUL character: refused in text ("invalid byte sequence");
// - a UTF-16 surrogate without its pair (JSON's "\ud800"): refused in jsonb ("unsupported Unicode
//   escape sequence") and turned into U+FFFD in text, so the stored value would differ from the
//   one sent. A well-formed pair (an emoji) is one character and passes.
// Neither is ever meaningful input. Node's HTTP parser already refuses NUL in real header values;
// headers are checked too because the service reads several of them (user agent, authorization).

// With the u flag a well-formed surrogate pair is one code point, so \p{Cs} matches only a lone half.
const LONE_SURROGATE = /\p{Cs}/u;
const NUL = '\u0000';
const MAX_DEPTH = 32;

function unstorable(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}

/** Dotted paths (relative to the part) of the strings or keys that carry a NUL or a lone surrogate. */
export function unstorablePaths(value: unknown, prefix = '', depth = 0): string[] {
  if (typeof value === 'string') return unstorable(value) ? [prefix || '_'] : [];
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return [];
  // Buffers are file contents (multipart images): binary by nature.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return [];
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (unstorable(key)) found.push(path);
    else found.push(...unstorablePaths(inner, path, depth + 1));
  }
  return found;
}

/**
 * Whether any string or key carries a NUL or a lone surrogate: what every request pays, so it walks
 * without building paths or entry arrays; unstorablePaths names them only for a request that is refused.
 */
function hasUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (unstorable(key) || hasUnstorable(record[key], depth + 1)) return true;
  }
  return false;
}

// Thrown, not sent: the route's own error handler answers in its own format (the vendor wallet API
// and the mounted studio have theirs). The status marks it as the client's fault for handlers that
// know only Fastify's errors.
function refusal(paths: string[]) {
  return Object.assign(fieldErrors(Object.fromEntries(paths.map((p) => [p, 'INVALID']))), { statusCode: 400 });
}

/**
 * The URL (path parameters, query) and headers, before anything else runs: register it before the
 * auth hook, whose session lookup reads the authorization header.
 */
export function guardUrlAndHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: every request runs it, and a promise per hook is a measurable
  // part of a cheap request (bench/cheap-routes.ts). A throw is answered like a rejection.
  app.addHook('onRequest', (request, _reply, done) => {
    // A percent-encoded NUL (%00) is decoded into params and query by the router.
    if (!hasUnstorable(request.params) && !hasUnstorable(request.query) && !hasUnstorable(request.headers))
      return done();
    throw refusal([
      ...unstorablePaths(request.params),
      ...unstorablePaths(request.query),
      ...unstorablePaths(request.headers, 'headers'),
    ]);
  });
}

/** The parsed body: register it after the encrypted-payload hook so a decrypted body is checked. */
export function guardBody(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasUnstorable(request.body)) throw refusal(unstorablePaths(request.body));
    done();
  });
}
