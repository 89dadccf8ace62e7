// Session tokens travel in the query string where a header cannot be set (the WebSocket /ws, the
// studio's game page opened in an iframe), and a provider's secret where its protocol puts it there
// (Evolution's wallet calls carry ?authToken=). Request logs must not hold them: anyone reading the
// log could act as the player or the provider. Every query parameter whose name ends in token,
// secret, password or signature (any case, `_` and `-` ignored) is redacted.
const REDACTED = '[redacted]';
const SECRET_NAME = /(token|secret|password|signature)$/;

/** The URL with the value of every query parameter named like a secret (any case) replaced. */
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
      const plain = name.trim().toLowerCase().replaceAll(/[-_]/g, '');
      return SECRET_NAME.test(plain) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * A Fastify request serializer for the logger (`serializers: { req }`): Fastify's fields with the URL
 * redacted. Typed by shape, so the platform and the standalone studio both use it.
 */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
