import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { parseClientSeed, rotateSeed, setClientSeed } from '../kit/fair/player-seeds';
import { engineKindOf } from '../kit/game-map';
import { type StudioSession, sessionOf } from '../kit/sessions';
import { attachSocketRoute, WS_OPEN } from '../kit/socket-route';
import { type CrashGame, type CrashState, type MyCrashBet, verifyCrash } from './crash';
import { attachCrashSocket } from './crash-socket';
import { instantEngineFor } from './engine-registry';
import { buyTicket, lotteryInfo } from './lottery';
import { continueRound, historyOf, openRoundOf, playRound, publicRound, type RoundView } from './rounds';
import { type MyTableBet, type TableHall, type TableState, tableOf } from './tables';

// The casino's routes: instant rounds (slots, arcade games), the player's seed pair, the lottery,
// crash and the live tables, each game's calls behind its game session token (X-Game-Token).

// Routes declare who may call them for the platform's auth hook: the studio authenticates game
// calls itself, by the game token.
const PUBLIC = { auth: 'public' } as const;

/** What the casino's routes take from the studio's kit (plugin.ts): the session, parsing, balances. */
export type CasinoRouteKit = {
  deps: RoundDeps;
  session: (request: FastifyRequest) => Promise<{ session: StudioSession; token: string }>;
  tokenOf: (request: FastifyRequest) => string;
  parse: <T>(schema: z.ZodType<T>, input: unknown) => T;
  balanceOf: (s: StudioSession) => Promise<number | null>;
  /** Words the request's refusals in the language of the session it turned out to belong to. */
  knowLanguage: (request: FastifyRequest, language: string) => void;
};

export const RoundBody = z.object({ bet: z.unknown() });
const RoundParams = z.object({ roundId: z.string().uuid() });
const HistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const ClientSeedBody = z.object({ clientSeed: z.unknown() });
const Hash = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'hex')
  .transform((h) => h.toLowerCase());
export const CrashVerifyBody = z.object({
  hash: Hash,
  previousHash: Hash.optional(),
  salt: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .optional(),
});

/** GET /api/history. */
export type HistoryAnswer = { rounds: RoundView[] };
/** GET /api/lottery. */
export type LotteryInfo = Awaited<ReturnType<typeof lotteryInfo>> & { balance: number | null };
/** GET /api/crash. */
export type CrashAnswer = { state: CrashState; mine: MyCrashBet[]; balance: number | null };
/** GET /api/table. */
export type TableAnswer = {
  state: TableState;
  mine: MyTableBet[];
  balance: number | null;
  game: unknown;
  timing: { bettingMs: number; dealMs: number; resultMs: number };
};

export function registerCasinoRoutes(
  app: FastifyInstance,
  { crash, tables }: { crash: CrashGame; tables: TableHall },
  kit: CasinoRouteKit,
): void {
  app.post('/api/round', { config: PUBLIC }, async (request) => {
    const { session: s, token } = await kit.session(request);
    const body = kit.parse(RoundBody, request.body);
    return playRound(kit.deps, s, token, body.bet);
  });

  app.post('/api/round/:roundId/step', { config: PUBLIC }, async (request) => {
    const { session: s } = await kit.session(request);
    const { roundId } = kit.parse(RoundParams, request.params);
    return continueRound(kit.deps, s, roundId);
  });

  app.get('/api/history', { config: PUBLIC }, async (request): Promise<HistoryAnswer> => {
    const { session: s } = await kit.session(request);
    const { limit } = kit.parse(HistoryQuery, request.query);
    return { rounds: await historyOf(kit.deps.db, s, limit) };
  });

  app.post('/api/seed/rotate', { config: PUBLIC }, async (request) => {
    const { session: s } = await kit.session(request);
    // Revealing the seed while free spins are owed would reveal their outcomes before they are shown.
    if (await openRoundOf(kit.deps.db, s)) throw new StudioError('STUDIO_ROUND_IN_PROGRESS');
    return rotateSeed(kit.deps.db, s.owner);
  });

  app.put('/api/seed/client', { config: PUBLIC }, async (request) => {
    const { session: s } = await kit.session(request);
    const clientSeed = parseClientSeed(kit.parse(ClientSeedBody, request.body).clientSeed);
    return setClientSeed(kit.deps.db, s.owner, clientSeed);
  });

  // ---- lottery (LOTT and ELOTT games): tickets on the open draw, settled by the recovery loop ----

  const lotterySession = async (request: FastifyRequest) => {
    const found = await kit.session(request);
    if (engineKindOf({ vendor: found.session.vendor, gameCode: found.session.gameCode }) !== 'lottery') {
      throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notLottery);
    }
    return found;
  };

  app.get('/api/lottery', { config: PUBLIC }, async (request): Promise<LotteryInfo> => {
    const { session: s } = await lotterySession(request);
    return { ...(await lotteryInfo(kit.deps.db, s, kit.deps.now())), balance: await kit.balanceOf(s) };
  });

  app.post('/api/lottery/ticket', { config: PUBLIC }, async (request) => {
    const { session: s, token } = await lotterySession(request);
    return buyTicket(kit.deps, s, token, kit.parse(RoundBody, request.body).bet);
  });

  // ---- crash (CRASH games): one shared round stream; state, bets and cash-outs also on /studio/ws/crash ----

  const crashSession = async (request: FastifyRequest) => {
    const token = kit.tokenOf(request);
    const found = await crash.sessionOf(token);
    kit.knowLanguage(request, found.language);
    return { session: found, token };
  };

  app.get('/api/crash', { config: PUBLIC }, async (request): Promise<CrashAnswer> => {
    const { session: s } = await crashSession(request);
    // A page that polls keeps the rounds coming as a socket does.
    crash.watch();
    return { state: await crash.state(), mine: await crash.myBets(s), balance: await kit.balanceOf(s) };
  });

  app.post('/api/crash/bet', { config: PUBLIC }, async (request) => {
    const { session: s, token } = await crashSession(request);
    return crash.placeBet(s, token, kit.parse(RoundBody, request.body).bet);
  });

  app.post('/api/crash/cashout', { config: PUBLIC }, async (request) => {
    const { session: s } = await crashSession(request);
    return crash.cashOut(s);
  });

  app.post('/api/crash/verify', { config: PUBLIC }, async (request) =>
    verifyCrash(kit.parse(CrashVerifyBody, request.body)),
  );

  attachCrashSocket(app, crash);

  // ---- live tables (LIVE baccarat and roulette): one shared timeline per tile; events on /studio/ws/table ----

  const tableSession = async (request: FastifyRequest) => {
    const found = await kit.session(request);
    const table = tableOf({ vendor: found.session.vendor, gameCode: found.session.gameCode });
    if (!table) throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notLiveTable);
    return { ...found, table };
  };

  app.get('/api/table', { config: PUBLIC }, async (request): Promise<TableAnswer> => {
    const { session: s, table } = await tableSession(request);
    // A page that polls keeps the table running as a socket does.
    await tables.watch(table);
    const game = instantEngineFor(table);
    return {
      state: await tables.state(table),
      mine: await tables.myBets(s),
      balance: await kit.balanceOf(s),
      game: game?.describe(kit.deps.now()) ?? null,
      timing: { bettingMs: tables.timing.bettingMs, dealMs: tables.timing.dealMs, resultMs: tables.timing.resultMs },
    };
  });

  app.post('/api/table/bet', { config: PUBLIC }, async (request) => {
    const { session: s, token } = await tableSession(request);
    return tables.placeBet(s, token, kit.parse(RoundBody, request.body).bet);
  });

  // The socket takes the game token in its query (a page opens one socket for its own table).
  attachSocketRoute(app, '/ws/table', {
    check: async (query) => {
      const s = await sessionOf(kit.deps.db, query.get('token') ?? undefined);
      const table = tableOf({ vendor: s.vendor, gameCode: s.gameCode });
      if (!table) throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notLiveTable);
      return table;
    },
    onSocket: (ws, table) =>
      tables.subscribe(table, (message) => {
        if (ws.readyState === WS_OPEN) ws.send(message);
      }),
  });

  app.get('/api/rounds/:roundId', { config: PUBLIC }, async (request) => {
    const { roundId } = kit.parse(RoundParams, request.params);
    return publicRound(kit.deps.db, roundId);
  });
}
