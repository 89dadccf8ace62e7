import { describe, expect, it, vi } from 'vitest';
import { createScrollMemory, restoreScroll, SCROLL_MEMORY_KEY, type ScrollWindow } from './scroll-memory';

function fakeStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('scroll memory', () => {
  it('keeps a position per history entry and forgets the oldest past its limit', () => {
    const memory = createScrollMemory(null, 2);
    memory.remember('a', 100);
    memory.remember('b', 200);
    memory.remember('a', 150); // used again: now the newest
    memory.remember('c', 300);
    expect(memory.recall('a')).toBe(150);
    expect(memory.recall('b')).toBeUndefined();
    expect(memory.recall('c')).toBe(300);
  });

  it('ignores positions that are not a place on the page', () => {
    const memory = createScrollMemory(null);
    memory.remember('a', Number.NaN);
    memory.remember('b', -5);
    expect(memory.recall('a')).toBeUndefined();
    expect(memory.recall('b')).toBeUndefined();
  });

  it('survives a reload through the storage it persists to, and a broken mirror reads as empty', () => {
    const storage = fakeStorage();
    const first = createScrollMemory(storage);
    first.remember('lobby', 1234.4);
    first.persist();
    expect(createScrollMemory(storage).recall('lobby')).toBe(1234);
    expect(createScrollMemory(fakeStorage({ [SCROLL_MEMORY_KEY]: '{not json' })).recall('lobby')).toBeUndefined();
    expect(createScrollMemory(fakeStorage({ [SCROLL_MEMORY_KEY]: '[["x","y"]]' })).recall('x')).toBeUndefined();
  });
});

/** A window whose page grows by `growth` px each frame up to `full`. */
function fakeWindow(start: number, full: number, growth: number) {
  let height = start;
  const frames: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const win = {
    scrollY: 0,
    innerHeight: 800,
    scrollTo: vi.fn((_x: number, y: number) => {
      win.scrollY = y;
    }),
    requestAnimationFrame: (cb: () => void) => frames.push(cb),
    cancelAnimationFrame: vi.fn(),
    addEventListener: (type: string, listener: () => void) => void listeners.set(type, listener),
    removeEventListener: (type: string) => void listeners.delete(type),
    document: {
      documentElement: {
        get scrollHeight() {
          return height;
        },
      },
    },
  };
  const tick = () => {
    height = Math.min(full, height + growth);
    frames.shift()?.();
  };
  return { win: win as ScrollWindow & { scrollY: number }, tick, frames, listeners };
}

describe('restoreScroll', () => {
  it('scrolls at once when the page is already tall enough', () => {
    const { win, frames } = fakeWindow(5000, 5000, 0);
    restoreScroll(1500, win);
    expect(win.scrollY).toBe(1500);
    expect(frames).toHaveLength(0);
  });

  it('follows a page still growing until it reaches the place', () => {
    const { win, tick, frames } = fakeWindow(1000, 5000, 600);
    restoreScroll(2000, win, { now: () => 0 });
    expect(win.scrollY).toBe(200); // as far as the page went
    while (frames.length > 0) tick();
    expect(win.scrollY).toBe(2000);
  });

  it('gives up at its deadline on a page that never gets there', () => {
    let clock = 0;
    const { win, tick, frames } = fakeWindow(1000, 1500, 100);
    restoreScroll(4000, win, { now: () => clock, timeoutMs: 100 });
    for (let i = 0; i < 50 && frames.length > 0; i++) {
      clock += 16;
      tick();
    }
    expect(frames).toHaveLength(0);
    expect(win.scrollY).toBe(700);
  });

  it("stops at the player's own touch", () => {
    const { win, tick, frames, listeners } = fakeWindow(1000, 5000, 100);
    restoreScroll(3000, win, { now: () => 0 });
    listeners.get('touchstart')?.();
    tick();
    const y = win.scrollY;
    tick();
    expect(win.scrollY).toBe(y);
    expect(frames).toHaveLength(0);
  });
});
