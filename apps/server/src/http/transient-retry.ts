import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { isTransientConflict } from '../db/database-errors';
import { eventCounter } from '../event-metrics';

/** How often a request whose transaction PostgreSQL rolled back (deadlock, serialization) runs in all. */
export const TRANSIENT_ATTEMPTS = 4;

const retries = eventCounter({
  name: 'gamehall_db_transient_retries_total',
  help: 'Requests run again after PostgreSQL rolled their transaction back (a deadlock, a serialization failure)',
});

/**
 * Runs a route's handler again when PostgreSQL rolled its transaction back for a deadlock or a
 * serialization failure: nothing of that transaction was kept, and every money path is idempotent on
 * its request id, so a second run does what the first would have. Players, vendors and payment
 * gateways then see an answer instead of a 500 (a paid callback is not left pending). Only while
 * nothing was sent; WebSocket routes are left alone. Must be added before the routes.
 */
export function retryTransientConflicts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if ((route as { websocket?: boolean }).websocket) return;
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = async function (this: unknown, request, reply) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await handler.call(this as never, request, reply);
        } catch (error) {
          if (attempt >= TRANSIENT_ATTEMPTS || reply.sent || !isTransientConflict(error)) throw error;
          retries.inc();
          request.log.warn({ err: error, attempt }, 'transaction rolled back by the database; running it again');
          // A short random pause, longer each time, so the two sides of a deadlock do not meet again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
        }
      }
    } as RouteHandlerMethod;
  });
}
