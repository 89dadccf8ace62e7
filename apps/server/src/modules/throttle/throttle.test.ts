// postgres: parallel reservations never exceed the limit
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { markFailed, release, reserve, reserveUnder, spend } from './throttle.service';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIMIT = { max: 3, windowSeconds: 60, lockSeconds: 120 } as const;
const key = () => `test:${++seq}`;

async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('reserve / spend / release', () => {
  it('hands out the slots in order, locks when the last one fails, and refuses while locked', async () => {
    const k = key();
    const now = t.ctx.now();
    const slots = [];
    for (let i = 0; i < 3; i++) slots.push(await reserve(t.ctx.db, k, LIMIT, now));
    expect(slots.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(await spend(t.ctx.db, slots[0]!, LIMIT, now)).toEqual({ failures: 1, lockedForSeconds: undefined });
    expect(await spend(t.ctx.db, slots[2]!, LIMIT, now)).toEqual({ failures: 2, lockedForSeconds: 120 });
    const locked = await refusal(reserve(t.ctx.db, k, LIMIT, now));
    expect([locked.code, locked.value]).toEqual(['RATE_LIMITED', { retryAfterSeconds: 120 }]);
    // A lock that has ended starts the count over.
    const later = new Date(now.getTime() + 121_000);
    expect((await reserve(t.ctx.db, k, LIMIT, later)).number).toBe(1);
  });

  it('gives a released slot to the next attempt, but not one from a window that has restarted', async () => {
    const k = key();
    const now = t.ctx.now();
    const first = await reserve(t.ctx.db, k, LIMIT, now);
    await release(t.ctx.db, first);
    expect((await reserve(t.ctx.db, k, LIMIT, now)).number).toBe(1);
    const nextWindow = new Date(now.getTime() + 61_000);
    const fresh = await reserve(t.ctx.db, k, LIMIT, nextWindow);
    expect(fresh.number).toBe(1);
    // The stale slot of the old window gives nothing back in the new one.
    await release(t.ctx.db, first);
    expect((await reserve(t.ctx.db, k, LIMIT, nextWindow)).number).toBe(2);
  });

  it('waits at a cap for the slot in flight, and stops there without throwing once it is a failure', {
    tags: ['postgres'],
  }, async () => {
    const k = key();
    const now = t.ctx.now();
    const first = await reserveUnder(t.ctx.db, k, LIMIT, 1, now);
    expect(first?.number).toBe(1);
    // Slot 1 is still being checked: the next caller waits, and takes it once it is given back.
    const waiting = reserveUnder(t.ctx.db, k, LIMIT, 1, now);
    await release(t.ctx.db, first!);
    const second = await waiting;
    expect(second?.number).toBe(1);
    expect(await markFailed(t.ctx.db, second!)).toBe(1);
    expect(await reserveUnder(t.ctx.db, k, LIMIT, 1, now)).toBeUndefined();
    expect((await reserveUnder(t.ctx.db, k, LIMIT, 3, now))?.number).toBe(2);
  });

  it('never hands out more slots than the limit to parallel callers', { tags: ['postgres'] }, async () => {
    const k = key();
    const now = t.ctx.now();
    const noLock = { max: 3, windowSeconds: 60 } as const;
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => reserve(t.ctx.db, k, noLock, now)));
    const taken = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.number] : []));
    expect(taken.sort()).toEqual([1, 2, 3]);
  });
});
