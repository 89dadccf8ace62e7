// postgres: two openings of one ticket at once, on separate connections, open it once and pay once
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { brandToday } from '../../test/brand-day';
import { createTestApp, type TestApp } from '../../test/harness';
import { createSessionMember, creditDeposit } from '../../test/programmes';
import { drainActivity, rewindConsumer } from '../activity/activity-bus';
import { setBrandSetting } from '../brand/brand.service';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { pointsBalance } from '../ledger/points-ledger.service';
import { fairRoll, newClientSeed, newServerSeed, prizeIndexOf } from './tickets.fairness';
import { ticketsConsumer } from './tickets.service';

let t: TestApp;
let admin: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

function member() {
  return createSessionMember(t);
}

async function createKind(body: Record<string, unknown>) {
  const res = await call(admin, 'POST', '/admin/tickets/kinds', {
    kind: 'prize_wheel',
    name: `Wheel ${++seq}`,
    enabled: true,
    depositMin: null,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number };
}

type Ticket = { id: number; state: string; name: string; source: string; drawId: number | null };
async function tickets(token: string) {
  const res = await call(token, 'GET', '/wps/tickets');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    content: Ticket[];
    unopened: number;
    seedHash: string;
    clientSeed: string;
    nextNonce: number;
  };
}

const cash = async (memberId: number) => (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;

describe('ticket kinds (back office)', () => {
  it('refuses bad prize tables and creates nothing', async () => {
    const before = await t.ctx.db.selectFrom('ticket_kinds').select('id').execute();
    const cashPrize = { label: 'Cash', type: 'cash', amount: 1, weight: 1 };
    for (const prizes of [
      [],
      [{ ...cashPrize, weight: 0 }],
      [{ ...cashPrize, weight: -3 }],
      [{ ...cashPrize, weight: 1.5 }],
      [{ ...cashPrize, amount: 0 }],
      [{ label: 'Points', type: 'points', weight: 1 }],
      [{ label: '', type: 'none', weight: 1 }],
    ]) {
      const res = await call(admin, 'POST', '/admin/tickets/kinds', {
        kind: 'golden_egg',
        name: 'Egg',
        enabled: true,
        prizes,
      });
      expect(res.statusCode, JSON.stringify(prizes)).toBe(400);
    }
    const unknown = await call(admin, 'POST', '/admin/tickets/kinds', {
      kind: 'golden_egg',
      name: 'Egg',
      enabled: true,
      prizes: [{ label: 'Again', type: 'ticket', ticketKindId: 999_999, weight: 1 }],
    });
    expect(unknown.json().code).toBe('TICKET_KIND_NOT_FOUND');
    expect(await t.ctx.db.selectFrom('ticket_kinds').select('id').execute()).toEqual(before);
  });

  it('changes a kind, audited', async () => {
    const k = await createKind({ prizes: [{ label: 'Nothing', type: 'none', weight: 1 }] });
    const res = await call(admin, 'PUT', `/admin/tickets/kinds/${k.id}`, {
      kind: 'red_envelope',
      name: 'Envelope',
      enabled: false,
      depositMin: 50,
      prizes: [{ label: 'Again', type: 'ticket', ticketKindId: k.id, weight: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ kind: 'red_envelope', enabled: false, depositMin: 50 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('success')
      .where('event', '=', 'ticket.kind')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.success).toBe(true);
    const missing = await call(admin, 'PUT', '/admin/tickets/kinds/999999', { ...res.json().value, id: undefined });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TICKET_KIND_NOT_FOUND');
  });
});

describe('earning and opening tickets', () => {
  it('grants a ticket for a deposit of at least the minimum, once, and pays the prize once', {
    tags: ['postgres'],
  }, async () => {
    const k = await createKind({ depositMin: 100, prizes: [{ label: '5 cash', type: 'cash', amount: 5, weight: 1 }] });
    const m = await member();
    await creditDeposit(t, m.id, 9_999);
    await creditDeposit(t, m.id, 10_000);
    await drainActivity(t.ctx, ticketsConsumer);
    await rewindConsumer(t.ctx, 'tickets');
    await drainActivity(t.ctx, ticketsConsumer);
    const list = await tickets(m.token);
    const mine = list.content.filter((x) => x.name.startsWith('Wheel'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ state: 'unopened', source: 'deposit' });
    expect(list.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const ticketId = mine[0]?.id as number;

    // Another member cannot open it.
    const other = await member();
    expect((await call(other.token, 'POST', `/wps/tickets/${ticketId}/open`)).json().code).toBe('TICKET_NOT_FOUND');

    const before = await cash(m.id);
    const [a, b] = await Promise.all([
      call(m.token, 'POST', `/wps/tickets/${ticketId}/open`),
      call(m.token, 'POST', `/wps/tickets/${ticketId}/open`),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('TICKET_ALREADY_OPENED');
    expect(await cash(m.id)).toBe(before + 500);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
    expect(k.id).toBeGreaterThan(0);
  });

  it('records a draw that verifies once the seed is revealed', async () => {
    const k = await createKind({
      prizes: [
        { label: 'Points', type: 'points', points: 30, weight: 3 },
        { label: 'Bonus', type: 'bonus', amount: 2, weight: 1 },
      ],
    });
    const m = await member();
    const committed = (await tickets(m.token)).seedHash;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const row = await t.ctx.db
        .insertInto('tickets')
        .values({ member_id: m.id, kind_id: k.id, source: `test:${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const draws = [];
    for (const id of ids) {
      const res = await call(m.token, 'POST', `/wps/tickets/${id}/open`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().value.draw;
      expect(d).toMatchObject({ seedHash: committed, serverSeed: null, verified: null, weights: [3, 1] });
      // The opening animation's segments: the table the draw used, the drawn line at prizeIndex.
      const segments = res.json().value.segments;
      expect(segments).toEqual([
        { label: 'Points', type: 'points', amount: 0, points: 30 },
        { label: 'Bonus', type: 'bonus', amount: 2, points: 0 },
      ]);
      expect(segments[d.prizeIndex]).toEqual(d.prize);
      draws.push(d);
    }
    expect(draws.map((d) => d.nonce)).toEqual([0, 1, 2]);
    const points = draws.filter((d) => d.prize.type === 'points').length * 30;
    expect(await pointsBalance(t.ctx.db, m.id)).toBe(points);

    const rotated = await call(m.token, 'POST', '/wps/tickets/seed/rotate', { clientSeed: 'my-own-seed' });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const r = rotated.json().value;
    expect(r.revealed.seedHash).toBe(committed);
    expect(createHash('sha256').update(r.revealed.serverSeed).digest('hex')).toBe(committed);
    expect(r.clientSeed).toBe('my-own-seed');
    expect(r.seedHash).not.toBe(committed);

    for (const d of draws) {
      const res = await call(m.token, 'GET', `/wps/tickets/draws/${d.id}`);
      const v = res.json().value;
      expect(v).toMatchObject({ serverSeed: r.revealed.serverSeed, verified: true });
      // Recomputed here from the published rule.
      const roll = fairRoll(v.serverSeed, v.clientSeed, v.nonce, 4);
      expect(roll).toBe(v.roll);
      expect(prizeIndexOf([3, 1], roll)).toBe(v.prizeIndex);
    }
    // Another member sees none of them.
    const other = await member();
    expect((await call(other.token, 'GET', `/wps/tickets/draws/${draws[0].id}`)).json().code).toBe(
      'TICKET_DRAW_NOT_FOUND',
    );
  });

  it('pays a ticket prize with another ticket', async () => {
    const inner = await createKind({ prizes: [{ label: 'Nothing', type: 'none', weight: 1 }] });
    const outer = await createKind({ prizes: [{ label: 'Egg', type: 'ticket', ticketKindId: inner.id, weight: 1 }] });
    const m = await member();
    const row = await t.ctx.db
      .insertInto('tickets')
      .values({ member_id: m.id, kind_id: outer.id, source: 'test:outer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(m.token, 'POST', `/wps/tickets/${row.id}/open`)).statusCode).toBe(200);
    const list = await tickets(m.token);
    expect(list.unopened).toBe(1);
    expect(list.content.find((x) => x.state === 'unopened')).toMatchObject({ source: 'ticket' });
  });

  it('reports issued and opened tickets by day', async () => {
    const day = await brandToday(t.ctx, new Date());
    const res = await call(admin, 'GET', `/admin/tickets/report?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().value.rows as { issued: number; opened: number; cash: number; points: number }[];
    expect(rows.reduce((s, r) => s + r.opened, 0)).toBe(5);
    expect(rows.reduce((s, r) => s + r.cash, 0)).toBe(5);
    expect((await call(admin, 'GET', '/admin/tickets/report?from=2020-01-01&to=2026-01-01')).json().code).toBe(
      'TICKET_REPORT_RANGE_INVALID',
    );
  });
});

describe('draws follow the weights', () => {
  it('passes a chi-square test over 40,000 draws', () => {
    const weights = [1, 2, 3, 10, 50];
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map(() => 0);
    const n = 40_000;
    let seed = newServerSeed().serverSeed;
    let client = newClientSeed();
    for (let i = 0; i < n; i++) {
      if (i % 1000 === 0) {
        seed = newServerSeed().serverSeed;
        client = newClientSeed();
      }
      const idx = prizeIndexOf(weights, fairRoll(seed, client, i % 1000, total));
      counts[idx] = (counts[idx] ?? 0) + 1;
    }
    const chi = counts.reduce((s, c, i) => {
      const expected = (n * (weights[i] as number)) / total;
      return s + (c - expected) ** 2 / expected;
    }, 0);
    // 4 degrees of freedom: P(chi2 > 18.47) = 0.001.
    expect(chi).toBeLessThan(18.47);
    // And a biased picker would fail it: every draw on the heaviest prize is far outside.
    const skewed = weights.reduce((s, w, i) => {
      const expected = (n * w) / total;
      const c = i === weights.length - 1 ? n : 0;
      return s + (c - expected) ** 2 / expected;
    }, 0);
    expect(skewed).toBeGreaterThan(18.47);
  });
});
