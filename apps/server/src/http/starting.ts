import { createServer } from 'node:http';
import { errorCatalogue } from '@gamehall/shared/errors';

/**
 * What a node answers on its port while it migrates and seeds, before its app exists: a load
 * balancer or an orchestrator probing /readyz reads 503 with `down: ["migrating"]` (the node is
 * there, not ready) instead of a refused connection it cannot tell from a dead node, and any other
 * request gets the platform's 503 envelope with Retry-After. /healthz stays 503 too: it means "200
 * once migrated and seeded" (a slow migration wants an orchestrator's startup allowance, not a
 * liveness probe that passes meanwhile). Closed just before the app listens on the same port.
 */
export type StartingAnswer = { close: () => Promise<void> };

const RETRY_AFTER_SECONDS = '5';

export async function answerWhileStarting(port: number, host: string): Promise<StartingAnswer | undefined> {
  // Port 0 is a port chosen at listen: the app would get another one, so there is nothing to hold.
  if (port === 0) return undefined;
  const unavailable = errorCatalogue.DATABASE_UNAVAILABLE;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const body =
      path === '/readyz'
        ? { status: 'unavailable', down: ['migrating'] }
        : path === '/healthz'
          ? { status: 'starting' }
          : { success: false, code: 'DATABASE_UNAVAILABLE', message: unavailable.message, value: null };
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': RETRY_AFTER_SECONDS,
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(JSON.stringify(body));
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => resolve(true));
  });
  // The port is taken (another node, a stale process): the app's own listen reports it as before.
  if (!listening) return undefined;
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
