import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { getBrand } from '../modules/brand/brand.service';
import { consoleIndexFile, isConsolePath } from './web-static';

// Browser-side defences for everything the server answers: no MIME sniffing, only the origin as
// referrer to other sites (tokens travel in some URLs), and for HTML pages a Content-Security-Policy
// that allows only what the page really loads, and framing only by this site (the player site frames
// the house studio's game page on /seamless; nothing else may frame either).

/** Pages that set their own policy (the studio, the dev outbox) keep it; framing is still limited. */
const FRAME_ANCESTORS = "frame-ancestors 'self'";

/** The API reference (/docs): Swagger UI's own files; it styles with inline style attributes. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  FRAME_ANCESTORS,
].join('; ');

/** Other server-rendered pages (the sandbox gateway's pay page): no script, inline styles, own forms. */
const PLAIN_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  FRAME_ANCESTORS,
].join('; ');

/** The CSP source for each inline script of a page (type=module or classic, not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function origins(urls: readonly string[]): string[] {
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
}

/**
 * The player site's policy. Scripts: its bundle and the hashes of index.html's inline script (the
 * theme set before first paint). Styles: its stylesheet and React's style attributes. Images: this
 * site, data: (the captcha), blob:, the brand's image hosts and any https host (providers'
 * pictures). Frames: the game page, on this site or a brand launch host (or a vendor's https page).
 * Connections: the API and the WebSocket /ws ('self' covers ws: and wss: on this host).
 */
export function sitePolicy(input: { scriptHashes: string[]; imageHosts: string[]; launchHosts: string[] }): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...input.scriptHashes].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    // https: as well: the pictures outside providers give their games (catalogue sync) are on
    // their own hosts, which change with their lists.
    ["img-src 'self' data: blob: https:", ...input.imageHosts].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    ["frame-src 'self' https:", ...input.launchHosts].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    FRAME_ANCESTORS,
  ].join('; ');
}

/**
 * The back office console's policy (/console/...). Scripts: its bundle and the hash of its inline
 * theme script. Images: this site, data: (the enrolment QR code, the login captcha), blob: (an
 * order's proof images, fetched with the operator's token) and https: (providers' game pictures).
 * Connections: the API only. It frames nothing and no page may frame it (clickjacking of operator
 * actions).
 */
export function consolePolicy(input: { scriptHashes: string[] }): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...input.scriptHashes].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    // https: for the providers' game pictures in the catalogue (catalogue sync).
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Reads index.html's inline script hashes again only when the build changes. */
function indexHashes(indexFile: string): () => string[] {
  let cached: { mtime: number; hashes: string[] } | undefined;
  return () => {
    try {
      const mtime = statSync(indexFile).mtimeMs;
      if (cached?.mtime !== mtime) cached = { mtime, hashes: inlineScriptHashes(readFileSync(indexFile, 'utf8')) };
      return cached.hashes;
    } catch {
      return [];
    }
  };
}

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  ctx: AppContext,
  options: { indexFile: string; consoleIndexFile?: string },
): void {
  const hashes = indexHashes(options.indexFile);
  const consoleHashes = indexHashes(options.consoleIndexFile ?? consoleIndexFile);
  const policyFor = async (request: FastifyRequest): Promise<string> => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/docs' || path.startsWith('/docs/')) return DOCS_POLICY;
    // The console's index.html, served by web-static for every page under /console/.
    if (isConsolePath(path) && !request.routeOptions.url) return consolePolicy({ scriptHashes: consoleHashes() });
    // The site's index.html is the only HTML the web-static module serves.
    if (request.routeOptions.url === '/' || !request.routeOptions.url) {
      const brand = await getBrand(ctx.db);
      return sitePolicy({
        scriptHashes: hashes(),
        imageHosts: origins(brand.imageCDNs),
        launchHosts: origins(brand.launchGameCDNs),
      });
    }
    return PLAIN_PAGE_POLICY;
  };

  // A callback hook: a JSON answer (nearly all) gets its two headers without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!isHtml(reply)) return done(null, payload);
    const existing = reply.getHeader('content-security-policy');
    if (typeof existing === 'string' && existing.length > 0) {
      if (!/frame-ancestors/i.test(existing))
        reply.header('content-security-policy', `${existing}; ${FRAME_ANCESTORS}`);
      return done(null, payload);
    }
    policyFor(request).then((policy) => {
      reply.header('content-security-policy', policy);
      done(null, payload);
    }, done);
  });
}
