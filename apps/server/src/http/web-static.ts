import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_PATH_PREFIXES } from '@gamehall/shared/constants';
import { type ContentCoding, negotiateCoding } from '@gamehall/shared/content-coding';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { App } from './app-type';
import { AppError } from './errors';

// Serves the player site (apps/web/dist) with a history fallback: any GET for a page (accepts
// text/html) outside the API prefixes answers index.html so client-side routes survive a reload.
// The back office console (apps/console/dist) is served the same way under /console/.
const webDist = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
/** The built player site's page (security-headers.ts hashes its inline script for the CSP). */
export const webIndexFile = path.join(webDist, 'index.html');
const consoleDist = fileURLToPath(new URL('../../../console/dist/', import.meta.url));
/** The built console's page (security-headers.ts hashes its inline script for the console's CSP). */
export const consoleIndexFile = path.join(consoleDist, 'index.html');
/** The console's base path: its pages, its bundle (/console/assets/...) and nothing else. */
export const CONSOLE_PREFIX = '/console';

export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Files the build precompresses (scripts/precompress.ts): their responses vary by Accept-Encoding. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest|xml)$/;
const COPY_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

type Variant = { file: string; size: number; coding: ContentCoding | undefined };

/**
 * Which bytes answer a request for `file`: its brotli or gzip copy made by the build when the client
 * accepts one (negotiateCoding: q=0 refuses, br before gzip), else the file itself. A copy counts
 * only when it is at least as new as the file, so a file rebuilt without its copies is never
 * answered with an older build's bytes. A range request gets the file itself: offsets are into the
 * identity bytes, which is what a client resuming a download holds.
 */
export function chooseVariant(
  file: string,
  headers: { 'accept-encoding'?: string | string[] | undefined; range?: string | undefined },
): Variant {
  const size = statSync(file);
  const identity: Variant = { file, size: size.size, coding: undefined };
  if (!PRECOMPRESSED.test(file) || headers.range !== undefined || !headers['accept-encoding']) return identity;
  const copies = new Map<ContentCoding, { file: string; size: number }>();
  for (const coding of ['br', 'gzip'] as const) {
    const copy = `${file}${COPY_SUFFIX[coding]}`;
    const stat = statSync(copy, { throwIfNoEntry: false });
    if (stat?.isFile() && stat.mtimeMs >= size.mtimeMs) copies.set(coding, { file: copy, size: stat.size });
  }
  const coding = negotiateCoding(headers['accept-encoding'], [...copies.keys()]);
  const copy = coding ? copies.get(coding) : undefined;
  return coding && copy ? { ...copy, coding } : identity;
}

/**
 * Sends a built file with its type and cache policy: the chosen variant's bytes, its
 * Content-Encoding and Content-Length, and `Vary: Accept-Encoding` on every precompressible file
 * (identity answers too, so a shared cache never hands a compressed copy to a client that did not
 * ask for one). HEAD gets the same headers and no body.
 */
function sendBuilt(request: FastifyRequest, reply: FastifyReply, file: string, cacheControl: string) {
  const variant = chooseVariant(file, request.headers);
  reply
    .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
    .header('cache-control', cacheControl)
    .header('content-length', variant.size);
  if (PRECOMPRESSED.test(file)) reply.header('vary', 'accept-encoding');
  if (variant.coding) reply.header('content-encoding', variant.coding);
  return reply.send(createReadStream(variant.file));
}

export function isApiPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Where the two browser builds are; tests pass builds of their own. */
export type BuildDirs = { web: string; console: string };
export const BUILD_DIRS: BuildDirs = { web: webDist, console: consoleDist };

export function registerWebApp(app: App, ctx: AppContext, dirs: BuildDirs = BUILD_DIRS): void {
  void ctx;
  // With the separator, so a prefix check cannot pass a sibling folder (dist-old/...).
  const webRoot = path.join(dirs.web, path.sep);
  const consoleRoot = path.join(dirs.console, path.sep);
  const indexFile = path.join(webRoot, 'index.html');
  const consoleIndex = path.join(consoleRoot, 'index.html');
  // The build is looked for on each request (one stat), so a build made after start-up is served.
  const built = () => existsSync(indexFile);
  if (!built()) {
    app.log.warn('apps/web/dist is missing: run `npm run build:web` (or `npm start`) to serve the player site');
  }
  const consoleBuilt = () => existsSync(consoleIndex);
  if (!consoleBuilt()) {
    app.log.warn('apps/console/dist is missing: run `npm run build:console` (or `npm start`) to serve the console');
  }

  // The CSP of a page hashes the identity index.html's inline script (security-headers.ts): the
  // compressed copies decode to the same bytes, so one policy holds for every encoding.
  const sendPage = (request: FastifyRequest, reply: FastifyReply, file: string) =>
    sendBuilt(request, reply, file, 'no-cache');
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, indexFile);

  const sendFile = (request: FastifyRequest, reply: FastifyReply, file: string, hashed: boolean) =>
    sendBuilt(request, reply, file, hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');

  const isFile = (file: string, root: string) => file.startsWith(root) && existsSync(file) && statSync(file).isFile();

  // /console/...: the console's files, and its index.html for any of its client-side routes.
  const serveConsole = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (pathname === CONSOLE_PREFIX) return reply.redirect(`${CONSOLE_PREFIX}/`);
    if (!consoleBuilt()) return undefined;
    const file = path.normalize(path.join(consoleRoot, pathname.slice(CONSOLE_PREFIX.length + 1)));
    if (file !== consoleIndex && isFile(file, consoleRoot)) {
      return sendFile(request, reply, file, pathname.startsWith(`${CONSOLE_PREFIX}/assets/`));
    }
    const accept = request.headers.accept ?? '';
    if (
      file === consoleIndex ||
      pathname === `${CONSOLE_PREFIX}/` ||
      (accept.includes('text/html') && !path.extname(pathname))
    ) {
      return sendPage(request, reply, consoleIndex);
    }
    return undefined;
  };

  app.get(
    '/',
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'The player site (apps/web); the API reference at /docs until it is built' },
    },
    async (request, reply) => (built() ? sendIndex(request, reply) : reply.redirect('/docs')),
  );

  // Files of the build and the history fallback are served from the not-found handler, so no
  // catch-all route shadows the API: unknown API paths still get the 404 envelope, and the
  // whole-site and auth hooks judge them by their real path.
  const serveFile = (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return undefined;
    }
    if (isApiPath(pathname)) return undefined;
    if (isConsolePath(pathname)) return serveConsole(request, reply, pathname);
    if (!built()) return undefined;
    const file = path.normalize(path.join(webRoot, pathname));
    if (isFile(file, webRoot)) {
      if (file === indexFile) return sendIndex(request, reply);
      // Vite names bundled files by content hash, so they never change under one URL.
      return sendFile(request, reply, file, pathname.startsWith('/assets/'));
    }
    const accept = request.headers.accept ?? '';
    if (accept.includes('text/html') && !path.extname(pathname)) return sendIndex(request, reply);
    return undefined;
  };

  app.setNotFoundHandler((request, reply) => {
    const served = serveFile(request, reply);
    if (served) return served;
    const error = new AppError('NOT_FOUND', { message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    return reply
      .status(error.status)
      .send({ success: false, code: error.code, message: error.message, traceId: request.id });
  });
}
