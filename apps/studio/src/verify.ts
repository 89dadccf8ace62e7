import { z } from 'zod';
import { type Card, cardText } from './cardroom/engine/cards';
import { verifyHandDeck } from './cardroom/engine/deck';
import { boardCards, holeCards } from './cardroom/engine/hand-flow';
import { startGame } from './cardroom/engine/tongits/game';
import type { Seat } from './cardroom/engine/tongits/types';
import { engineRefOf, instantEngineFor } from './casino/engine-registry';
import { verifyRound as verifyFair } from './casino/fair-verify';
import type { StepView } from './casino/rounds';
import { StudioError } from './kit/errors';
import { fairMessage, floatAt, outcomeBytes, STEP_CURSOR_STRIDE } from './kit/fair';

// The public verifier: recomputes a round with the engines' verify function (casino/fair-verify.ts) from its
// seeds, nonce, game and bet, step by step as it was played (step k from step k of the fair stream);
// and a card room deal's deck from its seeds, dealt as the table dealt it.

export const VerifyBody = z.object({
  serverSeed: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{16,128}$/, 'hex'),
  clientSeed: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  nonce: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  gameCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  vendor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .default('AG'),
  bet: z.unknown().optional(),
  /** The hash shown before play, when known: checked against the seed. */
  serverSeedHash: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

/** One 32-byte block of the fair stream as the server computed it, for the page to compare. */
export type StreamBlock = { step: number; cursor: number; message: string; hmac: string; floats: number[] };

/** The exact form of the stream, stated with every verification (the page shows it). */
export const FAIR_STREAM_FORM = {
  block: 'HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), both UTF-8 text',
  cursor: `0, 1, 2, ... one per 32-byte block; step k of a round starts at cursor k * ${STEP_CURSOR_STRIDE}`,
  float: 'each 4 bytes, big-endian, / 2^32',
} as const;

/** Blocks listed at most (a round with many free spins); the page recomputes those it is given. */
const MAX_BLOCKS = 1_024;

export type Verification = {
  serverSeedHash: string;
  hashMatches: boolean | null;
  steps: StepView[];
  win: number;
  stake: number;
  bet: unknown;
  form: typeof FAIR_STREAM_FORM;
  /** Every block the round's steps drew from, in order. */
  blocks: StreamBlock[];
};

function streamBlocks(input: VerifyBody, steps: { step: number; draws: number }[]): StreamBlock[] {
  const blocks: StreamBlock[] = [];
  for (const { step, draws } of steps) {
    // The first block of a step is computed before its first draw.
    const used = Math.max(1, Math.ceil(draws / 8));
    for (let b = 0; b < used && blocks.length < MAX_BLOCKS; b++) {
      const cursor = step * STEP_CURSOR_STRIDE + b;
      const bytes = outcomeBytes(input.serverSeed, input.clientSeed, input.nonce, cursor);
      blocks.push({
        step,
        cursor,
        message: fairMessage(input.clientSeed, input.nonce, cursor),
        hmac: bytes.toString('hex'),
        floats: Array.from({ length: 8 }, (_, i) => floatAt(bytes, i)),
      });
    }
  }
  return blocks;
}

export function verifyRound(input: VerifyBody, now = new Date()): Verification {
  const ref = { vendor: input.vendor, gameCode: input.gameCode };
  const game = instantEngineFor(ref);
  const engineRef = engineRefOf(ref);
  if (!game || !engineRef) throw new StudioError('STUDIO_UNKNOWN_GAME');
  const bet = input.bet ?? game.defaultBet(now);
  let result: ReturnType<typeof verifyFair>;
  try {
    result = verifyFair({
      serverSeed: input.serverSeed,
      clientSeed: input.clientSeed,
      nonce: input.nonce,
      game: engineRef,
      bet,
      ...(input.serverSeedHash ? { serverSeedHash: input.serverSeedHash } : {}),
    });
  } catch (err) {
    const detail = (err as { detail?: unknown }).detail;
    if (detail !== undefined) throw new StudioError('STUDIO_BAD_BET', detail);
    throw err;
  }
  return {
    serverSeedHash: result.serverSeedHash,
    hashMatches: result.hashMatches,
    // The same shape the round history records.
    steps: result.steps.map((s) => ({ step: s.step, outcome: s.outcome, win: s.win })),
    win: result.totalWin,
    stake: result.stake,
    bet: game.engine.parseBet(bet),
    form: FAIR_STREAM_FORM,
    blocks: streamBlocks(input, result.steps),
  };
}

// ---- the card room's deals (docs/pvp.md "Fair shuffle") ----

const SeatNumber = z.coerce.number().int().min(0).max(8);

export const PvpVerifyBody = z.object({
  game: z.enum(['holdem', 'tongits']),
  /** The revealed seed as the hand history shows it (the tables draw 64 hex digits). */
  serverSeed: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/),
  /** The client seeds of the players dealt in, in seat order (as the hand history lists them). */
  clientSeeds: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/),
    )
    .min(2)
    .max(9),
  nonce: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The hash shown before the deal, when known: checked against the seed. */
  serverSeedHash: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  /** Hold'em: the button's seat; Tongits: the dealer's (0-2). Without it only the deck is shown. */
  dealer: SeatNumber.optional(),
  /** Hold'em: the seats dealt in (the hand's players); Tongits deals to seats 0, 1 and 2. */
  seats: z.array(SeatNumber).min(2).max(9).optional(),
});
export type PvpVerifyBody = z.infer<typeof PvpVerifyBody>;

export type PvpVerification = {
  game: 'holdem' | 'tongits';
  serverSeedHash: string;
  hashMatches: boolean | null;
  /** The fair stream's client seed: the players' seeds joined by commas. */
  clientSeed: string;
  /** The 52 cards in dealing order, as text ('As'). */
  cards: string[];
  /** What each seat was dealt (Hold'em: the hole cards; Tongits: the twelve or thirteen cards). */
  hands: { seat: number; cards: string[] }[];
  /** Hold'em: the five board cards the deck gives (shown as far as the hand went). */
  board: string[];
  /** Tongits: the stock in drawing order. */
  stock: string[];
};

/**
 * A card room deal's deck recomputed with the function the tables deal with (cardroom/engine/deck.ts dealDeck),
 * and dealt as the engines deal it (Hold'em: hand-flow.ts; Tongits: tongits/game.ts startGame).
 */
export function verifyPvpDeal(input: PvpVerifyBody): PvpVerification {
  if (input.game === 'tongits' && input.clientSeeds.length !== 3) {
    throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['clientSeeds'] }, (w) => w.invalidFields(['clientSeeds']));
  }
  if (input.game === 'tongits' && input.dealer !== undefined && input.dealer > 2) {
    throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['dealer'] }, (w) => w.invalidFields(['dealer']));
  }
  const seats = input.seats ?? [];
  if (
    input.game === 'holdem' &&
    input.seats !== undefined &&
    (new Set(seats).size !== seats.length || seats.length !== input.clientSeeds.length)
  ) {
    throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['seats'] }, (w) => w.invalidFields(['seats']));
  }
  const v = verifyHandDeck({
    serverSeed: input.serverSeed,
    clientSeeds: input.clientSeeds,
    nonce: input.nonce,
    ...(input.serverSeedHash ? { serverSeedHash: input.serverSeedHash.toLowerCase() } : {}),
  });
  const texts = (cards: readonly Card[]) => cards.map(cardText);
  let hands: PvpVerification['hands'] = [];
  let board: string[] = [];
  let stock: string[] = [];
  if (input.game === 'tongits') {
    if (input.dealer !== undefined) {
      const dealt = startGame({ stake: 1 }, v.deck, input.dealer as Seat);
      hands = dealt.hands.map((cards, seat) => ({ seat, cards: texts(cards) }));
      stock = texts(dealt.stock);
    }
  } else if (input.dealer !== undefined && input.seats !== undefined) {
    const all = [...seats, input.dealer];
    const hole = holeCards(v.deck, seats, input.dealer, Math.max(...all) + 1);
    hands = [...seats].sort((a, b) => a - b).map((seat) => ({ seat, cards: texts(hole.get(seat)!) }));
    board = texts(boardCards(v.deck, seats.length));
  }
  return {
    game: input.game,
    serverSeedHash: v.serverSeedHash,
    hashMatches: v.hashMatches,
    clientSeed: v.clientSeed,
    cards: v.cards,
    hands,
    board,
    stock,
  };
}
