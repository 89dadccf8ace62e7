import { holdsPermission } from '@gamehall/shared/api/permissions';
import { WORK_SOURCES, type WorkQueue, worksOn } from '@gamehall/shared/api/work-queue';

import type { AppContext } from '../../context';
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
