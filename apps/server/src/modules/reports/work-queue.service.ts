import { holdsPermission } from '@gamehall/shared/api/permissions';
import { WORK_SOURCES, type WorkQueue, worksOn } from '@gamehall/shared/api/work-queue';

import type { AppContext } from '../../context';
import type { GaugeSource } from '../../http/metrics';
import { workCounts } from './work-queue.queries';

/**
 * What waits for an operator holding `permissions`: the sources they can act on and whose screen
 * they may open, in WORK_SOURCES order. Counted on the primary: the console reads it again on each change the
 * operators' socket announces, and must count the item it was told about.
 */
export async function workQueue(ctx: AppContext, permissions: readonly string[]): Promise<WorkQueue> {
  const visible = WORK_SOURCES.filter((s) => worksOn((p) => holdsPermission(permissions, p), s)).map((s) => s.name);
  const rows = await workCounts(ctx.db, visible);
  const bySource = new Map(rows.map((r) => [r.source, r]));
  return {
    items: visible.map((source) => {
      const row = bySource.get(source);
      return {
        source,
        count: row?.n ?? 0,
        oldestAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
      };
    }),
    countedAt: ctx.now().toISOString(),
  };
}

/**
 * What waits for operators, for GET /metrics: each source's count and how long its oldest item has
 * waited (0 when none), from the same index reads as the panel.
 */
export const workGauges: GaugeSource = {
  label: 'source',
  gauges: [
    {
      name: 'gamehall_work_waiting',
      help: 'Items waiting for an operator, by work source (cashier queues, KYC, chats...)',
    },
    { name: 'gamehall_work_oldest_seconds', help: 'How long the oldest waiting item of a work source has waited' },
  ],
  read: async (ctx) => {
    const now = ctx.now().getTime();
    const rows = await workCounts(
      ctx.db,
      WORK_SOURCES.map((s) => s.name),
    );
    return rows.map((row) => ({
      label: row.source,
      values: [row.n, row.oldest ? Math.max(0, (now - new Date(row.oldest).getTime()) / 1000) : 0],
    }));
  },
};
