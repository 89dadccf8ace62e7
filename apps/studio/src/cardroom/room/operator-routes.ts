import {
  PVP_RECORD_ROUTES,
  PvpHandSearchQuery,
  PvpIntegrityQuery,
  PvpPlayerQuery,
} from '@gamehall/shared/api/pvp-records';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StudioDb } from '../../kit/db/database';
import { checkDays } from '../../kit/report-days';
import { handRecord, integrityReport, roundHands, searchHands } from './records';
import { createTournament, listTournaments } from './sng';

// The card room's records on the signed trader API (registered inside its signed scope by
// sportsbook/book/trader.routes.ts, so every call here is refused without the platform's signature):
//   GET /trader/pvp/rounds/:roundId/hands?player=   a member's hands of one sitting (member centre)
//   GET /trader/pvp/hands/:handId/member?player=    one hand as that member may see it
//   GET /trader/pvp/hands?player=&table=&from=&to=  the operator's hand search
//   GET /trader/pvp/hands/:handId                   the operator's full record (every hole card)
//   GET /trader/pvp/integrity?from=&to=&<thresholds> chip dumping and soft play flags, and the pairs
//                                                  dealt in together (the platform checks their links)
//   POST /trader/pvp/tournaments                   a new sit-and-go (docs/pvp.md "Sit-and-go tournaments")
//   GET /trader/pvp/tournaments                    the sit-and-gos defined
// (the rake report, /trader/pvp/rake, is registered beside the sportsbook's profit.)

const HandParams = z.object({ handId: z.coerce.number().int().positive().max(2_147_483_647) });
const RoundParams = z.object({ roundId: z.string().regex(/^pvp:[0-9a-f-]{36}$/) });

export function registerPvpOperatorRoutes(
  trader: FastifyInstance,
  db: StudioDb,
  parse: <T>(schema: z.ZodType<T>, input: unknown) => T,
): void {
  const config = { auth: 'public' } as const;
  trader.get('/trader/pvp/rounds/:roundId/hands', { config }, async (request) => {
    const { roundId } = parse(RoundParams, request.params);
    const { player } = parse(PvpPlayerQuery, request.query);
    return roundHands(db, roundId, player);
  });
  trader.get('/trader/pvp/hands/:handId/member', { config }, async (request) => {
    const { handId } = parse(HandParams, request.params);
    const { player } = parse(PvpPlayerQuery, request.query);
    return handRecord(db, handId, { player });
  });
  trader.get(PVP_RECORD_ROUTES.hands, { config }, async (request) => {
    const q = parse(PvpHandSearchQuery, request.query);
    checkDays(q);
    return searchHands(db, q);
  });
  trader.get('/trader/pvp/hands/:handId', { config }, async (request) => {
    const { handId } = parse(HandParams, request.params);
    return handRecord(db, handId, 'operator');
  });
  trader.get(PVP_RECORD_ROUTES.integrity, { config }, async (request) => {
    const q = parse(PvpIntegrityQuery, request.query);
    checkDays(q);
    return integrityReport(db, q);
  });
  trader.get('/trader/pvp/tournaments', { config }, async () => listTournaments(db));
  trader.post('/trader/pvp/tournaments', { config }, async (request, reply) => {
    // Every field is checked by the rules (sng-rules.ts checkTournament), each bad one named.
    const created = await createTournament(db, parse(TournamentBody, request.body));
    return reply.code(201).send(created);
  });
}

const TournamentBody = z.record(z.string(), z.unknown());
