import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PvpLobby } from './lobby';
import type { PvpRouteHelpers } from './routes';

// The lobby's calls (docs/pvp.md "The lobby"), under /studio/api/pvp with the header X-Game-Token of a
// card room session, beside the table calls of routes.ts.

const TableParams = z.object({ tableId: z.string().min(1).max(64) });
const JoinNextBody = z.object({
  seats: z.number().int().min(2).max(9).optional(),
  betting: z.enum(['no-limit', 'pot-limit']).optional(),
  bigBlind: z.number().int().min(1).optional(),
  buyInBigBlinds: z.number().int().min(1).max(1000).default(100),
  clientSeed: z.string().optional(),
});

/** `demo`: the studio opened the demo tables (demo mode), where the demo accounts may sit together. */
export function registerPvpLobbyRoutes(
  app: FastifyInstance,
  lobby: PvpLobby,
  helpers: PvpRouteHelpers,
  options: { demo: boolean },
): void {
  const config = { auth: 'public' } as const;
  const { parse } = helpers;
  const pvpSession = async (request: Parameters<PvpRouteHelpers['session']>[0]) => {
    const found = await helpers.session(request);
    await lobby.room.sessionOf(found.token);
    return found;
  };

  app.get('/api/pvp/lobby', { config }, async (request) => {
    const { session } = await pvpSession(request);
    const { tables, tongitsTables } = await lobby.read(session);
    return {
      mode: session.mode,
      demo: options.demo,
      currency: session.currency,
      figuresWindowMinutes: Math.round(lobby.timing.figuresMs / 60_000),
      offerSeconds: Math.round(lobby.timing.offerMs / 1000),
      tables,
      tongitsTables,
    };
  });
  app.post('/api/pvp/tables/:tableId/wait', { config }, async (request) => {
    const { session } = await pvpSession(request);
    return { table: await lobby.wait(session, parse(TableParams, request.params).tableId) };
  });
  app.delete('/api/pvp/tables/:tableId/wait', { config }, async (request) => {
    const { session } = await pvpSession(request);
    return { table: await lobby.unwait(session, parse(TableParams, request.params).tableId) };
  });
  app.post('/api/pvp/join-next', { config }, async (request) => {
    const { session, token } = await pvpSession(request);
    const body = parse(JoinNextBody, request.body ?? {});
    const filter = {
      ...(body.seats === undefined ? {} : { seats: body.seats }),
      ...(body.betting === undefined ? {} : { betting: body.betting }),
      ...(body.bigBlind === undefined ? {} : { bigBlind: body.bigBlind }),
    };
    const joined = await lobby.joinNext(
      session,
      token,
      {
        filter,
        buyInBigBlinds: body.buyInBigBlinds,
        ...(body.clientSeed === undefined ? {} : { clientSeed: body.clientSeed }),
      },
      request.ip,
    );
    return { ...joined, view: await lobby.room.view(joined.tableId, session.owner) };
  });
}
