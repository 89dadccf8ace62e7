import type { AdminRiskPushList, AdminRiskPushRetry } from '@gamehall/shared/api/admin-sportsbook';
import { TRADER_ROUTES, TraderRiskFactorsAnswer } from '@gamehall/shared/api/sportsbook-trader';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { type SportsbookRiskFactors, SportsbookRiskFactorsSchema } from '../brand/brand.service';
import * as q from './risk-factor.queries';
import { type TraderTarget, traderCall } from './sportsbook-client';
import { deriveTraderSecret } from './sportsbook-signature';

// The sportsbook's stake factor follows the member's risk level (docs/sportsbook.md "Risk level").
// Each change of a level, or of the brand's mapping for a level, bumps the member's row in the
// outbox sportsbook_risk_pushes (migration 0110's triggers, in the change's transaction); this job
// sends the due rows to the book's trader API in batches, with the factor as it is now and the
// row's version, and retries a failed batch with a growing delay. The book keeps a factor only from
// a higher version than it holds, so a batch sent twice (an answer lost, two nodes) or late changes
// nothing it should not.

const FULL_FACTOR = 1_000_000;
/** Players per request (the trader API takes at most 500). */
const BATCH = 200;
/** A book that does not answer must not hold the scheduler's other jobs for long. */
const PUSH_TIMEOUT_MS = 10_000;

/** The factor of a level under the brand's mapping: `normal` is always the book's own limits. */
export function factorOfLevel(level: string, factors: SportsbookRiskFactors): number {
  if (level === 'low' || level === 'high' || level === 'blocked') return factors[level];
  return FULL_FACTOR;
}

function mappingOf(stored: unknown): SportsbookRiskFactors {
  const parsed = SportsbookRiskFactorsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : SportsbookRiskFactorsSchema.parse({});
}

/**
 * Where the job reaches the book: SPORTSBOOK_URL, else the house studio that this deployment's
 * request processes mount under /studio, on the loopback address of the port they listen on (the
 * jobs process of a cluster listens on none itself).
 */
export function pushTarget(ctx: AppContext, log: TraderTarget['log']): TraderTarget {
  const wildcard = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' || ctx.config.host === '';
  const host = wildcard ? '127.0.0.1' : ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
  return {
    baseUrl: ctx.config.sportsbookUrl ?? `http://${host}:${ctx.config.port}/studio`,
    secret: deriveTraderSecret(ctx.config.studioSecret),
    now: ctx.now,
    log,
  };
}

export type PushRun = { sent: number; applied: number; failed: number };

/**
 * Sends the due pushes, a batch per request, until none is due, a batch fails (the rest waits for
 * the next run) or `budgetMs` is spent.
 */
export async function pushRiskFactors(ctx: AppContext, target: TraderTarget, budgetMs = 2_000): Promise<PushRun> {
  const until = Date.now() + budgetMs;
  const run: PushRun = { sent: 0, applied: 0, failed: 0 };
  while (Date.now() < until) {
    const due = await q.duePushes(ctx.db, ctx.now(), BATCH);
    if (due.length === 0) break;
    const list = due.map((p) => ({
      player: String(p.member_id),
      level: p.level,
      factorPpm: factorOfLevel(p.level, mappingOf(p.factors)),
      version: p.version,
    }));
    const sent = due.map((p) => ({ memberId: p.member_id, version: p.version }));
    let applied: number;
    try {
      const answer = await traderCall(
        target,
        { method: 'POST', path: TRADER_ROUTES.riskFactors, body: { list }, timeoutMs: PUSH_TIMEOUT_MS },
        TraderRiskFactorsAnswer,
      );
      applied = answer.applied;
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'SPORTSBOOK_UNAVAILABLE';
      await q.markFailed(ctx.db, sent, code, ctx.now());
      run.failed += sent.length;
      break;
    }
    await q.markDelivered(ctx.db, sent, ctx.now());
    run.sent += sent.length;
    run.applied += applied;
    if (due.length < BATCH) break;
  }
  return run;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The console's list of levels the book has not confirmed yet (at most 100, the next due first). */
export async function waitingPushes(ctx: AppContext): Promise<AdminRiskPushList> {
  const { list, waiting } = await q.waitingPushes(ctx.db, 100);
  return {
    list: list.map((r) => ({
      memberId: r.member_id,
      username: r.username,
      level: r.level,
      version: r.version,
      deliveredVersion: r.delivered_version,
      attempts: r.attempts,
      lastError: r.last_error,
      nextAttemptAt: iso(r.next_attempt_at),
      deliveredAt: r.delivered_at === null ? null : iso(r.delivered_at),
    })),
    waiting,
  };
}

/**
 * "Try again now": the waiting pushes are due at once instead of after their back-off (up to 10
 * minutes once the book has been down a while), so the job's next turn sends them.
 */
export async function retryWaitingPushes(ctx: AppContext): Promise<AdminRiskPushRetry> {
  return { due: await q.makeWaitingDue(ctx.db, ctx.now()) };
}
