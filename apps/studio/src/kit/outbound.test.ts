import { describe, expect, it } from 'vitest';
import type { RoundDeps } from './deps';
import { DELIVERY_LEASE_MS, deliverDue } from './outbound';

// The pass every product's recovery runs (kit/outbound.ts deliverDue), on an outbox in memory: the
// money paths themselves run through it in ../outbound.test.ts on a real database.

type Row = { id: number; after?: number; fails?: 'throws' | 'refused' };

function depsAt(now: Date, warnings: string[]): RoundDeps {
  return {
    db: undefined as never,
    wallet: undefined as never,
    now: () => now,
    log: { warn: (_obj, msg) => warnings.push(msg) },
  };
}

/** An outbox of `rows`: a row is due once the row it comes `after` is delivered. */
function outbox(rows: Row[]) {
  const delivered = new Set<number>();
  const claims: { ids: number[]; leaseUntil: number }[] = [];
  const retries: { id: number; error: string }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let settled = 0;
  const claim = async (_now: Date, leaseUntil: Date) => {
    const due = rows.filter(
      (r) => !delivered.has(r.id) && !claims.some((c) => c.ids.includes(r.id)) && (!r.after || delivered.has(r.after)),
    );
    claims.push({ ids: due.map((r) => r.id), leaseUntil: leaseUntil.getTime() });
    return due;
  };
  const deliver = async (r: Row) => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 1));
    running--;
    if (r.fails === 'throws') throw new Error(`row ${r.id}: connection lost`);
    if (r.fails === 'refused') return false;
    delivered.add(r.id);
    return true;
  };
  const failed = async (r: Row, error: string) => {
    retries.push({ id: r.id, error });
  };
  return {
    pass: { claim, deliver, failed, settle: async () => void settled++ },
    delivered,
    claims,
    retries,
    mostAtOnce: () => mostAtOnce,
    settled: () => settled,
  };
}

describe('deliverDue', () => {
  const now = new Date('2026-11-29T00:00:00Z');

  it('sweeps first, claims until the lease, and delivers one row at a time unless told', async () => {
    const box = outbox([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const order: string[] = [];
    const counts = await deliverDue(depsAt(now, []), {
      ...box.pass,
      sweep: async (at) => {
        order.push(`sweep ${at.toISOString()}`);
      },
    });
    expect(counts).toEqual({ delivered: 3, failed: 0 });
    expect(order).toEqual([`sweep ${now.toISOString()}`]);
    expect(box.claims).toEqual([{ ids: [1, 2, 3], leaseUntil: now.getTime() + DELIVERY_LEASE_MS }]);
    expect(box.mostAtOnce()).toBe(1);
    expect(box.settled()).toBe(1);
  });

  it('delivers `parallel` rows at once and claims again while a claim delivered something', async () => {
    const rows: Row[] = [
      ...Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })),
      { id: 11, after: 1 },
      { id: 12, after: 11 },
    ];
    const box = outbox(rows);
    const counts = await deliverDue(depsAt(now, []), { ...box.pass, parallel: 4, untilIdle: true });
    expect(counts).toEqual({ delivered: 12, failed: 0 });
    expect(box.mostAtOnce()).toBe(4);
    expect(box.claims.map((c) => c.ids)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [11], [12], []]);
    expect(box.settled()).toBe(3);
  });

  it('without untilIdle, a row freed by a delivery waits for the next pass', async () => {
    const box = outbox([{ id: 1 }, { id: 2, after: 1 }]);
    expect(await deliverDue(depsAt(now, []), box.pass)).toEqual({ delivered: 1, failed: 0 });
    expect([...box.delivered]).toEqual([1]);
  });

  it('a delivery that throws is recorded as a retry and warned; the other rows are still paid', async () => {
    const warnings: string[] = [];
    const box = outbox([{ id: 1 }, { id: 2, fails: 'throws' }, { id: 3, fails: 'refused' }, { id: 4 }]);
    const counts = await deliverDue(depsAt(now, warnings), { ...box.pass, parallel: 2, untilIdle: true });
    expect(counts).toEqual({ delivered: 2, failed: 2 });
    expect([...box.delivered].sort()).toEqual([1, 4]);
    // A refusal records its own retry (deliverOwed); only the throw comes to `failed`.
    expect(box.retries).toEqual([{ id: 2, error: 'row 2: connection lost' }]);
    expect(warnings).toEqual(['studio: delivery failed, will retry']);
  });

  it('a retry that cannot be recorded leaves the row to its lease and the pass goes on', async () => {
    const warnings: string[] = [];
    const box = outbox([{ id: 1, fails: 'throws' }, { id: 2 }]);
    const counts = await deliverDue(depsAt(now, warnings), {
      ...box.pass,
      failed: async () => {
        throw new Error('database gone');
      },
    });
    expect(counts).toEqual({ delivered: 1, failed: 1 });
    expect(warnings).toEqual(['studio: delivery failed, will retry', 'studio: delivery retry not recorded']);
  });

  it('an empty outbox: one claim, nothing settled', async () => {
    const box = outbox([]);
    expect(await deliverDue(depsAt(now, []), { ...box.pass, untilIdle: true })).toEqual({ delivered: 0, failed: 0 });
    expect(box.claims).toHaveLength(1);
    expect(box.settled()).toBe(0);
  });
});
