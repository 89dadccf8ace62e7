// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { card, lobby, market, T0 } from './sb-fixtures';
import { loadSlip, saveSlip, slipStoreKey } from './sb-slip-store';
import {
  applyEvents,
  applyLobby,
  applyQuote,
  clearSlip,
  initialModel,
  placeAnswered,
  restoreSlip,
  type SbModel,
  setStake,
  startPlacing,
  toggleSelection,
} from './sb-state';

// The slip kept in the browser's localStorage per player and lobby: it survives a reload or a trip
// to the site's lobby until it is placed or cleared, and when it comes back the book's quote shows
// a changed price as changed and marks a selection no longer offered, with a notice for each.

const H = (eventId: string) => `${eventId}/1x2:ft:-/home`;
const KEY_A = slipStoreKey('SPORTS', 'real', 'member-a');
const KEY_B = slipStoreKey('SPORTS', 'real', 'member-b');

function ready(): SbModel {
  let m = applyLobby(initialModel(), lobby(), T0);
  m = applyEvents(m, 'day:2026-11-27', [card('ev-a'), card('ev-b', { home: 'Elm Crossing', away: 'Fernhill' })], T0);
  return m;
}

/** A slip of two legs with a single's stake and the multiple's, as the player left it. */
function filled(): SbModel {
  let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-b'));
  m = setStake(m, { kind: 'single', selectionId: H('ev-a') }, 500);
  return setStake(m, { kind: 'multiple' }, 1000);
}

/** The page opened again: a fresh model on the lobby, with what the browser kept. */
function reopened(key: string): SbModel {
  const saved = loadSlip(localStorage, key);
  const m = applyLobby(initialModel(), lobby(), T0);
  return saved ? restoreSlip(m, saved) : m;
}

beforeEach(() => localStorage.clear());

describe('the slip kept in the browser', () => {
  it('comes back after a reload with its legs, prices and stakes, for the same player only', () => {
    const m = filled();
    saveSlip(localStorage, KEY_A, m.slip);
    const back = reopened(KEY_A);
    expect(back.slip.legs.map((l) => [l.selectionId, l.taken, l.home])).toEqual([
      [H('ev-a'), 2100, 'Alder Vale'],
      [H('ev-b'), 2100, 'Elm Crossing'],
    ]);
    expect(back.slip.stakes).toEqual({ single: { [H('ev-a')]: 500 }, multiple: 1000, system: {} });
    expect(back.slip.phase).toBe('edit');
    // A bet builder's stake comes back with it (its price comes from the quote asked for at once).
    saveSlip(localStorage, KEY_A, { ...m.slip, stakes: { ...m.slip.stakes, builder: { 'ev-a': 700, gone: 5 } } });
    expect(reopened(KEY_A).slip.stakes.builder).toEqual({ 'ev-a': 700 });
    // Another player on the same browser, or another lobby, starts with an empty slip.
    expect(reopened(KEY_B).slip.legs).toEqual([]);
    expect(reopened(slipStoreKey('COCKFIGHT', 'real', 'member-a')).slip.legs).toEqual([]);
  });

  it('is forgotten once cleared or placed, and kept with its request id while a placing is unanswered', () => {
    const m = filled();
    saveSlip(localStorage, KEY_A, m.slip);
    saveSlip(localStorage, KEY_A, clearSlip(m).slip);
    expect(localStorage.getItem(KEY_A)).toBeNull();

    const placing = startPlacing(m, 'req-1').model;
    saveSlip(localStorage, KEY_A, placing.slip);
    // A reload before the answer sends the same request again: the book cannot place it twice.
    expect(reopened(KEY_A).slip.requestId).toBe('req-1');
    const placed = placeAnswered(placing, { bets: [], balance: 90_000 });
    expect(placed.slip.phase).toBe('done');
    saveSlip(localStorage, KEY_A, placed.slip);
    expect(localStorage.getItem(KEY_A)).toBeNull();
  });

  it('shows a changed price as changed and marks a selection no longer offered when it comes back', () => {
    saveSlip(localStorage, KEY_A, filled().slip);
    const back = reopened(KEY_A);
    // The book's quote: ev-a's home price fell, ev-b's market is gone.
    const a = market('ev-a', '1x2', { home: 1950, draw: 3300, away: 3400 });
    const { model, notices } = applyQuote(back, {
      legs: [
        {
          selectionId: H('ev-a'),
          event: 'ev-a',
          market: { ...a, selections: a.selections.filter((s) => s.id === H('ev-a')) },
          odds1000: 1950,
          status: 'open',
        },
        { selectionId: H('ev-b'), event: 'ev-b', market: null, odds1000: null, status: 'SB_SELECTION_UNAVAILABLE' },
      ],
      multipleRefusal: 'SB_SELECTION_UNAVAILABLE',
      maxStake: { single: {}, multiple: null },
    });
    // "Accept higher" (the lobby's rule): the lower price waits for the player, old -> new.
    expect(model.slip.legs[0]).toMatchObject({ odds1000: 1950, taken: 2100, status: 'open' });
    expect(model.slip.legs[1]).toMatchObject({ status: 'unavailable' });
    expect(notices).toEqual([
      { kind: 'changed', selectionId: H('ev-a'), from: 2100, to: 1950 },
      { kind: 'unavailable', selectionId: H('ev-b') },
    ]);
  });

  it('drops what does not read back as a slip', () => {
    for (const raw of [
      'not json',
      JSON.stringify({ v: 1, legs: [{ selectionId: 'x' }], stakes: { single: {}, multiple: 0, system: {} } }),
      JSON.stringify({ v: 99, legs: [], stakes: {} }),
    ]) {
      localStorage.setItem(KEY_A, raw);
      expect(loadSlip(localStorage, KEY_A)).toBeNull();
      expect(localStorage.getItem(KEY_A)).toBeNull();
    }
    const saved = JSON.parse(JSON.stringify({ v: 1, ...filled().slip, was: null }));
    saved.stakes.multiple = -5;
    localStorage.setItem(KEY_A, JSON.stringify(saved));
    expect(loadSlip(localStorage, KEY_A)).toBeNull();
  });
});
