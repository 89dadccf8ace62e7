// The card room benchmark's studio (bench/pvp-room.ts starts it, pinned to one core): the house
// studio as `npm run start:studio` runs it (Fastify, the studio plugin with its card room routes,
// room and clock at their production timing, its own database: PGlite on disk, or PostgreSQL when
// given a URL), with the fake platform wallet (the sportsbook tests' FakeWallet, idempotent on
// transaction ids like the platform's) answering its signed wallet calls in this process. The
// other games' loops (crash, live tables, the sportsbook's book) are off so the core is the card
// room's alone. Driven over IPC: tables opened through the room's createTable (as an operator's
// tables are), members' launch tokens, this process's CPU and event-loop delay, the hands played,
// and the money totals for the conservation check.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { chipsOnTable } from '../../apps/studio/src/cardroom/engine/table';
import type { TableState } from '../../apps/studio/src/cardroom/engine/types';
import type { PvpTableSettings } from '../../apps/studio/src/cardroom/room/room';
import { type StudioRuntime, studioPlugin } from '../../apps/studio/src/plugin';
import { FakeWallet, HOUSE } from '../../apps/studio/src/sportsbook/book/test-fixture';

export type StudioOrder =
  | { kind: 'tables'; tables: PvpTableSettings[] }
  | { kind: 'players'; count: number; balance: number }
  | { kind: 'cpu' }
  | { kind: 'hands' }
  | { kind: 'totals'; settleMs: number }
  | { kind: 'exit' };

export type MoneyTotals = {
  /** What the members' wallet balances fell by (the fake wallet's own figures). */
  walletNet: number;
  /** Buy-ins and top-ups the studio took (its transfers answered OK). */
  taken: number;
  /** Cash-outs and returns the studio paid back (answered OK). */
  paid: number;
  /** Cash-outs and returns recorded but not yet answered by the wallet. */
  owed: number;
  /** Buy-ins and top-ups still under way (no answer yet). */
  takingNow: number;
  rake: number;
  /** Stacks, pots of live hands, and top-ups held for the end of a hand. */
  onTables: number;
  seated: number;
};

export type StudioReport =
  | { kind: 'ready'; url: string; store: 'pglite' | 'postgres' }
  | { kind: 'tables'; created: number }
  | { kind: 'players'; players: { player: string; token: string }[] }
  /** CPU µs (user + system, every thread) since start; the event loop's delay since the last reading. */
  | { kind: 'cpu'; cpuUs: number; loopP99Ms: number; loopMaxMs: number }
  | { kind: 'hands'; over: number; actions: number }
  | { kind: 'totals'; totals: MoneyTotals };

const send = (report: StudioReport) => process.send?.(report);

async function main() {
  const databaseUrl = process.env.PVP_BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.PVP_BENCH_DATA_DIR ?? '';
  const wallet = new FakeWallet();
  let runtime: StudioRuntime | undefined;
  const app = Fastify();
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://platform.test',
    houseSecret: HOUSE,
    databaseUrl,
    dataDir,
    fetch: wallet.fetch,
    crash: { tickMs: 0 },
    tables: { tickMs: 0 },
    sportsbook: { tickMs: 0 },
    pvpDemoTables: false,
    onStart: (r) => {
      runtime = r;
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  if (!runtime) throw new Error('the studio did not start');
  const rt = runtime;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let nextPlayer = 1;
  let funded = 0;
  const players: string[] = [];

  const totals = async (): Promise<MoneyTotals> => {
    const transfers = await rt.db
      .selectFrom('studio_pvp_transfers')
      .select(['kind', 'status', sql<number>`coalesce(sum(amount), 0)::bigint`.as('amount')])
      .groupBy(['kind', 'status'])
      .execute();
    const sum = (kinds: string[], statuses: string[]) =>
      transfers
        .filter((t) => kinds.includes(t.kind) && statuses.includes(t.status))
        .reduce((s, t) => s + Number(t.amount), 0);
    const rake = await rt.db
      .selectFrom('studio_pvp_hands')
      .select(sql<number>`coalesce(sum(rake), 0)::bigint`.as('rake'))
      .where('status', '=', 'over')
      .executeTakeFirstOrThrow();
    const tables = await rt.db.selectFrom('studio_pvp_tables').select('state').where('game', '=', 'holdem').execute();
    const held = await rt.db
      .selectFrom('studio_pvp_seats')
      .select([
        sql<number>`coalesce(sum(pending_top_up), 0)::bigint`.as('pending'),
        sql<number>`count(*) filter (where status = 'seated')::int`.as('seated'),
      ])
      .where('status', '!=', 'closed')
      .executeTakeFirstOrThrow();
    const balances = players.reduce((s, p) => s + (wallet.balances.get(p) ?? 0), 0);
    return {
      walletNet: funded - balances,
      taken: sum(['buy_in', 'top_up'], ['ok']),
      paid: sum(['cash_out', 'return'], ['ok']),
      owed: sum(['cash_out', 'return'], ['pending']),
      takingNow: sum(['buy_in', 'top_up'], ['pending', 'rolling_back']),
      rake: Number(rake.rake),
      onTables: tables.reduce((s, t) => s + chipsOnTable(t.state as TableState), 0) + Number(held.pending),
      seated: Number(held.seated),
    };
  };

  process.on('message', (order: StudioOrder) => {
    void (async () => {
      switch (order.kind) {
        case 'tables': {
          let created = 0;
          for (const t of order.tables) if (await rt.pvp.createTable(t)) created++;
          send({ kind: 'tables', created });
          return;
        }
        case 'players': {
          const made = [];
          for (let i = 0; i < order.count; i++) {
            const player = `b${nextPlayer++}`;
            made.push({ player, token: wallet.player(player, order.balance) });
            players.push(player);
            funded += order.balance;
          }
          send({ kind: 'players', players: made });
          return;
        }
        case 'cpu': {
          const cpu = process.cpuUsage();
          send({
            kind: 'cpu',
            cpuUs: cpu.user + cpu.system,
            loopP99Ms: delay.percentile(99) / 1e6,
            loopMaxMs: delay.max / 1e6,
          });
          delay.reset();
          return;
        }
        case 'hands': {
          const row = await rt.db
            .selectFrom('studio_pvp_hands')
            .select([
              sql<number>`count(*)::int`.as('over'),
              sql<number>`coalesce(sum(actions), 0)::bigint`.as('actions'),
            ])
            .where('status', '=', 'over')
            .executeTakeFirstOrThrow();
          send({ kind: 'hands', over: Number(row.over), actions: Number(row.actions) });
          return;
        }
        case 'totals': {
          // The cash-outs of the last leaves are delivered right after their commit, or by the
          // clock within 2 s: wait for them (bounded) so the totals are settled ones.
          const until = Date.now() + order.settleMs;
          let t = await totals();
          while ((t.owed > 0 || t.takingNow > 0) && Date.now() < until) {
            await new Promise((resolve) => setTimeout(resolve, 250));
            t = await totals();
          }
          send({ kind: 'totals', totals: t });
          return;
        }
        case 'exit':
          await app.close();
          process.exit(0);
      }
    })().catch((err: unknown) => {
      console.error('pvp bench studio:', err);
      process.exit(1);
    });
  });
  send({ kind: 'ready', url, store: databaseUrl ? 'postgres' : 'pglite' });
}

await main();
