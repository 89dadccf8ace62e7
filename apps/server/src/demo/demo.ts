import { loopbackUrl, studioPlugin } from '../../../studio/src/plugin';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { recountAgentDaysFrom } from '../modules/agents/agent-stats.service';
import { settleContracts, windowOf } from '../modules/agents/settlement.service';
import { getBrand } from '../modules/brand/brand.service';
import { refreshPopularity } from '../modules/games/popularity.service';
import { recountDaysFrom } from '../modules/reports/reports.service';
import { DEMO_TEAM_USERNAMES } from '../seed/demo-accounts-seed';
import { demoContractsMade, makeDemoContracts } from './demo-contracts';
import { playDemoTeam } from './demo-play';
import { findDemoPlayers } from './demo-play.queries';
import { claimDemoRewards } from './demo-rewards';

// The demo's first start (demo mode only; main.ts; docs/agents.md "Demo"). So that the agent centre
// shows settled periods at once, agent01's team plays yesterday evening (brand time zone) and the
// contracts date from just before: a second instance of the application, on the same database, whose
// clock (and its studio's) is moved to those times, plays the rounds through the studio and the
// signed vendor wallet API, where the rounds, vendor transactions and ledger postings take the moved
// time (db/app-clock.ts, migration 0033). After the last game its members claim their mission and
// rebate, so the house pays them (the dividend base's deductions), dated the same way; the
// contracts are then made at the start of that evening. The real settlement then settles every
// finished window since, on the real clock. Each step runs once: a team that has played, or an
// agent01 with contracts, is left alone.

/** The play starts at this hour of yesterday in the brand's time zone, a game every GAME_STEP_MS. */
const START_HOUR = 18;
const GAME_STEP_MS = 10 * 60_000;
const FIRST_GAME_AFTER_MS = 5 * 60_000;

export type DemoResult = { rounds: number; rewards: number; contracts: number; statements: number };

/** Whether the first-start demo still has something to do (a cheap check before building an app). */
export async function demoPending(ctx: AppContext): Promise<boolean> {
  const team = (await findDemoPlayers(ctx.db, DEMO_TEAM_USERNAMES)).filter((m) => m.type === 0);
  const unplayed = team.length > 0 && !team.some((m) => m.played);
  return unplayed || !(await demoContractsMade(ctx));
}

/** The start of the demo's past evening: START_HOUR of yesterday in the brand's time zone. */
export async function demoStart(ctx: AppContext): Promise<Date> {
  const brand = await getBrand(ctx.db);
  const today = windowOf('daily', ctx.now(), brand.timeZone);
  const yesterday = windowOf('daily', new Date(today.start.getTime() - 1), brand.timeZone);
  return new Date(yesterday.start.getTime() + START_HOUR * 3600_000);
}

/** Runs the first-start demo on this (real-clock) context; nothing when it has run before. */
export async function runDemo(ctx: AppContext): Promise<DemoResult> {
  if (!(await demoPending(ctx))) return { rounds: 0, rewards: 0, contracts: 0, statements: 0 };
  const start = await demoStart(ctx);
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const moveTo = (at: Date) => {
    offset = at.getTime() - Date.now();
  };
  // The demo instance shares the database and the event bus; closing it must not close the bus.
  const events = new Proxy(ctx.events, {
    get(target, prop) {
      if (prop === 'close') return async () => {};
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const demoCtx: AppContext = { ...ctx, config: { ...ctx.config, logLevel: 'silent' }, now, events };
  const app = await buildApp(demoCtx, {
    // Its studio opens a database of its own in the background of a busy first start.
    pluginTimeout: 120_000,
    mount: (server) =>
      server.register(studioPlugin, {
        prefix: '/studio',
        platformUrl: () => loopbackUrl(server.server.address()),
        houseSecret: ctx.config.studioSecret,
        // On PostgreSQL the studio's tables are shared with the site's studio; the embedded
        // database's studio files are the running studio's, so this one keeps its own in memory.
        databaseUrl: ctx.config.databaseUrl,
        dataDir: '',
        now,
      }),
  });
  let rounds = 0;
  let rewards = 0;
  let rewardsFailed: unknown;
  let contracts = 0;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Rounds first, then the contracts dated before them: the settlement jobs of the running site
    // find no contract until every round of the evening is there, so no window is settled early.
    const played = await playDemoTeam(app, demoCtx, (n) => {
      moveTo(new Date(start.getTime() + FIRST_GAME_AFTER_MS + n * GAME_STEP_MS));
    });
    rounds = played.rounds;
    // After the last game the members claim their missions and rebates, once, with the play.
    if (rounds > 0) {
      moveTo(new Date(start.getTime() + FIRST_GAME_AFTER_MS + played.games * GAME_STEP_MS));
      try {
        rewards = await claimDemoRewards(demoCtx, played.memberIds);
      } catch (error) {
        // The contracts and their statements still come; the failure is reported at the end.
        rewardsFailed = error;
      }
    }
    moveTo(start);
    contracts = await makeDemoContracts(app, demoCtx);
  } finally {
    await app.close();
  }
  const statements = contracts > 0 ? await settleContracts(ctx) : 0;
  // The evening's rounds count at once in the lobby's popular order and HOT tags, not at the job's next run.
  if (rounds > 0) await refreshPopularity(ctx);
  // The evening's play is dated in the past, where the jobs' passes look for no changes: the days
  // from its start are computed whole at their next pass.
  if (rounds > 0) {
    await recountAgentDaysFrom(ctx, start);
    await recountDaysFrom(ctx, start);
  }
  if (rewardsFailed !== undefined) throw rewardsFailed;
  return { rounds, rewards, contracts, statements };
}
