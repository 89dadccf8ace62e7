import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followAppClock } from '../../db/app-clock';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound, twoVendorGames } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { brandDefaults, getBrand } from '../brand/brand.service';
import { type Posting, post, postAdjustment } from '../ledger/ledger.service';
import {
  type AgentNgrSettings,
  agentNgrSettings,
  type MemberRevenueRow,
  memberRevenueSql,
  NGR_POSTING_TYPES,
  NOT_DEDUCTED,
  revenueRowOf,
} from './member-revenue.sql';

let t: TestApp;
let currency: string;
let seq = 0;
const HOUR = 3_600_000;
// A past hour: postings are dated into it through the application clock (db/app-clock.ts).
const START = new Date(Math.floor((Date.now() - 5 * 24 * HOUR) / HOUR) * HOUR);
const END = new Date(START.getTime() + HOUR);
const IN = new Date(START.getTime() + 10 * 60_000);
const BEFORE = new Date(START.getTime() - 60_000);
const EXPENSE = 'promotions-expense';

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  currency = (await getBrand(t.ctx.db)).currency;
});
afterAll(() => t.close());

/** Posts as of `at` (the posting's created_at), as the services post. */
async function postAt(at: Date, p: Omit<Posting, 'idempotencyKey' | 'reference'>) {
  seq++;
  await t.ctx.db.transaction().execute(async (trx) => {
    await followAppClock(trx, at);
    await post(trx, { ...p, idempotencyKey: `ngr-test-${seq}`, reference: `NGR${seq}` });
  });
}

/** House money to the member's cash (or bonus) by the services' posting shape. */
function pay(at: Date, type: string, memberId: number, amount: number, kind: 'cash' | 'bonus' = 'cash') {
  return postAt(at, {
    type,
    entries: [
      { account: { house: EXPENSE, currency }, amount: -amount },
      { account: { member: memberId, kind, currency }, amount },
    ],
  });
}

async function adjust(at: Date, memberId: number, amount: number) {
  seq++;
  await t.ctx.db.transaction().execute(async (trx) => {
    await followAppClock(trx, at);
    await postAdjustment(trx, { memberId, currency, amount, idempotencyKey: `ngr-adj-${seq}`, reference: 'ADJ' });
  });
}

/** An approved deposit order decided in the window (what the payment fee charges). */
async function approvedDeposit(memberId: number, amount: number) {
  seq++;
  await t.ctx.db
    .insertInto('deposit_orders')
    .values({
      reference: `DNGR${seq}`,
      member_id: memberId,
      request_id: `ngr${seq}`,
      method_code: 'BANK_TRANSFER',
      method_kind: 'bank_transfer',
      amount,
      currency,
      status: 'approved',
      first_deposit: true,
      decided_at: IN,
    })
    .execute();
}

async function revenue(ids: number[], s: AgentNgrSettings, start = START, end = END) {
  const r = await sql<Record<keyof MemberRevenueRow, string>>`
    WITH n AS (${memberRevenueSql(start, end, s)})
    SELECT * FROM n WHERE member_id IN (${sql.join(ids)}) ORDER BY member_id`.execute(t.ctx.db);
  return r.rows.map(revenueRowOf);
}

const ALL_ON = agentNgrSettings(brandDefaults);

describe('memberRevenueSql', () => {
  it('counts each category of house cash, not bonus credits nor other postings, only in the window', async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const [g1] = await twoVendorGames(t.ctx);
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 10_000, win: 3_000, at: IN });
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 5_000, win: 0, at: BEFORE });
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 5_000, status: 'open', at: IN });

    // A bonus paid into the bonus account counts only once converted into cash.
    await pay(IN, 'bonus', m.id, 700, 'bonus');
    await postAt(IN, {
      type: 'bonus.convert',
      entries: [
        { account: { member: m.id, kind: 'bonus', currency }, amount: -400 },
        { account: { member: m.id, currency }, amount: 400 },
      ],
    });
    await pay(IN, 'bonus', m.id, 50); // a reward paid as cash
    await pay(IN, 'bonus.rebate', m.id, 110);
    await pay(IN, 'bonus.mission', m.id, 120);
    await pay(IN, 'bonus.ticket', m.id, 130);
    await pay(IN, 'bonus.ticket', m.id, 999, 'bonus'); // a ticket prize paid as bonus: not cash yet
    await pay(IN, 'bonus.referral', m.id, 140);
    await pay(IN, 'bonus.vip-monthly', m.id, 150);
    await pay(IN, 'bonus.vip-upgrade', m.id, 5);
    await pay(IN, 'bonus.points-convert', m.id, 160);
    await pay(IN, 'bonus.points-redeem', m.id, 6);
    await adjust(IN, m.id, 500);
    await adjust(IN, m.id, -200);
    // Not house money: a deposit-like credit and a transfer from another member.
    await postAt(IN, {
      type: 'deposit',
      entries: [
        { account: { house: 'bank', currency }, amount: -9_000 },
        { account: { member: m.id, currency }, amount: 9_000 },
      ],
    });
    await postAt(IN, {
      type: 'transfer.downline',
      entries: [
        { account: { member: m.id, currency }, amount: -1_000 },
        { account: { member: other.id, currency }, amount: 1_000 },
      ],
    });
    // Outside the window: before it, and at its end (the window is half-open).
    await pay(BEFORE, 'bonus.rebate', m.id, 10_000);
    await pay(END, 'bonus.mission', m.id, 10_000);
    await adjust(END, m.id, 10_000);

    const [row] = await revenue([m.id], ALL_ON);
    expect(row).toEqual({
      member_id: m.id,
      valid_bets: 10_000,
      wins: 3_000,
      d_bonus: 450,
      d_rebate: 110,
      d_mission: 120,
      d_ticket: 130,
      d_referral: 140,
      d_vip: 155,
      d_points: 166,
      d_manual: 300,
      d_goodwill: 0,
      d_provider_fee: 0,
      d_payment_fee: 0,
      ngr: 10_000 - 3_000 - (450 + 110 + 120 + 130 + 140 + 155 + 166 + 300),
    });
    // The other member's activity in the window was a transfer only: nothing counted, no row.
    expect(await revenue([other.id], ALL_ON)).toEqual([]);

    // The previous hour sees only what was posted before the window.
    const [before] = await revenue([m.id], ALL_ON, new Date(START.getTime() - HOUR), START);
    expect(before).toMatchObject({ valid_bets: 5_000, d_rebate: 10_000, d_mission: 0, d_manual: 0 });
  });

  it('a switched-off category is not counted', async () => {
    const m = await createMember(t.ctx);
    await pay(IN, 'bonus.rebate', m.id, 1_000);
    await pay(IN, 'bonus.vip-birthday', m.id, 300);
    await adjust(IN, m.id, 200);
    const [on] = await revenue([m.id], ALL_ON);
    expect(on).toMatchObject({ d_rebate: 1_000, d_vip: 300, d_manual: 200, ngr: -1_500 });
    const [off] = await revenue([m.id], { ...ALL_ON, rebate: false, manual: false });
    expect(off).toMatchObject({ d_rebate: 0, d_vip: 300, d_manual: 0, ngr: -300 });
    // Nothing switched on and nothing played: no row at all.
    const none = Object.fromEntries(Object.entries(ALL_ON).map(([k, v]) => [k, typeof v === 'boolean' ? false : v]));
    expect(await revenue([m.id], none as AgentNgrSettings)).toEqual([]);
  });

  it('charges the provider fee per vendor on positive GGR, and the payment fee on approved orders', async () => {
    const m = await createMember(t.ctx);
    const winner = await createMember(t.ctx);
    const [g1, g2] = await twoVendorGames(t.ctx);
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g1.node_id), bet: 10_000, win: 2_000, at: IN });
    await insertRound(t.ctx, { memberId: m.id, nodeId: Number(g2.node_id), bet: 4_000, win: 1_000, at: IN });
    await insertRound(t.ctx, { memberId: winner.id, nodeId: Number(g1.node_id), bet: 1_000, win: 5_000, at: IN });
    await approvedDeposit(m.id, 30_000);
    const s = { ...ALL_ON, providerFeePpm: { [g1.vendor_code]: 150_000 }, paymentFeePpm: 20_000 };
    const rows = await revenue([m.id, winner.id], s);
    const byId = new Map(rows.map((r) => [r.member_id, r]));
    // 15% of 8,000 at the first vendor; the second vendor has no fee; 2% of the 30,000 deposited.
    expect(byId.get(m.id)).toMatchObject({
      valid_bets: 14_000,
      wins: 3_000,
      d_provider_fee: 1_200,
      d_payment_fee: 600,
      ngr: 14_000 - 3_000 - 1_200 - 600,
    });
    // A member who won at the vendor gives the house no GGR there and costs no fee.
    expect(byId.get(winner.id)).toMatchObject({ d_provider_fee: 0, d_payment_fee: 0, ngr: -4_000 });
    // Without the fees set, neither is charged.
    const [plain] = await revenue([m.id], ALL_ON);
    expect(plain).toMatchObject({ d_provider_fee: 0, d_payment_fee: 0, ngr: 11_000 });
  });

  it('rounds the payment fee down, as the provider fee, however large the fraction', async () => {
    const m = await createMember(t.ctx);
    await approvedDeposit(m.id, 22_542);
    // 2% of 22,542 is 450.84: the fee is 450 (the sum of orders is numeric in SQL, whose cast to
    // bigint would round it to 451).
    const [row] = await revenue([m.id], { ...ALL_ON, paymentFeePpm: 20_000 });
    expect(row).toMatchObject({ d_payment_fee: 450, ngr: -450 });
  });
});

describe('posting types', () => {
  /** The posting types the server's code makes: the `type` of a posting (beside its idempotencyKey, or a vendor cash move). */
  function postingTypes(): string[] {
    const root = join(__dirname, '..');
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('fixtures')) {
          const lines = readFileSync(path, 'utf8').split('\n');
          lines.forEach((line, i) => {
            if (!/\btype: /.test(line)) return;
            const near = lines.slice(Math.max(0, i - 4), i).join('\n');
            if (!near.includes('idempotencyKey') && !line.includes('toMember')) return;
            for (const m of line.matchAll(/['`]([a-zA-Z][\w.${}-]*)['`]/g)) if (m[1]) found.add(m[1]);
          });
        }
      }
    };
    walk(root);
    return [...found];
  }

  it('every posting type the code makes is either a deduction category or listed as never deducted', () => {
    const deducted = Object.values(NGR_POSTING_TYPES).flat();
    const known = [...deducted, ...Object.keys(NOT_DEDUCTED)];
    const matches = (type: string, entry: string) => {
      // A template (`bonus.vip-${kind}`) or a family (`transfer.*`) stands for its prefix.
      const t = type.replace(/\$\{[^}]*\}.*$/, '*');
      const prefix = (s: string) => (s.endsWith('*') ? s.slice(0, -1) : null);
      const tp = prefix(t);
      const ep = prefix(entry);
      if (tp !== null) return entry.startsWith(tp);
      return ep !== null ? t.startsWith(ep) : t === entry;
    };
    const types = postingTypes();
    // The scan sees the posting types it must (a regression of it would pass everything).
    for (const t of ['bonus.convert', 'bonus.rebate', 'adjustment.credit', 'adjustment.debit', 'bet.vendor', 'deposit'])
      expect(types).toContain(t);
    const unclassified = types.filter((t) => !known.some((k) => matches(t, k)));
    expect(unclassified).toEqual([]);
    // No type is both deducted and excluded.
    expect(deducted.filter((t) => Object.keys(NOT_DEDUCTED).some((k) => matches(t, k)))).toEqual([]);
  });
});
