import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type ContentCoding, negotiateCoding } from '@gamehall/shared/content-coding';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// JSON answers compressed on the fly by the client's Accept-Encoding (docs/server.md "Compression").
// Only JSON bodies the server holds whole (a string or a Buffer) of at least COMPRESS_MIN_BYTES:
// streams (the built files, sent precompressed by web-static.ts; any streamed answer), images, and
// anything already encoded pass untouched; the WebSockets are upgraded before any reply exists. The
// vendor wallet API (/vendor/) is left alone: its answers are a hundred bytes, and a vendor's wallet
// client is a server-to-server caller that may not decode them.

/** Below about 1 KB the saving is a few hundred bytes at most, less than the work of encoding. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Per-request settings, chosen by bench/compression.ts (docs/benchmarks.md "Bytes"). On a game list
 * page (9.1 KB) brotli quality 4 gives 1,365 bytes for 73-84 µs of CPU, gzip level 6 1,418 bytes for
 * 51-69 µs; quality 5 saves 100 bytes more for 10-25% more CPU, and quality 11 costs over 10 ms.
 * Every request pays the CPU while a hundred bytes are lost in the headers, so: quality 4. Text mode
 * and the size hint help brotli on short JSON.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

function brotliOptions(size: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * On the request's thread, whatever the size. A hand-off to the thread pool costs 100-200 µs of CPU
 * on a page-sized body (more than the encoding), and an onSend hook that waits on it lets Fastify
 * end the reply of a handler that calls reply.send without returning it (Swagger UI's /docs/json,
 * any async handler under transient-retry.ts) with an empty body before the hook is done.
 */
export function compressBody(coding: ContentCoding, body: Buffer): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, brotliOptions(body.length));
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

function isVendorWallet(request: FastifyRequest): boolean {
  const url = request.url;
  return url === '/vendor' || url.startsWith('/vendor/');
}

/** Adds a field name to a Vary header, once. */
export function withVary(existing: unknown, field: string): string {
  const current = Array.isArray(existing) ? existing.join(', ') : typeof existing === 'string' ? existing : '';
  const fields = current
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return fields.join(', ');
  return [...fields, field].join(', ');
}

/**
 * The onSend hook, registered on the root so every scope's answers (the mounted studio's too) pass
 * it; it runs after the hooks registered before it (the security headers), which do not read the
 * body. A HEAD answer is encoded like its GET, so its Content-Length is the one a GET would carry.
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook that calls done at once: nothing here waits (see compressBody).
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, encodeAnswer(request, reply, payload));
  });
}

function encodeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  if (isVendorWallet(request)) return payload;
  // Measured without a copy: most answers are below the threshold and go out as they are.
  const size = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
  if (size < COMPRESS_MIN_BYTES) return payload;
  // From here the answer depends on Accept-Encoding, whichever coding is chosen.
  reply.header('vary', withVary(reply.getHeader('vary'), 'accept-encoding'));
  const coding = negotiateCoding(request.headers['accept-encoding']);
  if (!coding) return payload;
  const encoded = compressBody(coding, typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload);
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  return encoded;
}
