// The card room's tables per core: how many full Hold'em tables, a hand about every 30 s
// at each, one studio process on one core carries, and the round trip of a player's move, beside a
// bare `ws` reference measured in the same run.
//
// The studio (bench/support/pvp-studio.ts: Fastify, the studio plugin's card room routes, room and
// clock at their production timing, PGlite on disk as the studio keeps its data without
// STUDIO_DATABASE_URL, or PostgreSQL with --store postgres and DATABASE_URL) runs in a child
// process pinned to core 1 (taskset), with the fake platform wallet answering its wallet calls in
// that process. This process, pinned to core 0, opens the tables through the room's createTable
// (6-seat no-limit, blinds 50/100, buy-in 2,000-10,000, rake 5% capped at 300) and fills every seat
// with a simulated member: its own launch (GET /studio/play, a real-money session), its own
// WebSocket /studio/ws/pvp, a `sit` with a 10,000 buy-in, and a `top-up` when busted. On its turn a
// member waits a think time (400 ms plus an exponential draw, mean --think-ms in all, capped at
// 12 s so that no turn runs out) and sends a random legal move from the view's `you.legal`, seeded
// per member: facing a bet 15% fold, 10% raise, 3% all-in, else call; with nothing to call 15% bet,
// 3% all-in, else check (raises and all-ins only where the view's `canRaise` allows one).
//
// The tables are added in steps (--steps, cumulative table counts). Each step: the new tables'
// members launched and seated, --warmup seconds, then --duration seconds measured: hands completed
// (the studio's hand rows), moves answered, the studio process's CPU (process.cpuUsage, all its
// threads) as a share of its one core, its event-loop delay, how long its event-loop thread ran and
// how long it was ready but waited for the core (/proc schedstat: on a shared machine the other
// processes on that core show there, and the latencies carry their share), and per move the round
// trip from sending `act` to its `act-result` and to the first table view above the version acted
// on (the room publishes the view before it answers). Stepping stops once the studio's core is
// saturated (--stop-cpu), the p99 passes --stop-p99 (ten times the aim), or the studio falls behind
// (its hands 15% slower than at the first step). The verdict: the largest step under the CPU and p99 aims, and
// a linear extrapolation of the CPU from the studio with no table to the largest step that kept up.
// At the largest step the members then wait 10 s without moving: the studio's CPU then is the
// tables' fixed cost (the clock's passes under the tables' leases, the seats' presence, the pages'
// feeds). Then every member leaves (moves without think time until the hand ends), the money is
// checked (buy-ins and top-ups taken = cash-outs paid + rake + chips still on the tables, and the
// wallet's balances fell by the same) with every move answered, and the studio stops.
//
// The reference then runs on the same core (bench/support/pvp-ws-reference.ts): for each step
// reached, the same number of sockets and tables, each table's moves sent one at a time at the rate
// measured at that step, each answered by a table view (the studio's own text of one, of the mean
// size) to the table's sockets and the act's answer to the sender.
//
// Run: node --import tsx bench/pvp-room.ts [--quick] [--steps 25,50,75,100,125]
//        [--duration 40] [--warmup 10] [--ref-duration 15] [--seats 6] [--think-ms 1300]
//        [--aim-p99 100] [--aim-cpu 80] [--stop-cpu 95] [--stop-p99 1000] [--seed 2026]
//        [--store pglite|memory|postgres]
// --store memory: PGlite in memory, to tell the file writes' share. --store postgres: a throwaway
// database on DATABASE_URL's server (bash scripts/pg-cluster.sh start /tmp/pg-pvp 56108), whose CPU
// (not pinned) is reported beside the studio's and counted with it in the verdict.
// --quick: 3 then 6 tables, 2 s warm-up + 6 s each, think time 600 ms (a hand about every 12 s), the
// reference 3 s a step: a smoke run of under a minute. The file limit must cover a socket per seat.
// The members' sockets and the reference's are open at different times, never together.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { PvpTableSettings } from '../apps/studio/src/cardroom/room/room';
import type { PvpTableView } from '../apps/studio/src/cardroom/room/view';
import type { Rng } from '../apps/studio/src/kit/fair/rng';
import { createSimRng } from '../apps/studio/src/kit/fair/sim-rng';
import { createBenchDatabase } from './support/database';
import { loadAverage, percentile } from './support/measure';
import { postgresCpu } from './support/postgres-stats';
import type { MoneyTotals, StudioOrder, StudioReport } from './support/pvp-studio';
import type { PvpReferenceOrder, PvpReferenceReport } from './support/pvp-ws-reference';

type WsClient = {
  readyState: number;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  send(data: string): void;
  close(): void;
};
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { perMessageDeflate: boolean }) => WsClient;
};

// ---- flags

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const flag = (name: string, normal: string, whenQuick = normal) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : quick ? whenQuick : normal;
};
const STEPS = flag('--steps', '25,50,75,100,125', '3,6').split(',').map(Number);
const DURATION = Number(flag('--duration', '40', '6'));
const WARMUP = Number(flag('--warmup', '10', '2'));
const REF_DURATION = Number(flag('--ref-duration', '15', '3'));
/** The reference's warm-up before each of its steps. */
const REF_WARMUP = Math.min(WARMUP, 5);
const SEATS = Number(flag('--seats', '6'));
const THINK_MS = Number(flag('--think-ms', '1300', '600'));
const AIM_P99 = Number(flag('--aim-p99', '100'));
const AIM_CPU = Number(flag('--aim-cpu', '80'));
const STOP_CPU = Number(flag('--stop-cpu', '95'));
const STOP_P99 = Number(flag('--stop-p99', String(AIM_P99 * 10)));
const SEED = Number(flag('--seed', '2026'));
/** --store memory: PGlite in memory (no file writes), to tell the disk's share from the rest. */
const STORE = flag('--store', 'pglite');
for (const [name, v] of Object.entries({ DURATION, WARMUP, REF_DURATION, SEATS, THINK_MS, AIM_P99, AIM_CPU })) {
  if (!Number.isFinite(v) || v < 0) throw new Error(`bad value for ${name}`);
}
if (STEPS.some((s, i) => !Number.isInteger(s) || s < 1 || (i > 0 && s <= STEPS[i - 1]!))) {
  throw new Error('--steps: rising table counts, such as 25,50,100');
}
if (SEATS < 2 || SEATS > 9) throw new Error('--seats: 2 to 9');
if (STORE !== 'pglite' && STORE !== 'postgres' && STORE !== 'memory')
  throw new Error('--store: pglite, memory or postgres');

const MIN_THINK_MS = 400;
const MAX_THINK_MS = 12_000;
const BUY_IN = 10_000;
const TABLE: Omit<PvpTableSettings, 'id' | 'name'> = {
  betting: 'no-limit',
  seats: SEATS,
  smallBlind: 50,
  bigBlind: 100,
  minBuyIn: 2_000,
  maxBuyIn: 10_000,
  rake: { basisPoints: 500, cap: 300 },
  currency: 'PHP',
};
/** The card room's demo vendor and PVP game (game-map.ts): a launch of it opens a card room session. */
const VENDOR = 'KX';
const GAME = 'PVP-001';

const nowMs = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

/** A think time: MIN_THINK_MS plus an exponential draw, `mean` in all before the cap. */
function thinkTime(rng: Rng, mean: number): number {
  const extra = Math.max(0, mean - MIN_THINK_MS);
  return Math.min(MAX_THINK_MS, MIN_THINK_MS - Math.log(1 - rng.next()) * extra);
}

// ---- processes

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return availableParallelism() >= 2;
  } catch {
    return false;
  }
}
const PINNED = hasTaskset();

/** A child process on core 1 (when taskset is there), with its IPC reports taken in order by kind. */
class Child<O, R extends { kind: string }> {
  readonly #waiting = new Map<string, ((r: R) => void)[]>();
  readonly #early: R[] = [];
  private constructor(readonly process: ChildProcess) {
    process.on('message', (r: R) => {
      const w = this.#waiting.get(r.kind)?.shift();
      if (w) w(r);
      else this.#early.push(r);
    });
  }

  static start<O, R extends { kind: string }>(file: string, env: Record<string, string>): Child<O, R> {
    const script = new URL(file, import.meta.url).pathname;
    const node = [process.execPath, '--import', 'tsx', script];
    const child = PINNED
      ? spawn('taskset', ['-c', '1', ...node], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env })
      : spawn(node[0]!, node.slice(1), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) console.error(`${file} exited with ${code}`);
    });
    return new Child<O, R>(child);
  }

  next<K extends R['kind']>(kind: K): Promise<Extract<R, { kind: K }>> {
    const i = this.#early.findIndex((r) => r.kind === kind);
    if (i >= 0) return Promise.resolve(this.#early.splice(i, 1)[0] as Extract<R, { kind: K }>);
    return new Promise((resolve) => {
      const list = this.#waiting.get(kind) ?? [];
      list.push(resolve as (r: R) => void);
      this.#waiting.set(kind, list);
    });
  }

  ask<K extends R['kind']>(order: O, kind: K): Promise<Extract<R, { kind: K }>> {
    const answer = this.next(kind);
    this.process.send(order as object);
    return answer;
  }

  async stop(order: O): Promise<void> {
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.send(order as object);
    await Promise.race([exited, sleep(15_000)]);
  }
}

// ---- what is measured per step

type Stats = {
  measuring: boolean;
  answer: number[];
  view: number[];
  sent: number;
  applied: number;
  notApplied: number;
  refused: Map<string, number>;
};
const newStats = (): Stats => ({
  measuring: false,
  answer: [],
  view: [],
  sent: 0,
  applied: 0,
  notApplied: 0,
  refused: new Map(),
});
let stats = newStats();
/** The studio's CPU % with no table open. */
let baseCpu = 0;
/** Members wait instead of moving (the clock's own cost is measured then). */
let paused = false;
/** Every move over the whole run: sent, and answered (the "no move lost" check). */
const run = { sent: 0, answered: 0, late: 0, sitRefused: new Map<string, number>(), viewBytes: 0, views: 0 };
const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
/** A view text the studio sent (for the reference), the one nearest the mean size seen so far. */
let sampleView = '';

type Answer = {
  type: string;
  id?: string;
  seq?: number;
  ok: boolean;
  applied?: boolean;
  error?: { code: string; detail?: { reason?: string } | null };
};
/** A refusal's code, with the engine's reason when there is one. */
const refusal = (a: Answer) => [a.error?.code ?? 'unknown', a.error?.detail?.reason].filter(Boolean).join(' ');

/** One simulated member at one seat. */
class Member {
  ws: WsClient | undefined;
  view: PvpTableView | null = null;
  seq = 0;
  inFlight: { seq: number; t0: number; version: number; viewSeen: boolean } | null = null;
  thinking: NodeJS.Timeout | null = null;
  requests = 0;
  /** A sit or top-up under way (one at a time). */
  asking = false;
  leaving = false;
  leaveSent = false;
  gone: (() => void) | null = null;
  readonly rng: Rng;

  constructor(
    readonly tableId: string,
    readonly seat: number,
    readonly token: string,
    index: number,
  ) {
    this.rng = createSimRng(SEED * 7919 + index);
  }

  open(wsBase: string): Promise<void> {
    const ws = new WebSocket(`${wsBase}/studio/ws/pvp?token=${this.token}&table=${this.tableId}&lang=en`, {
      perMessageDeflate: false,
    });
    this.ws = ws;
    ws.on('message', (data) => this.#onMessage(data));
    ws.on('close', () => {
      if (!this.leaving) console.error(`socket of ${this.tableId} seat ${this.seat} closed`);
    });
    return new Promise((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
  }

  #send(message: object) {
    this.ws?.send(JSON.stringify(message));
  }

  #onMessage(data: Buffer) {
    const text = data.toString('utf8');
    const msg = JSON.parse(text) as { type: string; data?: PvpTableView } & Answer;
    if (msg.type === 'table' && msg.data) {
      run.views++;
      run.viewBytes += text.length;
      if (Math.abs(text.length - run.viewBytes / run.views) < Math.abs(sampleView.length - run.viewBytes / run.views)) {
        sampleView = text;
      }
      if (this.view && msg.data.version < this.view.version) return;
      this.view = msg.data;
      const f = this.inFlight;
      if (f && !f.viewSeen && msg.data.version > f.version) {
        f.viewSeen = true;
        if (stats.measuring) stats.view.push(nowMs() - f.t0);
      }
      this.#decide();
      return;
    }
    if (msg.type === 'act-result') {
      const f = this.inFlight;
      if (!f || msg.seq !== f.seq) return;
      this.inFlight = null;
      run.answered++;
      if (stats.measuring) {
        stats.answer.push(nowMs() - f.t0);
        if (!msg.ok) count(stats.refused, refusal(msg));
        else if (msg.applied) stats.applied++;
        else stats.notApplied++;
      }
      this.#decide();
      return;
    }
    if (msg.type === 'sit-result' || msg.type === 'top-up-result' || msg.type === 'leave-result') {
      this.asking = false;
      if (!msg.ok) count(run.sitRefused, `${msg.type}: ${refusal(msg)}`);
      this.#decide();
    }
  }

  #decide() {
    const v = this.view;
    if (!v || this.inFlight || this.thinking) return;
    const mine = v.you.seat;
    if (this.leaving) {
      if (mine === null) {
        this.gone?.();
        this.gone = null;
        return;
      }
      if (!this.leaveSent) {
        this.leaveSent = true;
        this.#send({ type: 'leave', id: `r${++this.requests}` });
      }
      if (v.you.legal && v.hand?.toAct === mine) this.#act();
      return;
    }
    if (mine === null) {
      if (!this.asking) {
        this.asking = true;
        this.#send({ type: 'sit', id: `r${++this.requests}`, seat: this.seat, buyIn: BUY_IN });
      }
      return;
    }
    const stack = v.seats[mine]?.stack ?? 0;
    const inHand = v.hand !== null && !v.hand.over && v.hand.players.some((p) => p.seat === mine);
    if (stack === 0 && !inHand && v.you.pendingTopUp === 0 && !this.asking) {
      // Busted: buys back in to the full stack.
      this.asking = true;
      this.#send({ type: 'top-up', id: `r${++this.requests}`, amount: BUY_IN });
      return;
    }
    if (v.you.legal && v.hand?.toAct === mine && !paused) {
      this.thinking = setTimeout(
        () => {
          this.thinking = null;
          this.#act();
        },
        thinkTime(this.rng, THINK_MS),
      );
    }
  }

  #act() {
    const v = this.view;
    const legal = v?.you.legal;
    if (paused && !this.leaving) return;
    if (!v || !legal || v.hand?.toAct !== v.you.seat || this.inFlight) return this.#decide();
    const roll = this.rng.next();
    let action: { type: string; to?: number };
    if (this.leaving) action = { type: legal.canCheck ? 'check' : 'fold' };
    else if (legal.canCheck) {
      if (roll < 0.03 && legal.canRaise) action = { type: 'allIn' };
      else if (roll < 0.18 && legal.canRaise) action = { type: 'bet', to: this.#raiseTo(legal) };
      else action = { type: 'check' };
    } else if (roll < 0.15) action = { type: 'fold' };
    else if (roll < 0.18 && legal.canRaise) action = { type: 'allIn' };
    else if (roll < 0.28 && legal.canRaise) action = { type: 'raise', to: this.#raiseTo(legal) };
    else action = { type: 'call' };
    const seq = ++this.seq;
    this.inFlight = { seq, t0: nowMs(), version: v.version, viewSeen: false };
    run.sent++;
    if (stats.measuring) stats.sent++;
    this.#send({ type: 'act', seq, action });
  }

  /** Between the smallest raise and twice it (within the stack). */
  #raiseTo(legal: NonNullable<PvpTableView['you']['legal']>): number {
    const top = Math.min(legal.maxRaiseTo, legal.minRaiseTo * 2);
    return legal.minRaiseTo + this.rng.int(Math.max(1, top - legal.minRaiseTo + 1));
  }

  resume() {
    this.#decide();
  }

  /** Leaves the seat: moves at once (check or fold) until the hand ends, then the leave is done. */
  leave(): Promise<void> {
    return new Promise((resolve) => {
      this.leaving = true;
      this.gone = resolve;
      if (this.thinking) {
        clearTimeout(this.thinking);
        this.thinking = null;
      }
      this.#decide();
    });
  }
}

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

// ---- the run

type StepRow = {
  tables: number;
  seats: number;
  seconds: number;
  hands: number;
  actionsPerHand: number;
  moves: number;
  cpu: number;
  pgCpu: number | undefined;
  loopP99: number;
  /** The event-loop thread: % of the wall time on a core, and ready but waiting for one. */
  mainRun: number;
  mainWait: number;
  answer: number[];
  view: number[];
  refused: Map<string, number>;
  notApplied: number;
  sent: number;
  ref?: { cpu: number; answer: number[]; view: number[]; moves: number };
};

type Studio = Child<StudioOrder, StudioReport>;
type Reference = Child<PvpReferenceOrder, PvpReferenceReport>;

/**
 * The studio's event-loop thread from /proc/<pid>/task/<pid>/schedstat: ns on a core, and ns ready
 * but waiting for one (the core taken by other processes). Wall time beyond both is the thread
 * idle or blocked (a synchronous file write, for one). Zeros off Linux.
 */
function schedOf(pid: number | undefined): { runNs: number; waitNs: number } {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return { runNs: Number(run), waitNs: Number(wait) };
  } catch {
    return { runNs: 0, waitNs: 0 };
  }
}

async function cpuOf(studio: Studio) {
  const r = await studio.ask({ kind: 'cpu' }, 'cpu');
  return { at: nowMs(), cpuUs: r.cpuUs, loopP99: r.loopP99Ms, ...schedOf(studio.process.pid) };
}

async function addTables(studio: Studio, from: number, to: number, wsBase: string, members: Member[]) {
  const tables: PvpTableSettings[] = [];
  for (let i = from; i < to; i++) tables.push({ ...TABLE, id: `bench-${i}`, name: `Bench ${i}` });
  await studio.ask({ kind: 'tables', tables }, 'tables');
  const { players } = await studio.ask(
    { kind: 'players', count: tables.length * SEATS, balance: 1_000_000_000 },
    'players',
  );
  const added: Member[] = [];
  for (const [k, t] of tables.entries()) {
    for (let seat = 0; seat < SEATS; seat++) {
      const p = players[k * SEATS + seat]!;
      added.push(new Member(t.id, seat, p.token, members.length + added.length));
    }
  }
  const httpBase = wsBase.replace('ws', 'http');
  await pool(added, 8, async (m) => {
    // The member's launch: the studio asks the wallet for the token's player and opens a session.
    const page = await fetch(`${httpBase}/studio/play?token=${m.token}&game=${GAME}&vendor=${VENDOR}&mode=real`);
    if (page.status !== 200) throw new Error(`launch answered ${page.status}: ${await page.text()}`);
    await page.arrayBuffer();
    await m.open(wsBase);
  });
  members.push(...added);
  // Seated: every new member's view shows its seat.
  const until = nowMs() + 60_000;
  while (added.some((m) => m.view?.you.seat === null || m.view === null) && nowMs() < until) await sleep(100);
  const missing = added.filter((m) => m.view?.you.seat === null || m.view === null).length;
  if (missing > 0) throw new Error(`${missing} members not seated after 60 s`);
}

/** A reference socket: every message parsed (as a member parses the studio's), then handed to its waiter. */
type RefSocket = { ws: WsClient; waiter: ((type: string) => void) | null };

async function referenceStep(ref: Reference, sockets: RefSocket[][], row: StepRow, wsUrl: string): Promise<void> {
  const tables = row.tables;
  while (sockets.length < tables) {
    const table: RefSocket[] = [];
    const id = `bench-${sockets.length}`;
    for (let seat = 0; seat < SEATS; seat++) {
      const ws = new WebSocket(`${wsUrl}?token=x&table=${id}&lang=en`, { perMessageDeflate: false });
      const s: RefSocket = { ws, waiter: null };
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString('utf8')) as { type: string };
        s.waiter?.(msg.type);
      });
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      table.push(s);
    }
    sockets.push(table);
  }
  // Each table's moves one at a time, at the studio step's rate per table.
  const perTable = row.moves / row.seconds / tables;
  const meanGap = perTable > 0 ? 1000 / perTable : 1000;
  const answer: number[] = [];
  const view: number[] = [];
  let moves = 0;
  let measuring = false;
  const start = nowMs();
  const measureFrom = start + REF_WARMUP * 1000;
  const end = measureFrom + REF_DURATION * 1000;
  const loops = sockets.slice(0, tables).map(async (table, t) => {
    const rng = createSimRng(SEED * 31 + t);
    let turn = 0;
    let seq = 0;
    while (nowMs() < end) {
      await sleep(thinkTime(rng, meanGap));
      if (nowMs() >= end) break;
      const s = table[turn++ % table.length]!;
      const t0 = nowMs();
      let viewAt = 0;
      const answered = new Promise<void>((resolve) => {
        s.waiter = (type) => {
          if (type === 'table' && viewAt === 0) viewAt = nowMs();
          if (type === 'act-result') {
            s.waiter = null;
            resolve();
          }
        };
      });
      s.ws.send(JSON.stringify({ type: 'act', seq: ++seq, action: { type: 'call' } }));
      await answered;
      if (measuring) {
        moves++;
        answer.push(nowMs() - t0);
        if (viewAt > 0) view.push(viewAt - t0);
      }
    }
  });
  await sleep(measureFrom - nowMs());
  measuring = true;
  const c0 = await ref.ask({ kind: 'cpu' }, 'cpu');
  const at0 = nowMs();
  await sleep(end - nowMs());
  const c1 = await ref.ask({ kind: 'cpu' }, 'cpu');
  const seconds = (nowMs() - at0) / 1000;
  measuring = false;
  await Promise.all(loops);
  answer.sort((a, b) => a - b);
  view.sort((a, b) => a - b);
  row.ref = { cpu: (c1.cpuUs - c0.cpuUs) / 1e4 / seconds, answer, view, moves: moves / seconds };
}

function tablesLine(rows: StepRow[]) {
  const q = (xs: number[]) => `${f1(percentile(xs, 50))} / ${f1(percentile(xs, 99))} / ${f0(xs.at(-1) ?? 0)}`;
  console.log(
    '| tables | seats | hands/s | s per hand a table | moves/s | moves a hand | studio CPU % of its core | loop thread on a core / waiting for it % | loop delay p99 ms | act→answer p50 / p99 / max ms | act→view p50 / p99 / max ms | ref CPU % | ref act→answer p50 / p99 / max ms | ref act→view p50 / p99 ms |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const handsPerS = r.hands / r.seconds;
    const ref = r.ref
      ? `${f0(r.ref.cpu)} | ${q(r.ref.answer)} | ${f1(percentile(r.ref.view, 50))} / ${f1(percentile(r.ref.view, 99))}`
      : '- | - | -';
    const pg = r.pgCpu === undefined ? '' : ` (+ PostgreSQL ${f0(r.pgCpu)})`;
    console.log(
      `| ${r.tables} | ${r.tables * SEATS} | ${f2(handsPerS)} | ${handsPerS > 0 ? f1(secondsPerHand(r)) : '-'} | ${f1(r.moves / r.seconds)} | ${f1(r.actionsPerHand)} | ${f0(r.cpu)}${pg} | ${f0(r.mainRun)} / ${f0(r.mainWait)} | ${f1(r.loopP99)} | ${q(r.answer)} | ${q(r.view)} | ${ref} |`,
    );
  }
}

async function main() {
  if (PINNED) execFileSync('taskset', ['-a', '-pc', '0', String(process.pid)], { stdio: 'ignore' });
  console.log(
    `PVP card room, tables per core: ${SEATS}-seat no-limit tables, steps ${STEPS.join(', ')}, ${WARMUP} s warm-up + ${DURATION} s a step, think time mean ${THINK_MS} ms, store ${STORE}, ${PINNED ? 'studio and reference pinned to core 1, members on core 0' : 'not pinned (no taskset or one core)'}`,
  );
  console.log(`started ${new Date().toISOString()}, load average ${loadAverage()}`);
  const dataDir = STORE === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'gh-pvpbench-')) : '';
  let database: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  if (STORE === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url)
      throw new Error('--store postgres needs DATABASE_URL (bash scripts/pg-cluster.sh start /tmp/pg-pvp 56108)');
    database = await createBenchDatabase(url);
  }
  const env = {
    ...process.env,
    PVP_BENCH_DATA_DIR: dataDir,
    PVP_BENCH_DATABASE_URL: database?.url ?? '',
  } as Record<string, string>;
  const studio: Studio = Child.start('./support/pvp-studio.ts', env);
  const ready = await studio.next('ready');
  const wsBase = ready.url.replace('http', 'ws');
  const postmaster = STORE === 'postgres' ? await postmasterPid(database!.url) : undefined;
  // The studio with no table: its own fixed cost (the other loops: the Tongits room's, wallet recovery).
  await sleep(2000);
  const b0 = await cpuOf(studio);
  const bpg0 = postgresCpu(postmaster);
  await sleep((quick ? 2 : 5) * 1000);
  const b1 = await cpuOf(studio);
  const bpg1 = postgresCpu(postmaster);
  const baseSeconds = (b1.at - b0.at) / 1000;
  baseCpu = (b1.cpuUs - b0.cpuUs) / 1e4 / baseSeconds;
  if (bpg0 !== undefined && bpg1 !== undefined) baseCpu += ((bpg1 - bpg0) * 100) / baseSeconds;
  console.log(`studio with no table: CPU ${f1(baseCpu)}% of a core`);
  const members: Member[] = [];
  const rows: StepRow[] = [];
  let tables = 0;
  for (const target of STEPS) {
    const t0 = nowMs();
    await addTables(studio, tables, target, wsBase, members);
    tables = target;
    console.log(`${tables} tables: ${tables * SEATS} members launched and seated in ${f1((nowMs() - t0) / 1000)} s`);
    await sleep(WARMUP * 1000);
    stats = newStats();
    const h0 = await studio.ask({ kind: 'hands' }, 'hands');
    const c0 = await cpuOf(studio);
    const pg0 = postgresCpu(postmaster);
    stats.measuring = true;
    await sleep(DURATION * 1000);
    stats.measuring = false;
    const c1 = await cpuOf(studio);
    const pg1 = postgresCpu(postmaster);
    const h1 = await studio.ask({ kind: 'hands' }, 'hands');
    const seconds = (c1.at - c0.at) / 1000;
    stats.answer.sort((a, b) => a - b);
    stats.view.sort((a, b) => a - b);
    const hands = h1.over - h0.over;
    const row: StepRow = {
      tables,
      seats: tables * SEATS,
      seconds,
      hands,
      actionsPerHand: hands > 0 ? (h1.actions - h0.actions) / hands : 0,
      moves: stats.applied,
      cpu: (c1.cpuUs - c0.cpuUs) / 1e4 / seconds,
      pgCpu: pg0 === undefined || pg1 === undefined ? undefined : ((pg1 - pg0) * 100) / seconds,
      loopP99: c1.loopP99,
      mainRun: (c1.runNs - c0.runNs) / 1e7 / seconds,
      mainWait: (c1.waitNs - c0.waitNs) / 1e7 / seconds,
      answer: stats.answer,
      view: stats.view,
      refused: stats.refused,
      notApplied: stats.notApplied,
      sent: stats.sent,
    };
    rows.push(row);
    const refused = [...row.refused].map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(
      `  ${f2(hands / seconds)} hands/s, ${f1(row.moves / seconds)} moves/s, studio CPU ${f0(row.cpu)}% (its loop thread waited for the core ${f0(row.mainWait)}% of the time), act→answer p99 ${f1(percentile(row.answer, 99))} ms${refused ? `, refused: ${refused}` : ''}, load ${loadAverage()}`,
    );
    if (row.cpu >= STOP_CPU || percentile(row.answer, 99) > STOP_P99 || !keptUp(rows, row)) {
      console.log(
        `  saturated (CPU ≥ ${STOP_CPU}%, p99 over ${STOP_P99} ms, or hands 15% slower than at the first step): no larger step`,
      );
      break;
    }
  }

  // The clock's own cost at the largest step: every member waits (well within the 15 s turn).
  const idleSeconds = quick ? 3 : 10;
  paused = true;
  await sleep(1000);
  const i0 = await cpuOf(studio);
  const ipg0 = postgresCpu(postmaster);
  await sleep(idleSeconds * 1000);
  const i1 = await cpuOf(studio);
  const ipg1 = postgresCpu(postmaster);
  paused = false;
  for (const m of members) m.resume();
  const idleSpan = (i1.at - i0.at) / 1000;
  const idleCpu = (i1.cpuUs - i0.cpuUs) / 1e4 / idleSpan;
  const idlePg = ipg0 === undefined || ipg1 === undefined ? undefined : ((ipg1 - ipg0) * 100) / idleSpan;
  const idleTotal = idleCpu + (idlePg ?? 0);
  const idleLine = `The clock alone at ${tables} tables (every member waiting ${idleSeconds} s, no moves: the tables' clock, the seats' presence, the pages' feeds): studio CPU ${f1(idleCpu)}%${idlePg === undefined ? '' : ` + PostgreSQL ${f1(idlePg)}%`}, ${f2(idleTotal / tables)}% a table.`;
  console.log(`  ${idleLine}`);

  // Everyone leaves; then the money and the moves are checked.
  const leaving = nowMs();
  await Promise.race([Promise.all(members.map((m) => m.leave())), sleep(90_000)]);
  const stillSeated = members.filter((m) => m.view?.you.seat !== null).length;
  const { totals } = await studio.ask({ kind: 'totals', settleMs: 20_000 }, 'totals');
  console.log(
    `all members left in ${f1((nowMs() - leaving) / 1000)} s${stillSeated > 0 ? ` (${stillSeated} still seated)` : ''}`,
  );
  printConservation(totals);
  for (const m of members) {
    m.leaving = true;
    m.ws?.close();
  }
  await studio.stop({ kind: 'exit' });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();

  // The reference on the same core, at each step's measured rate.
  const ref: Reference = Child.start('./support/pvp-ws-reference.ts', { ...process.env } as Record<string, string>);
  const listening = await ref.next('listening');
  ref.process.send({ kind: 'view', text: sampleView } satisfies PvpReferenceOrder);
  const sockets: RefSocket[][] = [];
  for (const row of rows) {
    await referenceStep(ref, sockets, row, listening.url);
    console.log(`  reference at ${row.tables} tables: act→answer p99 ${f1(percentile(row.ref!.answer, 99))} ms`);
  }
  for (const table of sockets) for (const s of table) s.ws.close();
  await ref.stop({ kind: 'exit' });

  console.log('');
  console.log(
    `Finished ${new Date().toISOString()}, load average ${loadAverage()}; table view ${f0(run.viewBytes / Math.max(1, run.views))} bytes on average (the reference sends one of ${sampleView.length})`,
  );
  tablesLine(rows);
  verdict(rows);
  console.log(idleLine);
  const lost = run.sent - run.answered;
  console.log(
    `Moves: ${run.sent} sent, ${run.answered} answered${lost === 0 ? ' (none lost)' : `, ${lost} WITHOUT AN ANSWER`}`,
  );
  const refusedAll = new Map<string, number>();
  for (const r of rows) for (const [k, n] of r.refused) refusedAll.set(k, (refusedAll.get(k) ?? 0) + n);
  if (refusedAll.size > 0)
    console.log(`Moves refused in the measured windows: ${[...refusedAll].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (run.sitRefused.size > 0)
    console.log(`Seat requests refused: ${[...run.sitRefused].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  process.exit(lost === 0 && conserved(totals) ? 0 : 1);
}

const conserved = (t: MoneyTotals) =>
  t.taken - t.paid === t.rake + t.onTables + t.owed && t.walletNet === t.taken - t.paid && t.takingNow === 0;

function printConservation(t: MoneyTotals) {
  const ok = conserved(t);
  console.log(
    `Money: buy-ins and top-ups ${t.taken} − cash-outs ${t.paid} = ${t.taken - t.paid}; rake ${t.rake} + chips on the tables ${t.onTables} + cash-outs owed ${t.owed} = ${t.rake + t.onTables + t.owed}; the wallet's balances fell by ${t.walletNet}${t.takingNow ? `; ${t.takingNow} of buy-ins still under way` : ''}: ${ok ? 'conserved' : 'NOT CONSERVED'} (${t.seated} seats still taken)`,
  );
}

/** The card room's CPU as a share of one core: the studio's, plus PostgreSQL's with --store postgres. */
const roomCpu = (r: StepRow) => r.cpu + (r.pgCpu ?? 0);

function verdict(rows: StepRow[]) {
  const passing = rows.filter((r) => roomCpu(r) < AIM_CPU && percentile(r.answer, 99) < AIM_P99);
  const what = STORE === 'postgres' ? "the studio's and PostgreSQL's CPU together" : "the studio's CPU";
  const best = passing.at(-1);
  console.log(
    best
      ? `Tables per core (measured): ${best.tables}, the largest step with ${what} under ${AIM_CPU}% of a core (${f0(roomCpu(best))}%) and the move's p99 under ${AIM_P99} ms (${f1(percentile(best.answer, 99))} ms).`
      : `Tables per core (measured): no step had ${what} under ${AIM_CPU}% of a core with the move's p99 under ${AIM_P99} ms.`,
  );
  // A step where the studio fell behind (hands slower than at the first step: its clock's passes
  // and the moves queued) used what CPU it got, not what the load needed: no basis for a slope.
  const basis = best ?? rows.filter((r) => r.cpu < STOP_CPU && keptUp(rows, r)).at(-1);
  if (basis && basis.hands > 0) {
    // The CPU a table adds: the slope from the studio with no table to this step (its fixed cost apart).
    const perTable = (roomCpu(basis) - baseCpu) / basis.tables;
    const cpuMsPerHand = ((roomCpu(basis) - baseCpu) * 10 * basis.seconds) / basis.hands;
    console.log(
      `Extrapolated (linear in CPU, from ${f1(baseCpu)}% with no table to ${f0(roomCpu(basis))}% at ${basis.tables} tables; latency not measured beyond): ${f2(perTable)}% of the core a table, ${f1(cpuMsPerHand)} ms of CPU a hand, so ${f0((AIM_CPU - baseCpu) / perTable)} tables at ${AIM_CPU}%.`,
    );
    if (basis.mainWait > 20) {
      console.log(
        `  (its loop thread waited for the core ${f0(basis.mainWait)}% of the time at that step: other processes shared the core, so take this as rough)`,
      );
    }
  }
}

/** Seconds between hands at a table. */
const secondsPerHand = (r: StepRow) => (r.hands > 0 ? r.tables / (r.hands / r.seconds) : Number.POSITIVE_INFINITY);

/** The studio kept up at step `r`: its hands came no more than 15% slower than at the first step. */
const keptUp = (rows: StepRow[], r: StepRow) =>
  rows[0] !== undefined && secondsPerHand(r) <= secondsPerHand(rows[0]) * 1.15;

/** The PostgreSQL server's postmaster, for its CPU beside the studio's. */
async function postmasterPid(url: string): Promise<number | undefined> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const stat = readFileSync(`/proc/${rows[0]?.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

await main();
