import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PvpRoom } from './room';
import { type PvpRouteHelpers, pvpSessionOf } from './routes';
import { sngLobby, sngOne } from './sng';

// The sit-and-gos' player calls (docs/pvp.md "Sit-and-go tournaments", protocol), header X-Game-Token:
//   GET  /api/pvp/sngs                   the lobby's runs (registering, running, finished in the last hour)
//   GET  /api/pvp/sngs/:runId            one run: level, blinds, players left, prizes, places, you
//   POST /api/pvp/sngs/:runId/register   the buy-in and fee taken through the wallet; the seat is the next free one
//   POST /api/pvp/sngs/:runId/unregister before the start: both refunded through the wallet
// A running run's hands are played at its table, /api/pvp/tables/:runId and /ws/pvp?table=:runId.

const RunParams = z.object({ runId: z.string().min(1).max(64) });
const RegisterBody = z.object({ clientSeed: z.unknown().optional() }).optional();

export function registerSngRoutes(
  app: FastifyInstance,
  room: PvpRoom,
  helpers: Pick<PvpRouteHelpers, 'session' | 'parse'>,
): void {
  const config = { auth: 'public' } as const;
  const { parse } = helpers;
  const pvpSession = pvpSessionOf(helpers, room);
  const runOf = (request: FastifyRequest) => parse(RunParams, request.params).runId;
  const now = () => room.deps.now();

  app.get('/api/pvp/sngs', { config }, async (request) => {
    const { session } = await pvpSession(request);
    return { sngs: await sngLobby(room.deps.db, session, now()) };
  });
  app.get('/api/pvp/sngs/:runId', { config }, async (request) => {
    const { session } = await pvpSession(request);
    return sngOne(room.deps.db, runOf(request), session, now());
  });
  app.post('/api/pvp/sngs/:runId/register', { config }, async (request) => {
    const { session, token } = await pvpSession(request);
    const runId = runOf(request);
    await room.register(session, token, runId, parse(RegisterBody, request.body) ?? {}, request.ip);
    return sngOne(room.deps.db, runId, session, now());
  });
  app.post('/api/pvp/sngs/:runId/unregister', { config }, async (request) => {
    const { session } = await pvpSession(request);
    const runId = runOf(request);
    await room.leave(session, runId);
    return sngOne(room.deps.db, runId, session, now());
  });
}
