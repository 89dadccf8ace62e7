import { z } from 'zod';
import { type WorkSourceName as Name, WORK_SOURCES } from './work-sources';

// The console's "work to do" panel (GET /admin/work) and the socket's `work` event; the sources
// themselves are listed in work-sources.ts.

export { WORK_SOURCES, workSource, worksOn } from './work-sources';

export type WorkSourceName = Name;
export const WorkSourceName = z.enum(WORK_SOURCES.map((s) => s.name) as [Name, ...Name[]]);

/** One source's waiting work: how many items, and when the oldest began waiting (null when none). */
export const WorkItem = z.object({
  source: WorkSourceName,
  count: z.number().int().nonnegative(),
  oldestAt: z.string().nullable(),
});
export type WorkItem = z.infer<typeof WorkItem>;

/** GET /admin/work: the sources the operator may work, in WORK_SOURCES order, counted now. */
export const WorkQueue = z.object({ items: z.array(WorkItem), countedAt: z.string() });
export type WorkQueue = z.infer<typeof WorkQueue>;

/** Payload of the socket's `work` event: a source's waiting items changed (read the panel again). */
export const WorkChange = z.object({ source: WorkSourceName });
export type WorkChange = z.infer<typeof WorkChange>;
