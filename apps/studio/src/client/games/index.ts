import type { GameUi, RoundView } from '../types';

/**
 * The UI of each instant engine kind (the page shell is the same for all; LIVE tables, crash and
 * lottery have pages of their own). Each is a chunk of its own with its art, loaded when a page or a
 * history row needs it.
 */
const INSTANT_UIS: Record<string, () => Promise<() => GameUi>> = {
  slot: async () => (await import('../slot/slot-page')).slotUi,
  fish: async () => (await import('./fish')).fishUi,
  duel: async () => (await import('./duel')).duelUi,
  match: async () => (await import('./match')).matchUi,
  derby: async () => (await import('./derby')).derbyUi,
};

/** A new UI for an engine kind; an unknown kind plays as a slot. */
export async function loadGameUi(kind: string | null): Promise<GameUi> {
  const load = INSTANT_UIS[kind ?? ''] ?? INSTANT_UIS.slot;
  if (!load) throw new Error('no slot UI');
  return (await load())();
}

const summarizers = new Map<string, Promise<GameUi>>();

/**
 * The history text of a round, drawn by the UI of the round's own engine: a player's history lists
 * the rounds of all their games (one seed and nonce sequence per player), so the fishing page also
 * lists slot rounds, whose outcome its own summary cannot read.
 */
export async function roundSummary(round: Pick<RoundView, 'engine' | 'steps'>): Promise<string> {
  const step = round.steps[0];
  if (!step || !(round.engine in INSTANT_UIS)) return '';
  let ui = summarizers.get(round.engine);
  if (!ui) {
    ui = loadGameUi(round.engine);
    summarizers.set(round.engine, ui);
  }
  return (await ui).summary?.(step) ?? '';
}
