// The studio API's shapes, declared once for both ends: what each /studio/api route and socket
// answers (the server returns these types, mostly derived from the functions that build the answers)
// and what each request body may hold (the input of the server's own zod schemas). The game pages
// (client/) read them with `import type`, which the bundler erases: nothing of the server is bundled.
import type { z } from 'zod';
import type { LotteryInfo } from './casino/casino.routes';
import type { CrashState, verifyCrash } from './casino/crash';
import type { CrashBetAnswer, CrashCashoutAnswer, CrashRequest, CrashSocketAnswer } from './casino/crash-socket';

export type { CrashAnswer, HistoryAnswer, LotteryInfo, TableAnswer } from './casino/casino.routes';
export type { CrashBetAnswer, CrashCashoutAnswer, CrashSocketAnswer };

import type { ClientSeedBody, CrashVerifyBody, RoundBody } from './casino/casino.routes';
import type { buyTicket } from './casino/lottery';
import type { PlayAnswer, RoundView, StepView } from './casino/rounds';
import type { TableHall, TableState } from './casino/tables';
import type { RevealedSeed, rotateSeed, SeedView } from './kit/fair/player-seeds';
import type { SbVerifyAnswer, VerifyEventBody } from './sportsbook/book/sportsbook.routes';
import type { PvpVerification, PvpVerifyBody, StreamBlock, Verification, VerifyBody } from './verify';

export type {
  PlayAnswer,
  PvpVerification,
  RevealedSeed,
  RoundView,
  SbVerifyAnswer,
  SeedView,
  StepView,
  StreamBlock,
  Verification,
};

// ---- request bodies ----

/** POST /api/round, /api/lottery/ticket, /api/crash/bet, /api/table/bet. */
export type RoundRequest = z.input<typeof RoundBody>;
/** PUT /api/seed/client. */
export type ClientSeedRequest = z.input<typeof ClientSeedBody>;
/** POST /api/verify. */
export type VerifyRequest = z.input<typeof VerifyBody>;
/** POST /api/crash/verify. */
export type CrashVerifyRequest = z.input<typeof CrashVerifyBody>;
export type PvpVerifyRequest = z.input<typeof PvpVerifyBody>;

// ---- answers ----

/** GET /api/session. */
export type SessionInfo = {
  mode: 'real' | 'trial';
  vendor: string;
  gameCode: string;
  engine: string | null;
  declaredRtp: number | null;
  game: unknown;
  defaultBet: unknown;
  currency: string;
  language: string;
  lobbyUrl: string | null;
  balance: number | null;
  fairness: SeedView;
  openRound: RoundView | null;
};
/** POST /api/seed/rotate. */
export type RotateSeedAnswer = Awaited<ReturnType<typeof rotateSeed>>;

/** A lottery ticket as GET /api/lottery lists it. */
export type LotteryTicket = LotteryInfo['tickets'][number];
/** POST /api/lottery/ticket. */
export type LotteryTicketAnswer = Awaited<ReturnType<typeof buyTicket>>;

/** POST /api/crash/verify. */
export type CrashVerifyAnswer = ReturnType<typeof verifyCrash>;

/** POST /api/table/bet. */
export type TableBetAnswer = Awaited<ReturnType<TableHall['placeBet']>>;

// ---- sockets (/studio/ws/crash, /studio/ws/table) ----

/** The shared round's state, sent to every page of the stream. */
export type StateMessage<S> = { type: 'state'; data: S };
/** What a crash page sends: a bet or a cash-out, with the id its answer echoes. */
export type CrashSocketRequest = z.input<typeof CrashRequest>;
export type CrashSocketMessage = StateMessage<CrashState> | CrashSocketAnswer;
export type TableSocketMessage = StateMessage<TableState>;

// ---- the sportsbook (SPORTS-000, ESPORTS-000, COCKFIGHT-000): the rest of its API is sportsbook/api.ts ----

/** POST /api/sb/verify: a finished match's revealed seed and its replay against the recorded result. */
export type SbVerifyRequest = z.input<typeof VerifyEventBody>;
