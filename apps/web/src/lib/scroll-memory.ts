// Where each history entry of the site was scrolled, so that coming back to it (the browser's back,
// a game's back button) lands where the player left instead of at the top. Positions are kept per
// history entry (react-router's location.key): the same lobby opened twice from the menu is two
// entries, and each keeps its own place. They live in memory and are mirrored to session storage
// when the page is hidden, so a reload of the game page still returns to the right row.

export const SCROLL_MEMORY_KEY = 'scrollPositions';
/** Entries kept: a session rarely goes further back than this, and the mirror stays small. */
export const SCROLL_MEMORY_LIMIT = 50;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export type ScrollMemory = {
  remember(key: string, y: number): void;
  recall(key: string): number | undefined;
  /** Writes the positions to the storage the memory was made with. */
  persist(): void;
};

export function createScrollMemory(storage: KeyValueStore | null, limit = SCROLL_MEMORY_LIMIT): ScrollMemory {
  const positions = new Map<string, number>(readPositions(storage));
  return {
    remember(key, y) {
      if (!Number.isFinite(y) || y < 0) return;
      // Re-inserted so the map's order is the order of use, oldest first.
      positions.delete(key);
      positions.set(key, Math.round(y));
      while (positions.size > limit) {
        const oldest = positions.keys().next().value;
        if (oldest === undefined) break;
        positions.delete(oldest);
      }
    },
    recall: (key) => positions.get(key),
    persist() {
      try {
        storage?.setItem(SCROLL_MEMORY_KEY, JSON.stringify([...positions]));
      } catch {
        // A full or refused storage: the positions still hold for this page's life.
      }
    },
  };
}

function readPositions(storage: KeyValueStore | null): [string, number][] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SCROLL_MEMORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
    );
  } catch {
    return [];
  }
}

/** What restoreScroll needs of the window (a fake in tests). */
export type ScrollWindow = {
  readonly scrollY: number;
  readonly innerHeight: number;
  scrollTo(x: number, y: number): void;
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
  readonly document: { readonly documentElement: { readonly scrollHeight: number } };
};

/** How long a restore waits for the page to grow tall enough (lists and images still loading). */
export const RESTORE_TIMEOUT_MS = 3000;

/**
 * Scrolls back to `y`. A page that comes back renders its lists from the query cache, but the
 * rows below may still be measuring or loading: until the page is tall enough, each frame scrolls
 * as far as it can and tries again, for up to `timeoutMs`. The player's own touch, wheel or key
 * stops it, so it never fights a thumb. Returns a function that stops it.
 */
export function restoreScroll(
  y: number,
  win: ScrollWindow,
  options: { timeoutMs?: number; now?: () => number } = {},
): () => void {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + (options.timeoutMs ?? RESTORE_TIMEOUT_MS);
  let frame = 0;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    win.cancelAnimationFrame(frame);
    for (const type of INTERRUPTIONS) win.removeEventListener(type, stop);
  };
  for (const type of INTERRUPTIONS) win.addEventListener(type, stop, { passive: true, once: true });
  const step = () => {
    if (stopped) return;
    const reachable = Math.max(0, win.document.documentElement.scrollHeight - win.innerHeight);
    win.scrollTo(0, Math.min(y, reachable));
    if (reachable >= y || now() >= deadline) stop();
    else frame = win.requestAnimationFrame(step);
  };
  step();
  return stop;
}

const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown'] as const;
