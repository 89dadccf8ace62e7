// Pure rules of the game list centre (spec §3, §4), unit-tested in game-filters.test.ts.

/** spec §3 slot sub-categories; BG (bingo) only when the second language (TY) is supported. */
export function slotSubCategories(supportedLanguages: readonly string[]): string[] {
  const base = ['SC', 'VP', 'JP', 'TG', 'AC'];
  return supportedLanguages.some((l) => l.toUpperCase() === 'TY') ? [...base, 'BG'] : base;
}

/** spec §4 TY rules for a vendor label: TCG codes blanked, BTI shown as 123BET. */
export function vendorLabel(vassalage: string, name: string, language: string): string {
  if (language.toUpperCase() !== 'TY') return name;
  if (vassalage.startsWith('TCG')) return '';
  if (vassalage === 'BTI') return '123BET';
  return name;
}

/** Name search as the server does it (case- and accent-insensitive, inside names), for local lists. */
export function matchesName(name: string, query: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const q = fold(query.trim());
  return q === '' || fold(name).includes(q);
}

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

/** The category pages' page-title key: the lobby (no type) has its own. */
export function isSlotCategory(gameType: string | undefined): boolean {
  return gameType === 'RNG';
}
