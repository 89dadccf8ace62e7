import type { FastifyInstance } from 'fastify';
import { fieldErrors } from './errors';

// PostgreSQL refuses the NUL character in text ("invalid byte sequence"), so a NUL that reaches a
// query fails as a 500 deep inside a service. It is never meaningful input, so it is refused here,
// once for every route (schema or not, mounted studio included), with the field error shape of a
// validation failure. Node's HTTP parser already refuses NUL in real header values; headers are
// checked too because the service reads several of them (user agent, authorization).

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** Dotted paths (relative to the part) of the strings or keys that carry a NUL. */
export function nulPaths(value: unknown, prefix = '', depth = 0): string[] {
  if (typeof value === 'string') return value.includes(NUL) ? [prefix || '_'] : [];
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return [];
  // Buffers are file contents (multipart images): binary by nature.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return [];
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (key.includes(NUL)) found.push(path);
    else found.push(...nulPaths(inner, path, depth + 1));
  }
  return found;
}

/**
 * Whether any string or key carries a NUL: what every request pays, so it walks without building
 * paths or entry arrays; nulPaths names them only for a request that is refused.
 */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key.includes(NUL) || hasNul(record[key], depth + 1)) return true;
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
  app.addHook('onRequest', async (request) => {
    // A percent-encoded NUL (%00) is decoded into params and query by the router.
    if (!hasNul(request.params) && !hasNul(request.query) && !hasNul(request.headers)) return;
    throw refusal([...nulPaths(request.params), ...nulPaths(request.query), ...nulPaths(request.headers, 'headers')]);
  });
}

/** The parsed body: register it after the encrypted-payload hook so a decrypted body is checked. */
export function guardBody(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body)) throw refusal(nulPaths(request.body));
  });
}
