import type { FastifyRequest } from 'fastify';

// Session tokens travel in the query string where a header cannot be set (the WebSocket /ws, the
// studio's game page opened in an iframe). Request logs must not hold them: anyone reading the log
// could act as the player. Every query parameter named token, in any letter case, is redacted.

const REDACTED = '[redacted]';

/** The URL with the value of every `token` query parameter (any case) replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        name = rawName;
      }
      return name.trim().toLowerCase() === 'token' ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Fastify's request serializer (method, url, host, remote address) with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
