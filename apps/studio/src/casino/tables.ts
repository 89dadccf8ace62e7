import { randomUUID } from 'node:crypto';
import type { StudioDb } from '../kit/db/database';
import type { TableEngine, TablePhase } from '../kit/db/schema';
import type { RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { createFairRng, newServerSeed } from '../kit/fair';
import { engineKindOf, isTableEngine } from '../kit/game-map';
import { holdLease, releaseLeases } from '../kit/lease';
import { LoopTimer, SerialPasses } from '../kit/loop-timer';
import { maskPlayer } from '../kit/players';
import { debitDemo, type StudioSession } from '../kit/sessions';
import { StateFeed } from '../kit/state-feed';
import { deliverDueBets, placeWalletBet } from './bet-delivery';
import { instantEngineFor } from './engine-registry';
import { type BaccaratOutcome, type Card, InvalidBetError, type RouletteOutcome } from './engines';
import { newBetColumns } from './rounds';
import {
  currentTableRound,
  insertTableBet,
  insertTableRound,
  lockBettingTableRound,
  moveTableRound,
  openTableBets,
  ownerRoundStakes,
  renewTableWatch,
  settleTableBet,
  shownTableBets,
  type TableRoundRow,
  tableBets,
  tableHistory,
  tableRow,
  unfinishedTableKeys,
  watchedTableKeys,
} from './tables.queries';

// Live tables (LIVE baccarat and roulette tiles): one shared timeline per table (a catalogue tile,
// '<vendor>:<game code>'), the same for every player and for trial players on their demo balance.
// Phases: betting (bets are wallet bets, several per player on different spots within the table
// limits), dealing (baccarat cards shown one by one) or spinning (roulette), result (every bet
// settled with the engine, wins paid through the retried delivery, a zero win closing a lost bet's
// round), then a pause until the next round.
//
// Fairness: a round's server seed is drawn, its outcome fixed and its SHA-256 shown before betting
// opens; the seed is revealed at the result. The outcome is the engine's play with
// createFairRng(serverSeed, clientSeed = table key, nonce = round number), so /studio/fair
// (POST /api/verify with the table's vendor and game code and a bet) recomputes any table round.
//
// One loop per table per database: the phases of table K run in the process holding the lease
// 'table:K' (studio_leases). Idle rule: a table's phases run only while someone watches it
// (an open socket or a page poll renews studio_tables.watched_until) or its current round is not
// finished; an idle table costs one small query per tick and starts a fresh round when a watcher
// comes back.

export type TableTiming = {
  /** Betting phase (default 15 s). */
  bettingMs: number;
  /** Dealing / spinning until the result (default 6 s). */
  dealMs: number;
  /** Result shown, then the pause before the next round (default 5 s). */
  resultMs: number;
  /** How often the loop looks at the clock (default 250 ms); 0 = no timer (tests call tick()). */
  tickMs: number;
  /** A watch (socket or poll) keeps a table running this long (default 15 s). */
  watchMs: number;
};

export const DEFAULT_TABLE_TIMING: TableTiming = {
  bettingMs: 15_000,
  dealMs: 6_000,
  resultMs: 5_000,
  tickMs: 250,
  watchMs: 15_000,
};

/** Table limits per player and round: placements, and the total stake (minor units). */
export const TABLE_MAX_BETS = 20;
export const TABLE_MAX_STAKE = 100_000_000;

const LEASE_MS = 5000;
const HISTORY = 48;

export type TableRef = { key: string; vendor: string; gameCode: string; engine: TableEngine };

export type BaccaratView = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  result: 'player' | 'banker' | 'tie' | null;
  playerPair: boolean | null;
  bankerPair: boolean | null;
};
export type RouletteView = { number: number; color: 'red' | 'black' | 'green' } | null;

export type TableRoundView = {
  id: number;
  no: number;
  phase: TablePhase;
  bettingEndsAt: string;
  revealAt: string;
  endsAt: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Revealed at the result. */
  serverSeed: string | null;
  /** Baccarat: the cards dealt so far (all at the result); roulette: the number once revealed. */
  outcome: BaccaratView | RouletteView;
};

export type TableState = {
  serverNow: string;
  table: TableRef;
  round: TableRoundView | null;
  bets: { player: string; stake: number; win: number; status: 'in' | 'won' | 'lost' }[];
  history: { no: number; result: string; number?: number; color?: string; pair?: string }[];
  limits: { maxBets: number; maxStake: number };
};

export type MyTableBet = {
  betId: string;
  roundId: number;
  roundNo: number;
  bet: unknown;
  stake: number;
  win: number;
  status: string;
};

const iso = (d: Date) => new Date(d).toISOString();
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const cardValue = (c: Card) => (c.rank >= 10 ? 0 : c.rank);
const handTotal = (cards: Card[]) => cards.reduce((t, c) => t + cardValue(c), 0) % 10;

/** The live table of a game, or undefined for a game that is not a LIVE table. */
export function tableOf(ref: { vendor: string; gameCode: string }): TableRef | undefined {
  const engine = engineKindOf(ref);
  if (!isTableEngine(engine)) return undefined;
  return { key: `${ref.vendor}:${ref.gameCode}`, vendor: ref.vendor, gameCode: ref.gameCode, engine };
}

function engineOf(table: Pick<TableRef, 'vendor' | 'gameCode'>) {
  const game = instantEngineFor(table);
  if (!game) throw new StudioError('STUDIO_UNKNOWN_GAME');
  return game;
}

/** The outcome of a table round: the engine's play of the table's default bet on the round's fair stream. */
export function tableOutcome(
  table: TableRef,
  serverSeed: string,
  round: number,
): Omit<BaccaratOutcome, 'returns'> | Omit<RouletteOutcome, 'returns'> {
  const game = engineOf(table);
  const bet = game.engine.parseBet(game.defaultBet(new Date(0)));
  const { outcome } = game.engine.play(bet, createFairRng(serverSeed, table.key, round, 0));
  const { returns: _returns, ...rest } = outcome as BaccaratOutcome & RouletteOutcome;
  return rest;
}

/**
 * How a bet at a table round settles: what it returns (stake included), the engine's play on the
 * round's fair stream, and its valid bet when part of the stake was pushed back (undefined when the
 * whole stake was at risk).
 */
export function tableBetSettlement(
  table: Pick<TableRef, 'vendor' | 'gameCode'>,
  round: { serverSeed: string; clientSeed: string; nonce: number },
  input: unknown,
): { win: number; validBet: number | undefined } {
  const game = engineOf(table);
  const bet = game.engine.parseBet(input);
  const result = game.engine.play(bet, createFairRng(round.serverSeed, round.clientSeed, round.nonce, 0));
  const unrisked = result.unrisked ?? 0;
  return { win: result.win, validBet: unrisked > 0 ? game.engine.stake(bet) - unrisked : undefined };
}

/** What a bet at a table round returns (stake included). */
export function tableBetWin(
  table: Pick<TableRef, 'vendor' | 'gameCode'>,
  round: { serverSeed: string; clientSeed: string; nonce: number },
  input: unknown,
): number {
  return tableBetSettlement(table, round, input).win;
}

/** Dealing order of a baccarat outcome: P1, B1, P2, B2, then the player's and the banker's third cards. */
function dealOrder(o: Pick<BaccaratOutcome, 'player' | 'banker'>): { hand: 'player' | 'banker'; card: Card }[] {
  const order: { hand: 'player' | 'banker'; card: Card }[] = [];
  const push = (hand: 'player' | 'banker', card: Card | undefined) => {
    if (card) order.push({ hand, card });
  };
  push('player', o.player[0]);
  push('banker', o.banker[0]);
  push('player', o.player[1]);
  push('banker', o.banker[1]);
  push('player', o.player[2]);
  push('banker', o.banker[2]);
  return order;
}

export class TableHall {
  readonly #deps: RoundDeps;
  readonly #timing: TableTiming;
  readonly #holder = randomUUID();
  readonly #listeners = new Map<string, { table: TableRef; feed: StateFeed }>();
  readonly #watchRenewed = new Map<string, number>();
  readonly #loop: LoopTimer;
  readonly #passes = new SerialPasses((err) => this.#deps.log.warn({ err }, 'studio: table tick failed'));

  constructor(deps: RoundDeps, timing: Partial<TableTiming> = {}) {
    this.#deps = deps;
    this.#timing = { ...DEFAULT_TABLE_TIMING, ...timing };
    this.#loop = new LoopTimer(this.#timing.tickMs, () => this.tick());
  }

  get timing(): TableTiming {
    return this.#timing;
  }

  get #db(): StudioDb {
    return this.#deps.db;
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops the loop and lets its leases go, so another process takes the tables over at once. */
  async stop(): Promise<void> {
    this.#loop.stop();
    this.#listeners.clear();
    await this.#passes.done();
    await releaseLeases(this.#db, this.#holder, this.#deps.now()).catch(() => undefined);
  }

  /** One step of the loop (serialized): watches, the phases of the tables this process leads, broadcast, deliveries. */
  tick(): Promise<void> {
    return this.#passes.run(() => this.#tickOnce());
  }

  async #tickOnce(): Promise<void> {
    const now = this.#deps.now();
    for (const { table } of this.#listeners.values()) await this.#renewWatch(table, now);
    const active = await this.#activeTables(now);
    for (const key of active) {
      if (await holdLease(this.#db, `table:${key}`, this.#holder, now, LEASE_MS)) await this.#advance(key, now);
    }
    // The pages hear a phase change before the wallet deliveries run: a slow or failing wallet must
    // not hold a result back until the next phase has replaced it.
    for (const key of this.#listeners.keys()) await this.#broadcast(key);
    const owed = await this.recover();
    this.#loop.idle = active.length === 0 && this.#listeners.size === 0 && owed.delivered + owed.failed === 0;
  }

  /** Tables with a watcher, or with a round not yet finished. */
  async #activeTables(now: Date): Promise<string[]> {
    const watched = await watchedTableKeys(this.#db, now);
    const unfinished = await unfinishedTableKeys(this.#db);
    return [...new Set([...watched, ...unfinished].map((r) => r.table_key))];
  }

  /** Marks a table as watched (an open socket, a page poll); the loop runs it for watchMs from now. */
  async watch(table: TableRef): Promise<void> {
    this.#loop.wake();
    await this.#renewWatch(table, this.#deps.now(), true);
  }

  async #renewWatch(table: TableRef, now: Date, force = false): Promise<void> {
    const last = this.#watchRenewed.get(table.key) ?? 0;
    if (!force && now.getTime() - last < this.#timing.watchMs / 3) return;
    this.#watchRenewed.set(table.key, now.getTime());
    const until = new Date(now.getTime() + this.#timing.watchMs);
    await renewTableWatch(this.#db, table, until);
  }

  async #watched(key: string, now: Date): Promise<TableRef | undefined> {
    const row = await tableRow(this.#db, key);
    if (!row || new Date(row.watched_until) <= now) return undefined;
    return { key: row.table_key, vendor: row.vendor, gameCode: row.game_code, engine: row.engine };
  }

  #currentRound(key: string): Promise<TableRoundRow | undefined> {
    return currentTableRound(this.#db, key);
  }

  async #advance(key: string, now: Date): Promise<void> {
    const round = await this.#currentRound(key);
    if (!round || round.phase === 'done') {
      const table = await this.#watched(key, now);
      if (table) await this.#newRound(table, round ? round.round_no + 1 : 0, now);
      return;
    }
    if (round.phase === 'betting' && now >= round.betting_ends_at) {
      await moveTableRound(this.#db, round.id, 'betting', 'dealing');
      return;
    }
    if (round.phase === 'dealing' && now >= round.reveal_at) {
      await this.#settleRound(round, now);
      return;
    }
    if (round.phase === 'result' && now >= round.ends_at) {
      await moveTableRound(this.#db, round.id, 'result', 'done');
      const table = await this.#watched(key, now);
      if (table) await this.#newRound(table, round.round_no + 1, now);
    }
  }

  async #newRound(table: TableRef, roundNo: number, now: Date): Promise<void> {
    const seed = newServerSeed();
    const outcome = tableOutcome(table, seed.serverSeed, roundNo);
    const bettingEnds = now.getTime() + this.#timing.bettingMs;
    try {
      await insertTableRound(this.#db, {
        table_key: table.key,
        round_no: roundNo,
        server_seed: seed.serverSeed,
        server_seed_hash: seed.serverSeedHash,
        client_seed: table.key,
        outcome: JSON.stringify(outcome),
        phase: 'betting',
        betting_ends_at: new Date(bettingEnds),
        reveal_at: new Date(bettingEnds + this.#timing.dealMs),
        ends_at: new Date(bettingEnds + this.#timing.dealMs + this.#timing.resultMs),
      });
    } catch (err) {
      // Another process created this round first (its lease lapsed under a slow tick): keep theirs.
      if (!isUniqueViolation(err)) throw err;
    }
  }

  /** The result: every accepted bet gets the engine's win on the round's fair stream, then its delivery. */
  async #settleRound(round: TableRoundRow, now: Date): Promise<void> {
    const table = tableOf(this.#tableRefOf(round.table_key));
    if (!table) throw new Error(`not a table: ${round.table_key}`);
    const open = await openTableBets(this.#db, round.id);
    for (const b of open) {
      const { win, validBet } = tableBetSettlement(
        table,
        { serverSeed: round.server_seed, clientSeed: round.client_seed, nonce: round.round_no },
        b.bet,
      );
      await settleTableBet(this.#db, b.id, { win, validBet: validBet ?? null }, now);
    }
    await moveTableRound(this.#db, round.id, 'dealing', 'result');
  }

  #tableRefOf(key: string): { vendor: string; gameCode: string } {
    const i = key.indexOf(':');
    return { vendor: key.slice(0, i), gameCode: key.slice(i + 1) };
  }

  // ---- players ----

  /** A bet on the table's round in its betting phase: a wallet bet (demo balance in trial). */
  async placeBet(
    session: StudioSession,
    token: string,
    input: unknown,
  ): Promise<{ bet: MyTableBet; balance: number; roundId: number }> {
    const table = tableOf({ vendor: session.vendor, gameCode: session.gameCode });
    if (!table) throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notLiveTable);
    const game = engineOf(table);
    let bet: unknown;
    let stake: number;
    try {
      bet = game.engine.parseBet(input);
      stake = game.engine.stake(bet as never);
    } catch (err) {
      if (err instanceof InvalidBetError || (err as { detail?: unknown }).detail !== undefined) {
        const detail = (err as { detail?: unknown }).detail;
        throw new StudioError(
          'STUDIO_BAD_BET',
          detail,
          typeof detail === 'string' ? (w) => w.badBet(detail) : undefined,
        );
      }
      throw err;
    }
    const now = this.#deps.now();
    await this.watch(table);
    const round = await this.#currentRound(table.key);
    if (round?.phase !== 'betting' || now >= round.betting_ends_at) {
      throw new StudioError('STUDIO_TABLE_BETTING_CLOSED');
    }
    const betId = randomUUID();
    const row = {
      ...newBetColumns(betId, session, now),
      bet_id: betId,
      table_round_id: round.id,
      bet: JSON.stringify(bet),
      stake,
      closed_at: null,
    };
    // Locks the round row while it is still betting: the loop cannot close betting under this bet,
    // and the player's bets of the round are counted one request at a time.
    const lockBetting = (trx: StudioDb) => lockBettingTableRound(trx, round.id, now);
    const checkLimits = async (trx: StudioDb) => {
      const mine = await ownerRoundStakes(trx, round.id, session);
      if (Number(mine.n) >= TABLE_MAX_BETS || Number(mine.total) + stake > TABLE_MAX_STAKE) {
        throw new StudioError('STUDIO_TABLE_LIMIT', {
          maxBets: TABLE_MAX_BETS,
          maxStake: TABLE_MAX_STAKE,
          bets: Number(mine.n),
          staked: Number(mine.total),
        });
      }
    };

    let balance: number;
    if (session.mode === 'trial') {
      balance = await this.#db.transaction().execute(async (trx) => {
        if (!(await lockBetting(trx))) throw new StudioError('STUDIO_TABLE_BETTING_CLOSED');
        await checkLimits(trx);
        const debited = await debitDemo(trx, session.id, stake, now);
        await insertTableBet(trx, { ...row, status: 'open' });
        return debited;
      });
    } else {
      await this.#db.transaction().execute(async (trx) => {
        if (!(await lockBetting(trx))) throw new StudioError('STUDIO_TABLE_BETTING_CLOSED');
        await checkLimits(trx);
        await insertTableBet(trx, row);
      });
      balance = await placeWalletBet(this.#deps, 'studio_table_bets', {
        session,
        token,
        betId,
        betTx: row.bet_tx,
        amount: stake,
        stillBetting: lockBetting,
        closed: 'STUDIO_TABLE_BETTING_CLOSED',
      });
    }
    return { bet: await this.#myBet(betId), balance, roundId: round.id };
  }

  async #myBet(betId: string): Promise<MyTableBet> {
    const [bet] = await this.#bets({ betId });
    if (!bet) throw new Error(`table bet ${betId} vanished`);
    return bet;
  }

  /** The player's latest bets at this table (newest first). */
  myBets(session: StudioSession, limit = 20): Promise<MyTableBet[]> {
    return this.#bets({ session, limit });
  }

  /** One bet by id, or a player's latest settled-or-open bets: one query either way. */
  async #bets(by: { betId: string } | { session: StudioSession; limit: number }): Promise<MyTableBet[]> {
    const rows = await tableBets(this.#db, 'betId' in by ? by : { owner: by.session, limit: by.limit });
    return rows.map((b) => ({
      betId: b.bet_id,
      roundId: b.table_round_id,
      roundNo: b.round_no,
      bet: b.bet,
      stake: b.stake,
      win: b.win,
      status: b.status,
    }));
  }

  // ---- deliveries ----

  /** Delivers due wins and rollbacks; a bet left without its wallet answer is rolled back. */
  recover(): Promise<{ delivered: number; failed: number }> {
    return deliverDueBets(this.#deps, 'studio_table_bets');
  }

  // ---- what every page at the table sees ----

  async state(table: TableRef): Promise<TableState> {
    const now = this.#deps.now();
    const round = await this.#currentRound(table.key);
    const history = await tableHistory(this.#db, table.key, HISTORY);
    const bets = round ? await shownTableBets(this.#db, round.id) : [];
    const shown = round?.phase === 'result' || round?.phase === 'done';
    return {
      serverNow: now.toISOString(),
      table,
      round: round
        ? {
            id: round.id,
            no: round.round_no,
            phase: round.phase,
            bettingEndsAt: iso(round.betting_ends_at),
            revealAt: iso(round.reveal_at),
            endsAt: iso(round.ends_at),
            serverSeedHash: round.server_seed_hash,
            clientSeed: round.client_seed,
            nonce: round.round_no,
            serverSeed: shown ? round.server_seed : null,
            outcome: this.#outcomeView(table.engine, round, now),
          }
        : null,
      bets: bets.map((b) => ({
        player: maskPlayer(b.player),
        stake: b.stake,
        win: b.win,
        status: b.status === 'open' ? 'in' : b.win > 0 ? 'won' : 'lost',
      })),
      history: history.map((r) => {
        if (table.engine === 'roulette') {
          const o = r.outcome as RouletteOutcome;
          return { no: r.round_no, result: String(o.number), number: o.number, color: o.color };
        }
        const o = r.outcome as BaccaratOutcome;
        const pair = o.playerPair && o.bankerPair ? 'both' : o.playerPair ? 'player' : o.bankerPair ? 'banker' : '';
        return { no: r.round_no, result: o.result, ...(pair ? { pair } : {}) };
      }),
      limits: { maxBets: TABLE_MAX_BETS, maxStake: TABLE_MAX_STAKE },
    };
  }

  /** What of the outcome the table may see now: baccarat cards as they are dealt; roulette's number at the result. */
  #outcomeView(engine: TableEngine, round: TableRoundRow, now: Date): BaccaratView | RouletteView {
    const shown = round.phase === 'result' || round.phase === 'done';
    if (engine === 'roulette') {
      if (!shown) return null;
      const o = round.outcome as RouletteOutcome;
      return { number: o.number, color: o.color };
    }
    const o = round.outcome as BaccaratOutcome;
    if (shown) {
      return {
        player: o.player,
        banker: o.banker,
        playerTotal: o.playerTotal,
        bankerTotal: o.bankerTotal,
        result: o.result,
        playerPair: o.playerPair,
        bankerPair: o.bankerPair,
      };
    }
    const order = dealOrder(o);
    let dealt = 0;
    if (round.phase === 'dealing') {
      const start = new Date(round.betting_ends_at).getTime();
      const span = new Date(round.reveal_at).getTime() - start;
      const step = span / (order.length + 1);
      dealt = Math.min(order.length, Math.max(0, Math.floor((now.getTime() - start) / step)));
    }
    const cards = order.slice(0, dealt);
    const player = cards.filter((c) => c.hand === 'player').map((c) => c.card);
    const banker = cards.filter((c) => c.hand === 'banker').map((c) => c.card);
    return {
      player,
      banker,
      playerTotal: handTotal(player),
      bankerTotal: handTotal(banker),
      result: null,
      playerPair: null,
      bankerPair: null,
    };
  }

  /** Adds a page's socket for one table; answers the unsubscribe function. The page gets the state at once. */
  subscribe(table: TableRef, send: (message: string) => void): () => void {
    let entry = this.#listeners.get(table.key);
    if (!entry) {
      entry = { table, feed: new StateFeed() };
      this.#listeners.set(table.key, entry);
    }
    const off = entry.feed.add(send);
    void this.watch(table)
      .then(() => this.state(table))
      .then((s) => StateFeed.sendTo(send, s))
      .catch(() => undefined);
    return () => {
      off();
      // The table's last broadcast is forgotten with its last listener.
      const e = this.#listeners.get(table.key);
      if (e?.feed.size === 0) this.#listeners.delete(table.key);
    };
  }

  /** Sends a table's state when it changed, and at least every second (the pages re-sync their clocks). */
  async #broadcast(key: string): Promise<void> {
    const entry = this.#listeners.get(key);
    if (entry) entry.feed.publish(await this.state(entry.table));
  }
}
