import { describe, expect, it } from 'vitest';
import { createRealityTimer, signedMoney, type Timers } from './reality-check';

// The reality check's timing rule: the first notice N minutes after the
// page opened, the next N minutes after Continue, never two at once, none without an interval.
// A hand-moved clock stands in for the page's timers.

function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    set(fn, ms) {
      seq++;
      pending.set(seq, { at: now + ms, fn });
      return seq;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      pending.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = end;
  };
  return { timers, advance, pending: () => pending.size };
}

const MIN = 60_000;

describe('reality check timer', () => {
  it('is due after exactly N minutes, not before, and once until Continue', () => {
    const clock = fakeTimers();
    let notices = 0;
    const timer = createRealityTimer(() => notices++, clock.timers);
    timer.arm(15);
    clock.advance(15 * MIN - 1);
    expect(notices).toBe(0);
    expect(timer.due).toBe(false);
    clock.advance(1);
    expect(notices).toBe(1);
    expect(timer.due).toBe(true);
    // Waiting on the notice: no second one however long it stays open.
    clock.advance(120 * MIN);
    expect(notices).toBe(1);
  });

  it('counts the next interval from Continue, with the interval the member has now', () => {
    const clock = fakeTimers();
    let notices = 0;
    const timer = createRealityTimer(() => notices++, clock.timers);
    timer.arm(30);
    clock.advance(30 * MIN);
    clock.advance(10 * MIN); // the notice stays open ten minutes
    timer.arm(60); // Continue, after the member switched to 60 minutes
    expect(timer.due).toBe(false);
    clock.advance(59 * MIN);
    expect(notices).toBe(1);
    clock.advance(MIN);
    expect(notices).toBe(2);
  });

  it('never fires without an interval, after stop, or when re-armed (one timer at a time)', () => {
    const clock = fakeTimers();
    let notices = 0;
    const timer = createRealityTimer(() => notices++, clock.timers);
    timer.arm(null);
    timer.arm(0);
    clock.advance(24 * 60 * MIN);
    expect(notices).toBe(0);
    timer.arm(15);
    timer.arm(15);
    expect(clock.pending()).toBe(1);
    timer.stop();
    clock.advance(60 * MIN);
    expect(notices).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('shows the net result with its sign', () => {
    expect(signedMoney(-12.34)).toBe('-12.34');
    expect(signedMoney(1234.5)).toBe('1,234.50');
    expect(signedMoney(0)).toBe('0.00');
  });
});
