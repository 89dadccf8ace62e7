import type { TraderFeedRejectsAnswer } from '@gamehall/shared/api/sportsbook-trader';
import type { StudioDb } from '../../kit/db/database';
import type { RoundDeps } from '../../kit/deps';
import { type FeedReject, REJECT_REASON_MAX } from '../types';
import {
  countFeedReject,
  deleteFeedRejectsUpTo,
  feedRejectCounts,
  insertFeedReject,
  newestFeedRejects,
} from './feed.queries';

// What the feed sources could not bring into the book (docs/sportsbook.md "Rejected feed
// messages"): each rejection is logged, counted per source and kept for the trader's console, the
// newest KEPT of them. A provider's bad message is otherwise silent: skipped, the book never hears
// of it, and the markets it carried stay as they were.

/** The newest rejections kept (the counts go on counting every one). */
export const KEPT = 500;

/** Logs, counts and keeps one rejection. */
export async function recordFeedReject(deps: RoundDeps, source: string, reject: FeedReject): Promise<void> {
  const reason = [...reject.reason].slice(0, REJECT_REASON_MAX).join('');
  const sourceName = [...source].slice(0, 64).join('');
  deps.log.warn({ source: sourceName, seq: reject.seq, kind: reject.kind, reason }, 'studio: sportsbook feed rejected');
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await insertFeedReject(trx, { source: sourceName, seq: reject.seq, kind: reject.kind, reason, at });
    await countFeedReject(trx, sourceName, reject.kind, at);
    await deleteFeedRejectsUpTo(trx, Number(row.id) - KEPT);
  });
}

/** The newest rejections and the counts per source, for the trader. */
export async function feedRejects(db: StudioDb, limit: number): Promise<TraderFeedRejectsAnswer> {
  const [rows, counts] = await Promise.all([newestFeedRejects(db, limit), feedRejectCounts(db)]);
  return {
    sources: counts.map((c) => ({
      source: c.source,
      invalid: Number(c.invalid),
      errors: Number(c.errors),
      lastAt: new Date(c.last_at).toISOString(),
    })),
    rejects: rows.map((r) => ({
      id: String(r.id),
      at: new Date(r.at).toISOString(),
      source: r.source,
      seq: r.seq === null ? null : Number(r.seq),
      kind: r.kind,
      reason: r.reason,
    })),
  };
}
