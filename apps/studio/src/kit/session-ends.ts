import { TRADER_ROUTES, TraderSessionEndsBody } from '@gamehall/shared/api/sportsbook-trader';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { StudioDb } from './db/database';
import { endedSince, endSessions, forgetSessions } from './sessions';
import { closeSessionSockets } from './socket-route';

// Game sessions the platform ended (docs/studio.md "Ended sessions"). The platform posts their
// token hashes, signed like the trader API, to one node; that node marks them in the shared
// database and closes its sockets of them at once. Every node also looks every two seconds for
// ends marked since it last looked, so a session's sockets on the other nodes close as well, and
// its cached session is dropped (the next lookup reads the end and refuses the token).

/** How often a node looks for ends marked by another node. */
export const SESSION_ENDS_POLL_MS = 2_000;
/** Ends are read again this far back: a slower node may commit an earlier end after a later one. */
const OVERLAP_MS = 10_000;
const POLL_LIMIT = 1_000;

/** POST /trader/session-ends, among the trader API's signed routes. */
export function registerSessionEndRoute(
  trader: FastifyInstance,
  deps: { db: StudioDb; now: () => Date; parse: <T>(schema: z.ZodType<T>, input: unknown) => T },
): void {
  trader.post(TRADER_ROUTES.sessionEnds, { config: { auth: 'public' } }, async (request) => {
    const { tokenHashes } = deps.parse(TraderSessionEndsBody, request.body);
    const known = await endSessions(deps.db, tokenHashes, deps.now());
    closeSessionSockets(trader, tokenHashes);
    return { known };
  });
}

/** Looks for ends marked by any node, every `everyMs`, until the app closes. */
export function watchSessionEnds(app: FastifyInstance, db: StudioDb, everyMs = SESSION_ENDS_POLL_MS): void {
  let seen = Date.now();
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      const rows = await endedSince(db, new Date(seen - OVERLAP_MS), POLL_LIMIT);
      if (rows.length === 0) return;
      const hashes = rows.map((r) => r.token_hash);
      forgetSessions(db, hashes);
      closeSessionSockets(app, hashes);
      const last = rows[rows.length - 1]?.ended_at;
      if (last) seen = Math.max(seen, new Date(last).getTime() + (rows.length === POLL_LIMIT ? OVERLAP_MS : 0));
    } catch {
      // A database that does not answer now is asked again next turn.
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
