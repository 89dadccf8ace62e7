import { randomBytes, randomUUID } from 'node:crypto';
import type { StudioDb } from '../kit/db/database';
import type { CrashPhase } from '../kit/db/schema';
import type { RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { engineKindOf } from '../kit/game-map';
import { holdLease, releaseLeases } from '../kit/lease';
import { IDLE_POLL_MS, LoopTimer, SerialPasses } from '../kit/loop-timer';
import { maskPlayer } from '../kit/players';
import { debitDemo, type StudioSession, sessionOf, trialBalance } from '../kit/sessions';
import { StateFeed } from '../kit/state-feed';
import { deliverBet, deliverDueBets, placeWalletBet } from './bet-delivery';
import {
  type CrashRoundRow,
  chainSeed,
  crashBets,
  crashHistory,
  currentCrashRound,
  insertChain,
  insertCrashBet,
  insertCrashRound,
  latestUnrevealedChain,
  lockBettingCrashRound,
  loseOpenCrashBets,
  markCrashed,
  ownerCrashBet,
  reachedAutoCashouts,
  revealChain,
  settleOpenCrashBet,
  shownCrashBets,
  startCrashRound,
  takeChainIndex,
} from './crash.queries';
import {
  CRASH_DEFAULT_SALT,
  type CrashBet,
  cashoutAt,
  crashPoint,
  createHashChain,
  multiplierAt,
  parseCrashBet,
  settleCrashBet,
  timeToMultiplier,
  verifyChainLink,
} from './engines';
import { newBetColumns } from './rounds';

// The crash game (CRASH tiles): one shared round stream for every crash tile and player. Each round
// takes the next hash of a pre-committed chain (its terminating hash published before round 1), so the
// crash point is fixed before the first bet. Phases: betting (bets are wallet bets), running (the
// multiplier rises from the server's start time; a cash-out counts at the server's receipt time),
// crashed (every bet still in loses), then a short pause. Cash-outs are paid at once; the rest are
// closed with a zero win when the round crashes. Every win or rollback goes through the same
// retried delivery as the other games (next_attempt_at, backoff, idempotent transaction ids).
//
// One loop per database: the loop holds a lease row (studio_leases); a second process on the
// same PostgreSQL serves bets, cash-outs and the WebSocket from the database but leaves the phases
// to the holder, and takes over when the lease lapses.
//
// Idle rule (as the live tables): the phases run only while someone watches (a page's socket on this
// process, or a page poll of GET /api/crash within watchMs) or the current round is not finished
// (betting or running: its bets must be settled). Otherwise the loop lets its lease go and looks for
// work only every IDLE_POLL_MS (owed deliveries, a round started elsewhere); a watcher wakes it at
// once, and a watcher on another process takes the free lease there.
//
// Players reach placeBet and cashOut two ways, with the same checks (sessionOf below): the HTTP API
// and the page's WebSocket (crash-socket.ts).

export type CrashTiming = {
  /** Betting phase length (default 6 s). */
  bettingMs: number;
  /** Pause after a crash before the next betting phase (default 3 s). */
  pauseMs: number;
  /** How often the loop looks at the clock (default 100 ms); 0 = no timer (tests call tick()). */
  tickMs: number;
  /** Rounds per hash chain (default 10,000). */
  chainLength: number;
  /** A page poll keeps the rounds coming this long (default 15 s); an open socket does while open. */
  watchMs: number;
  /** How often the loop looks for work while idle (default IDLE_POLL_MS). */
  idlePollMs: number;
};

export const DEFAULT_CRASH_TIMING: CrashTiming = {
  bettingMs: 6000,
  pauseMs: 3000,
  tickMs: 100,
  chainLength: 10_000,
  watchMs: 15_000,
  idlePollMs: IDLE_POLL_MS,
};

const LEADER = 'crash';
const LEASE_MS = 5000;
const HISTORY = 20;

export type CrashRoundView = {
  id: number;
  phase: CrashPhase;
  bettingEndsAt: string;
  startedAt: string | null;
  /** Known to the page only once crashed (with the hash that proves it). */
  crashPoint: number | null;
  crashedAt: string | null;
  hash: string | null;
  /** SHA-256(hash) must equal this: the previous round's hash, or the chain's terminating hash. */
  previousHash: string;
  terminatingHash: string;
  salt: string;
};

export type CrashBetView = {
  player: string;
  amount: number;
  currency: string;
  cashout: number | null;
  win: number;
  status: 'in' | 'cashed_out' | 'lost';
};

export type CrashState = {
  serverNow: string;
  round: CrashRoundView | null;
  bets: CrashBetView[];
  history: { id: number; crashPoint: number; hash: string }[];
};

export type MyCrashBet = {
  betId: string;
  roundId: number;
  amount: number;
  autoCashout: number | null;
  cashout: number | null;
  win: number;
  status: string;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toStudioBetError(err: unknown): StudioError {
  const detail = (err as { detail?: unknown }).detail;
  return new StudioError('STUDIO_BAD_BET', detail, typeof detail === 'string' ? (w) => w.badBet(detail) : undefined);
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

export class CrashGame {
  readonly #deps: RoundDeps;
  readonly #timing: CrashTiming;
  readonly #holder = randomUUID();
  readonly #chains = new Map<number, { rounds: string[]; terminatingHash: string; salt: string }>();
  readonly #listeners = new StateFeed();
  readonly #loop: LoopTimer;
  readonly #passes = new SerialPasses((err) => this.#deps.log.warn({ err }, 'studio: crash tick failed'));
  /** Until then a page poll keeps the rounds coming (the test clock's time, deps.now()). */
  #watchedUntil = 0;
  /** This process took the lease on its last active pass (so an idle pass lets it go once). */
  #leading = false;

  constructor(deps: RoundDeps, timing: Partial<CrashTiming> = {}) {
    this.#deps = deps;
    this.#timing = { ...DEFAULT_CRASH_TIMING, ...timing };
    this.#loop = new LoopTimer(this.#timing.tickMs, () => this.tick(), this.#timing.idlePollMs);
  }

  get #db(): StudioDb {
    return this.#deps.db;
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops the loop and lets its lease go, so another process takes the phases over at once. */
  async stop(): Promise<void> {
    this.#loop.stop();
    this.#listeners.clear();
    await this.#passes.done();
    await releaseLeases(this.#db, this.#holder, this.#deps.now()).catch(() => undefined);
  }

  /** A page polled the game: the rounds keep coming for watchMs (an idle loop wakes at once). */
  watch(): void {
    this.#watchedUntil = Math.max(this.#watchedUntil, this.#deps.now().getTime() + this.#timing.watchMs);
    this.#loop.wake();
  }

  /** One step of the loop (serialized): phases if this process holds the lease, broadcast, deliveries. */
  tick(): Promise<void> {
    return this.#passes.run(() => this.#tickOnce());
  }

  async #tickOnce(): Promise<void> {
    const now = this.#deps.now();
    const watched = this.#listeners.size > 0 || now.getTime() < this.#watchedUntil;
    const round = await this.#currentRound();
    const unfinished = round !== undefined && round.phase !== 'crashed';
    let leads = false;
    if (watched || unfinished) {
      leads = await this.#lead();
      if (leads) {
        this.#leading = true;
        await this.#advance();
      }
    } else if (this.#leading) {
      // Nobody here and nothing under way: free the lease for a process that has a watcher (what is
      // owed is still retried below: claimed rows, safe beside another process's pass).
      this.#leading = false;
      await releaseLeases(this.#db, this.#holder, now);
    }
    // The pages hear a phase change before the wallet deliveries run: a slow or failing wallet must
    // not hold a crash back from them.
    if (this.#listeners.size > 0) await this.#broadcast();
    const owed = leads || !(watched || unfinished) ? await this.recover() : { delivered: 0, failed: 0 };
    this.#loop.idle = !watched && !unfinished && owed.delivered + owed.failed === 0;
  }

  /** Takes or renews the loop's lease; true when this process runs the phases. */
  #lead(): Promise<boolean> {
    return holdLease(this.#db, LEADER, this.#holder, this.#deps.now(), LEASE_MS);
  }

  #currentRound(): Promise<CrashRoundRow | undefined> {
    return currentCrashRound(this.#db);
  }

  async #chain(chainId: number) {
    let chain = this.#chains.get(chainId);
    if (!chain) {
      const row = await chainSeed(this.#db, chainId);
      chain = { ...createHashChain(row.seed, row.length), salt: row.salt };
      this.#chains.set(chainId, chain);
    }
    return chain;
  }

  /** The chain rounds are taken from; a used-up chain's seed is revealed and a new chain committed. */
  async #activeChain(): Promise<{ id: number; used: number; length: number }> {
    const row = await latestUnrevealedChain(this.#db);
    if (row && row.used < row.length) return row;
    const now = this.#deps.now();
    if (row) await revealChain(this.#db, row.id, now);
    const seed = randomBytes(32).toString('hex');
    const length = this.#timing.chainLength;
    const chain = createHashChain(seed, length);
    const created = await insertChain(this.#db, {
      seed,
      terminating_hash: chain.terminatingHash,
      length,
      used: 0,
      salt: CRASH_DEFAULT_SALT,
    });
    this.#chains.set(created.id, { ...chain, salt: CRASH_DEFAULT_SALT });
    return created;
  }

  async #advance(): Promise<void> {
    const now = this.#deps.now();
    const round = await this.#currentRound();
    if (
      !round ||
      (round.phase === 'crashed' && now.getTime() >= (round.crashed_at?.getTime() ?? 0) + this.#timing.pauseMs)
    ) {
      await this.#newRound(now);
      return;
    }
    if (round.phase === 'betting' && now >= round.betting_ends_at) {
      // The round starts at the server's clock; the crash time follows from the pre-committed crash point.
      await startCrashRound(this.#db, round.id, now, new Date(now.getTime() + timeToMultiplier(round.crash_point)));
      return;
    }
    if (round.phase === 'running' && round.started_at && round.crash_at) {
      const crashed = now >= round.crash_at;
      // Auto cash-outs reached by now pay at their own target, whenever the loop notices them.
      const reached = crashed ? round.crash_point : multiplierAt(now.getTime() - round.started_at.getTime());
      const autos = await reachedAutoCashouts(this.#db, round.id, Math.min(reached, round.crash_point));
      for (const b of autos) {
        const s = settleCrashBet({ amount: b.amount, autoCashout: b.auto_cashout }, round.crash_point);
        await this.#settle(b.id, s.cashedOutAt, s.win, s.cashedOutAt ? this.#timeOf(round, s.cashedOutAt) : null, now);
      }
      if (crashed) {
        // Everyone still in loses: the round closes with a zero win for them.
        await loseOpenCrashBets(this.#db, round.id, now);
        await markCrashed(this.#db, round.id, round.crash_at);
      }
    }
  }

  #timeOf(round: CrashRoundRow, multiplier: number): Date {
    return new Date((round.started_at?.getTime() ?? 0) + timeToMultiplier(multiplier));
  }

  async #newRound(now: Date): Promise<void> {
    const chain = await this.#activeChain();
    const hashes = await this.#chain(chain.id);
    const index = chain.used;
    const hash = hashes.rounds[index];
    if (!hash) throw new Error('crash chain exhausted');
    await this.#db.transaction().execute(async (trx) => {
      if (!(await takeChainIndex(trx, chain.id, index))) return;
      await insertCrashRound(trx, {
        chain_id: chain.id,
        chain_index: index,
        round_hash: hash,
        previous_hash: index === 0 ? hashes.terminatingHash : hashes.rounds[index - 1]!,
        crash_point: crashPoint(hash, hashes.salt),
        phase: 'betting',
        betting_ends_at: new Date(now.getTime() + this.#timing.bettingMs),
        started_at: null,
        crash_at: null,
        crashed_at: null,
      });
    });
  }

  /** Marks a bet settled (open → settling) with its win; false when it was already settled. */
  #settle(id: number, cashout: number | null, win: number, at: Date | null, now: Date): Promise<boolean> {
    return settleOpenCrashBet(this.#db, id, { cashout, win, cashedOutAt: at }, now);
  }

  // ---- players ----

  /** The crash session of a game token (the HTTP API and the socket both check a caller this way). */
  async sessionOf(token: string | undefined): Promise<StudioSession> {
    const s = await sessionOf(this.#db, token);
    if (engineKindOf({ vendor: s.vendor, gameCode: s.gameCode }) !== 'crash') {
      throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notCrashGame);
    }
    return s;
  }

  /** A bet on the round in its betting phase: a wallet bet in the player's session (demo balance in trial). */
  async placeBet(session: StudioSession, token: string, input: unknown): Promise<{ bet: MyCrashBet; balance: number }> {
    let bet: CrashBet;
    try {
      bet = parseCrashBet(input);
    } catch (err) {
      throw toStudioBetError(err);
    }
    const now = this.#deps.now();
    const round = await this.#currentRound();
    if (round?.phase !== 'betting' || now >= round.betting_ends_at) {
      throw new StudioError('STUDIO_CRASH_BETTING_CLOSED');
    }
    const betId = randomUUID();
    const row = {
      ...newBetColumns(betId, session, now),
      bet_id: betId,
      crash_round_id: round.id,
      amount: bet.amount,
      auto_cashout: bet.autoCashout,
      cashout: null,
      cashed_out_at: null,
      closed_at: null,
    };
    // Locks the round row while it is still betting, so the loop cannot start it under this bet.
    const lockBetting = (trx: StudioDb) => lockBettingCrashRound(trx, round.id);

    let balance: number;
    if (session.mode === 'trial') {
      balance = await this.#db.transaction().execute(async (trx) => {
        if (!(await lockBetting(trx))) throw new StudioError('STUDIO_CRASH_BETTING_CLOSED');
        const debited = await debitDemo(trx, session.id, bet.amount, now);
        try {
          await insertCrashBet(trx, { ...row, status: 'open' });
        } catch (err) {
          if (isUniqueViolation(err)) throw new StudioError('STUDIO_CRASH_ALREADY_BET');
          throw err;
        }
        return debited;
      });
    } else {
      try {
        await insertCrashBet(this.#db, row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new StudioError('STUDIO_CRASH_ALREADY_BET');
        throw err;
      }
      balance = await placeWalletBet(this.#deps, 'studio_crash_bets', {
        session,
        token,
        betId,
        betTx: row.bet_tx,
        amount: bet.amount,
        stillBetting: lockBetting,
        closed: 'STUDIO_CRASH_BETTING_CLOSED',
      });
    }
    return { bet: await this.#myBet(betId), balance };
  }

  /** Cash out at the multiplier of the server's receipt time; paid at once. */
  async cashOut(session: StudioSession): Promise<{ bet: MyCrashBet; balance: number | null; winPending: boolean }> {
    const now = this.#deps.now();
    const round = await this.#currentRound();
    if (!round) throw new StudioError('STUDIO_CRASH_NO_BET');
    const bet = await ownerCrashBet(this.#db, round.id, session);
    if (!bet || bet.status === 'betting' || bet.status === 'rolling_back' || bet.status === 'rolled_back') {
      throw new StudioError('STUDIO_CRASH_NO_BET');
    }
    if (bet.status !== 'open') {
      // Already settled: a cash-out (or an auto cash-out that got there first) answers again; a loss is too late.
      if ((await this.#myBet(bet.bet_id)).cashout === null) throw new StudioError('STUDIO_CRASH_TOO_LATE');
      return this.#payAnswer(session, bet.bet_id);
    }
    if (round.phase !== 'running' || !round.started_at || !round.crash_at) {
      if (round.phase === 'crashed') throw new StudioError('STUDIO_CRASH_TOO_LATE');
      throw new StudioError('STUDIO_CRASH_NOT_RUNNING');
    }
    if (now >= round.crash_at) throw new StudioError('STUDIO_CRASH_TOO_LATE');
    const m = cashoutAt(now.getTime() - round.started_at.getTime(), round.crash_point);
    if (m === null) throw new StudioError('STUDIO_CRASH_NOT_RUNNING', undefined, (w) => w.belowFirstCashout);
    const s = settleCrashBet({ amount: bet.amount, autoCashout: bet.auto_cashout }, round.crash_point, m);
    const at = s.cashedOutAt === m ? now : this.#timeOf(round, s.cashedOutAt ?? m);
    await this.#settle(bet.id, s.cashedOutAt, s.win, at, now);
    return this.#payAnswer(session, bet.bet_id);
  }

  async #payAnswer(session: StudioSession, betId: string) {
    const delivered = await this.#deliver(betId);
    const balance =
      session.mode === 'trial' ? await trialBalance(this.#db, session.id) : await this.#realBalance(session);
    return { bet: await this.#myBet(betId), balance, winPending: !delivered };
  }

  async #realBalance(session: StudioSession): Promise<number | null> {
    const answer = await this.#deps.wallet.balance(session.vendor, { token: session.token, player: session.player });
    return answer.kind === 'ok' ? answer.balance : null;
  }

  async #myBet(betId: string): Promise<MyCrashBet> {
    const [bet] = await this.#bets({ betId });
    if (!bet) throw new Error(`crash bet ${betId} vanished`);
    return bet;
  }

  /** The player's latest bets (newest first). */
  myBets(session: StudioSession, limit = 10): Promise<MyCrashBet[]> {
    return this.#bets({ session, limit });
  }

  /** One bet by id, or a player's latest bets: one query either way. */
  async #bets(by: { betId: string } | { session: StudioSession; limit: number }): Promise<MyCrashBet[]> {
    const rows = await crashBets(this.#db, 'betId' in by ? by : { owner: by.session, limit: by.limit });
    return rows.map((b) => ({
      betId: b.bet_id,
      roundId: b.crash_round_id,
      amount: b.amount,
      autoCashout: b.auto_cashout,
      cashout: b.cashout,
      win: b.win,
      status: b.status,
    }));
  }

  // ---- deliveries ----

  /** Delivers what a bet is owed (its win, 0 for a loss, when settling; its rollback when rolling back). */
  #deliver(betId: string): Promise<boolean> {
    return deliverBet(this.#deps, 'studio_crash_bets', betId);
  }

  /** Delivers due wins and rollbacks; a bet left without its wallet answer is rolled back. */
  recover(): Promise<{ delivered: number; failed: number }> {
    return deliverDueBets(this.#deps, 'studio_crash_bets');
  }

  // ---- what every page sees ----

  async state(): Promise<CrashState> {
    const now = this.#deps.now();
    const round = await this.#currentRound();
    const history = await crashHistory(this.#db, HISTORY);
    if (!round) return { serverNow: now.toISOString(), round: null, bets: [], history: [] };
    const chain = await this.#chain(round.chain_id);
    const crashed = round.phase === 'crashed';
    const bets = await shownCrashBets(this.#db, round.id);
    return {
      serverNow: now.toISOString(),
      round: {
        id: round.id,
        phase: round.phase,
        bettingEndsAt: new Date(round.betting_ends_at).toISOString(),
        startedAt: iso(round.started_at),
        crashPoint: crashed ? round.crash_point : null,
        crashedAt: iso(round.crashed_at),
        hash: crashed ? round.round_hash : null,
        previousHash: round.previous_hash,
        terminatingHash: chain.terminatingHash,
        salt: chain.salt,
      },
      bets: bets.map((b) => ({
        player: maskPlayer(b.player),
        amount: b.amount,
        currency: b.currency,
        cashout: b.cashout,
        win: b.win,
        status: b.cashout ? 'cashed_out' : b.status === 'open' ? 'in' : 'lost',
      })),
      history: history.map((h) => ({ id: h.id, crashPoint: h.crash_point, hash: h.round_hash })),
    };
  }

  /** Adds a page's socket; answers the unsubscribe function. The page gets the state at once. */
  subscribe(send: (message: string) => void): () => void {
    const off = this.#listeners.add(send);
    this.#loop.wake();
    void this.state()
      .then((s) => StateFeed.sendTo(send, s))
      .catch(() => undefined);
    return off;
  }

  /** Sends the state when it changed, and at least every second (the pages re-sync their clocks). */
  async #broadcast(): Promise<void> {
    this.#listeners.publish(await this.state());
  }
}

/** Public check of a crash round: the chain link and the crash point recomputed from the hash. */
export function verifyCrash(input: { hash: string; previousHash?: string | undefined; salt?: string | undefined }) {
  const salt = input.salt ?? CRASH_DEFAULT_SALT;
  return {
    hash: input.hash,
    crashPoint: crashPoint(input.hash, salt),
    salt,
    linkMatches: input.previousHash ? verifyChainLink(input.hash, input.previousHash) : null,
  };
}
