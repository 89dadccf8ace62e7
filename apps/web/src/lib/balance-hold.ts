import { roundSignalOf } from '@gamehall/shared/round-signal';

// While a game page in this tab plays and shows a round, the header's balance waits: the wallet
// answers the win before the reels land, and the header would give the result away. The game page
// says when it starts and ends (apps/studio/src/client/round-signal.ts); the latest balance waiting
// is applied then. A page that never says it ended (closed, crashed) holds it HOLD_MAX_MS at most.

export const HOLD_MAX_MS = 15_000;

let held = false;
// The latest figure waiting per kind: the cash balance and the bonus balance arrive as separate
// events, and a round that moves both must show both once it is over.
const waiting = new Map<string, () => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function release() {
  held = false;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const apply = [...waiting.values()];
  waiting.clear();
  for (const show of apply) show();
}

/** The game page started (true) or finished (false) a round. */
export function holdBalance(presenting: boolean): void {
  if (!presenting) {
    release();
    return;
  }
  held = true;
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(release, HOLD_MAX_MS);
}

/**
 * Shows a balance now, or once the round being shown is over (only the latest one of each `kind`
 * is kept: 'cash' or 'bonus').
 */
export function showBalance(apply: () => void, kind: 'cash' | 'bonus' = 'cash'): void {
  if (held) waiting.set(kind, apply);
  else apply();
}

const gameWindows = new Set<Window>();
let listening = false;

function onMessage(event: MessageEvent) {
  const presenting = roundSignalOf(event.data);
  if (presenting === undefined) return;
  for (const w of gameWindows) if (w.closed) gameWindows.delete(w);
  // Only the game windows this tab opened or embeds may hold its balance.
  if (event.source && gameWindows.has(event.source as Window)) holdBalance(presenting);
}

/**
 * Lets `win` (a game frame's window, or a game window this tab opened) hold the balance while it
 * shows a round. The returned function stops listening to it and shows what it held.
 */
export function watchGameWindow(win: Window | null | undefined): () => void {
  if (!win) return () => undefined;
  gameWindows.add(win);
  if (!listening) {
    window.addEventListener('message', onMessage);
    listening = true;
  }
  return () => {
    gameWindows.delete(win);
    holdBalance(false);
  };
}
