// spec §9 date shortcuts of the report pages (member centre and agent centre), unit-tested in
// features/games/game-filters.test.ts.

export type DateRange = { range?: 'past7' | 'past30'; startDate?: string; endDate?: string };

/**
 * spec §9 date shortcuts (past 7 and 30 days) or a custom range; a custom range needs both ends,
 * in order, or it is rejected with the reason.
 */
export function dateRangeOf(input: {
  shortcut: 'past7' | 'past30' | 'custom';
  startDate: string;
  endDate: string;
}): { ok: true; value: DateRange } | { ok: false; reason: 'missing' | 'order' } {
  if (input.shortcut !== 'custom') return { ok: true, value: { range: input.shortcut } };
  if (!input.startDate || !input.endDate) return { ok: false, reason: 'missing' };
  if (input.startDate > input.endDate) return { ok: false, reason: 'order' };
  return { ok: true, value: { startDate: input.startDate, endDate: input.endDate } };
}
