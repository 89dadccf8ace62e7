import { ROUND_SIGNAL, type RoundSignal } from '@gamehall/shared/round-signal';

// A site that embeds a game page shows the player's balance too, and the wallet answers a round's
// win before the page has shown it: the site's balance would give the result away while the reels
// still spin. The page tells the window that embeds or opened it when a round is being played and
// shown, so that window can hold its balance until the page is done. The message says nothing about
// the round, so any origin may hear it.

/** The windows to tell: the page's parent frame and its opener, not the page itself. */
function listeners(): Window[] {
  const out: Window[] = [];
  if (window.parent && window.parent !== window) out.push(window.parent);
  if (window.opener && window.opener !== window) out.push(window.opener as Window);
  return out;
}

export function signalRound(presenting: boolean): void {
  const message: RoundSignal = { type: ROUND_SIGNAL, presenting };
  for (const target of listeners()) {
    try {
      target.postMessage(message, '*');
    } catch {
      // A closed opener: nobody to tell.
    }
  }
}

/** Runs `play` (a round's request and its presentation) with the embedding window told while it runs. */
export async function presentingRound<T>(play: () => Promise<T>): Promise<T> {
  signalRound(true);
  try {
    return await play();
  } finally {
    signalRound(false);
  }
}
