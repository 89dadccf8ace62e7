import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_PATH_PREFIXES } from '@gamehall/shared/constants';
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

export function isApiPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function registerWebApp(app: App, ctx: AppContext): void {
  void ctx;
  const indexFile = webIndexFile;
  // The build is looked for on each request (one stat), so a build made after start-up is served.
  const built = () => existsSync(indexFile);
  if (!built()) {
    app.log.warn('apps/web/dist is missing: run `npm run build:web` (or `npm start`) to serve the player site');
  }
  const consoleBuilt = () => existsSync(consoleIndexFile);
  if (!consoleBuilt()) {
    app.log.warn('apps/console/dist is missing: run `npm run build:console` (or `npm start`) to serve the console');
  }

  const sendPage = (reply: FastifyReply, file: string) =>
    reply
      .header('content-type', CONTENT_TYPES['.html'])
      .header('cache-control', 'no-cache')
      .send(createReadStream(file));
  const sendIndex = (reply: FastifyReply) => sendPage(reply, indexFile);

  const sendFile = (reply: FastifyReply, file: string, hashed: boolean) =>
    reply
      .header('content-type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      .send(createReadStream(file));

  const isFile = (file: string, root: string) => file.startsWith(root) && existsSync(file) && statSync(file).isFile();

  // /console/...: the console's files, and its index.html for any of its client-side routes.
  const serveConsole = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (pathname === CONSOLE_PREFIX) return reply.redirect(`${CONSOLE_PREFIX}/`);
    if (!consoleBuilt()) return undefined;
    const file = path.normalize(path.join(consoleDist, pathname.slice(CONSOLE_PREFIX.length + 1)));
    if (file !== consoleIndexFile && isFile(file, consoleDist)) {
      return sendFile(reply, file, pathname.startsWith(`${CONSOLE_PREFIX}/assets/`));
    }
    const accept = request.headers.accept ?? '';
    if (
      file === consoleIndexFile ||
      pathname === `${CONSOLE_PREFIX}/` ||
      (accept.includes('text/html') && !path.extname(pathname))
    ) {
      return sendPage(reply, consoleIndexFile);
    }
    return undefined;
  };

  app.get(
    '/',
    {
      config: { auth: 'public' },
      schema: { tags: ['system'], summary: 'The player site (apps/web); the API reference at /docs until it is built' },
    },
    async (_request, reply) => (built() ? sendIndex(reply) : reply.redirect('/docs')),
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
    const file = path.normalize(path.join(webDist, pathname));
    if (isFile(file, webDist)) {
      if (file === indexFile) return sendIndex(reply);
      // Vite names bundled files by content hash, so they never change under one URL.
      return sendFile(reply, file, pathname.startsWith('/assets/'));
    }
    const accept = request.headers.accept ?? '';
    if (accept.includes('text/html') && !path.extname(pathname)) return sendIndex(reply);
    return undefined;
  };

  app.setNotFoundHandler((request, reply) => {
    const served = serveFile(request, reply);
    if (served) return served;
    const error = new AppError('NOT_FOUND', { message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    return reply.status(error.status).send({ success: false, code: error.code, message: error.message });
  });
}
