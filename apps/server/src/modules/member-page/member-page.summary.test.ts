import { randomUUID } from 'node:crypto';
import { addDays, brandDay, dayStart } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { refreshAgentDay } from '../agents/agent-stats.service';
import { getBrand } from '../brand/brand.service';
import { actors, call, expectFailure, fund } from '../cashier/cashier.fixtures';
import { post } from '../ledger/ledger.service';
import { adjustPoints } from '../points/points.service';
import { setLimits, takeBreak } from '../responsible/responsible.service';

// The member at a glance (GET /admin/members/:id/summary), the search by real name and the Audit
// tab's cashier actions. Every figure of the summary is checked against the fixture's own numbers,
// worked out by hand below (minor units in the fixture, major units in the answer).

let t: TestApp;
let currency: string;
let tz: string;
let today: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const brand = await getBrand(t.ctx.db);
  currency = brand.currency;
  tz = brand.timeZone;
  today = brandDay(t.ctx.now(), tz);
});
afterAll(() => t.close());

const { operator } = actors(() => t, createMember);

/** An hour into the brand day `days` before today. */
function dayAt(days: number): Date {
  return new Date(dayStart(addDays(today, -days), tz).getTime() + 3_600_000);
}

async function deposit(memberId: number, amount: number, status: 'approved' | 'pending' | 'rejected', at: Date) {
  seq++;
  const reference = `DSUM${Date.now().toString(36)}${seq}`;
  await t.ctx.db
    .insertInto('deposit_orders')
    .values({
      reference,
      member_id: memberId,
      request_id: `sum-${seq}`,
      method_code: 'BANK_TRANSFER',
      method_kind: 'bank_transfer',
      amount,
      currency,
      status,
      decided_at: status === 'pending' ? null : at,
      created_at: at,
    })
    .execute();
  return reference;
}

/**
 * Letters only (a name search wants a letter), random, so no two tests' names contain each other's
 * tag: timestamps with their digits swapped for a letter did, now and then.
 */
function letterTag(): string {
  return randomUUID()
    .replace(/-/g, '')
    .slice(0, 12)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] ?? 'g');
}

async function bankAccount(memberId: number, name: string) {
  seq++;
  const row = await t.ctx.db
    .insertInto('member_bank_accounts')
    .values({
      member_id: memberId,
      bank_name: 'BDO Unibank',
      account_name: name,
      account_number: `77${Date.now().toString().slice(-8)}${seq}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function withdrawal(memberId: number, bankAccountId: number, amount: number, approvedAt: Date | null) {
  seq++;
  await t.ctx.db
    .insertInto('withdrawal_orders')
    .values({
      reference: `WSUM${Date.now().toString(36)}${seq}`,
      member_id: memberId,
      request_id: `sum-w-${seq}`,
      bank_account_id: bankAccountId,
      amount,
      currency,
      status: approvedAt ? 'approved' : 'pending',
      hold_id: 0,
      approved_at: approvedAt,
      created_at: approvedAt ?? t.ctx.now(),
    })
    .execute();
}

async function gameNode() {
  const g = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('status', '=', 'active')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  return Number(g.node_id);
}

type Summary = {
  id: number;
  username: string;
  isAgent: boolean;
  identity: { verifiedName: string | null; kycLevel: number };
  vip: {
    level: number;
    labelName: string;
    deposits: number;
    validBets: number;
    windowDays: number;
    next: { level: number; labelName: string; minDeposit: number; minValidBet: number } | null;
  };
  balances: { currency: string; cash: number; held: number; available: number; bonus: number; points: number };
  figuresAsOf: string | null;
  payments: {
    lifetime: { deposits: number; depositCount: number; withdrawals: number; withdrawalCount: number };
    last30Days: { deposits: number; depositCount: number; withdrawals: number; withdrawalCount: number };
  } | null;
  play: {
    lifetime: { rounds: number; bets: number; wins: number; ggr: number };
    last30Days: { rounds: number; bets: number; wins: number; ggr: number };
  };
  responsible: {
    limits: { key: string; value: number | null; used: number; pending: unknown }[];
    realityCheckMinutes: number | null;
    break: { kind: string; period: string; startedAt: string; until: string | null } | null;
  };
  uplines: { id: number; username: string; type: number }[];
  tags: string[];
  notes: { total: number; latest: { text: string; operator: string }[] };
};

/**
 * A member under sub-agent S under top agent A, with a verified name, money and play on days 40, 30,
 * 29 and 10 before today and today, a bonus, points, a deposit limit, a time-out, tags and notes.
 */
async function fixture() {
  const top = await createMember(t.ctx, { type: 1 });
  const sub = await createMember(t.ctx, { type: 2, uplineId: top.id });
  const m = await createMember(t.ctx, { uplineId: sub.id, mobileNum: `917${Date.now().toString().slice(-7)}` });
  const kycOperator = await operator(['kyc.review']);
  await t.ctx.db
    .insertInto('kyc_identities')
    .values({
      member_id: m.id,
      entered_name: 'Maria Santos',
      entered_birthday: '1990-04-02',
      verified_name: `Maria Clara Santos${m.id}`,
      verified_birthday: '1990-04-02',
      verified_by: kycOperator.id,
      verified_at: t.ctx.now(),
    })
    .execute();

  // Approved deposits: 1,000.00 (day 40), 70.00 (day 30), 200.00 (day 29), 50.00 (today);
  // a pending 99.99 and a rejected 300.00 today count nowhere.
  await deposit(m.id, 100_000, 'approved', dayAt(40));
  await deposit(m.id, 7_000, 'approved', dayAt(30));
  await deposit(m.id, 20_000, 'approved', dayAt(29));
  await deposit(m.id, 5_000, 'approved', dayAt(0));
  await deposit(m.id, 9_999, 'pending', dayAt(0));
  await deposit(m.id, 30_000, 'rejected', dayAt(0));
  // Approved withdrawals: 300.00 (day 40), 125.00 (day 10); a pending 500.00 counts nowhere.
  const account = await bankAccount(m.id, 'Maria Clara Santos');
  await withdrawal(m.id, account, 30_000, dayAt(40));
  await withdrawal(m.id, account, 12_500, dayAt(10));
  await withdrawal(m.id, account, 50_000, null);
  // Closed rounds: bet 500.00 won 100.00 (day 40), bet 80.00 won 110.00 (day 10), bet 30.00 won 5.00
  // (today); an open and a rolled-back round are no valid bets.
  const node = await gameNode();
  await insertRound(t.ctx, { memberId: m.id, nodeId: node, bet: 50_000, win: 10_000, at: dayAt(40) });
  await insertRound(t.ctx, { memberId: m.id, nodeId: node, bet: 8_000, win: 11_000, at: dayAt(10) });
  await insertRound(t.ctx, { memberId: m.id, nodeId: node, bet: 3_000, win: 500, at: dayAt(0) });
  await insertRound(t.ctx, { memberId: m.id, nodeId: node, bet: 9_000, status: 'open', at: dayAt(0) });
  await insertRound(t.ctx, { memberId: m.id, nodeId: node, bet: 4_000, status: 'rolled_back', at: dayAt(0) });
  for (const days of [40, 30, 29, 10, 0]) await refreshAgentDay(t.ctx, addDays(today, -days), tz);

  // Balances: 777.00 cash, 30.00 bonus, 250 points.
  await fund(t, m.id, 77_700, currency);
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: `sum-bonus-${m.id}`,
      type: 'test.bonus',
      reference: 'test',
      entries: [
        { account: { member: m.id, kind: 'bonus', currency }, amount: 3_000 },
        { account: { house: 'promotions-expense', currency }, amount: -3_000 },
      ],
    }),
  );
  await adjustPoints(t.ctx, { username: m.username, points: 250, reason: 'fixture', requestId: randomUUID() });

  // VIP window (90 days): 250.00 deposited and 80.00 bet ten days ago; the deposit 200 days ago is
  // outside it.
  await t.ctx.db
    .insertInto('vip_member_days')
    .values([
      { member_id: m.id, day: addDays(today, -10), deposits: 25_000, valid_bets: 8_000 },
      { member_id: m.id, day: addDays(today, -200), deposits: 999_999, valid_bets: 0 },
    ])
    .execute();

  // A daily deposit limit of 500.00 (today: 50.00 approved + 99.99 pending = 149.99 used), a week off.
  await setLimits(t.ctx, m.id, { depositDay: 500 });
  await takeBreak(t.ctx, m.id, '7d');
  return { m, top, sub };
}

describe('the member summary', () => {
  it('answers every figure of the fixture, worked out by hand', async () => {
    const { m, top, sub } = await fixture();
    const desk = await operator(['members.read', 'members.write', 'members.pii', 'cashier.read']);
    await call(t, 'POST', `/admin/members/${m.id}/tags`, desk.token, { tags: ['whale', 'watch'] });
    for (const text of ['first', 'second', 'third', 'fourth'])
      expect((await call(t, 'POST', `/admin/members/${m.id}/notes`, desk.token, { text })).statusCode).toBe(200);

    const res = await call(t, 'GET', `/admin/members/${m.id}/summary`, desk.token);
    expect(res.statusCode).toBe(200);
    const s = res.json().value as Summary;
    const level1 = await t.ctx.db
      .selectFrom('vip_levels')
      .select(['label_name', 'min_deposit', 'min_valid_bet'])
      .where('level', '=', 1)
      .executeTakeFirstOrThrow();

    expect(s.id).toBe(m.id);
    expect(s.isAgent).toBe(false);
    // Details entered and a mobile bound: level 1 (level 2 needs approved documents).
    expect(s.identity).toEqual({ verifiedName: `Maria Clara Santos${m.id}`, kycLevel: 1 });
    expect(s.vip).toEqual({
      level: 0,
      labelName: expect.any(String),
      deposits: 250,
      validBets: 80,
      windowDays: 90,
      next: {
        level: 1,
        labelName: level1.label_name,
        minDeposit: Number(level1.min_deposit) / 100,
        minValidBet: Number(level1.min_valid_bet) / 100,
      },
    });
    expect(s.balances).toEqual({ currency, cash: 777, held: 0, available: 777, bonus: 30, points: 250 });
    expect(s.figuresAsOf).not.toBeNull();
    // Lifetime: 1,000 + 70 + 200 + 50 deposited in 4; 300 + 125 withdrawn in 2.
    // Last 30 days (today and the 29 days before): 200 + 50 in 2; 125 in 1.
    expect(s.payments).toEqual({
      lifetime: { deposits: 1320, depositCount: 4, withdrawals: 425, withdrawalCount: 2 },
      last30Days: { deposits: 250, depositCount: 2, withdrawals: 125, withdrawalCount: 1 },
    });
    // Lifetime: bets 500 + 80 + 30 = 610, wins 100 + 110 + 5 = 215, GGR 395.
    // Last 30 days: bets 110, wins 115, GGR -5 (the member won).
    expect(s.play).toEqual({
      lifetime: { rounds: 3, bets: 610, wins: 215, ggr: 395 },
      last30Days: { rounds: 2, bets: 110, wins: 115, ggr: -5 },
    });
    expect(s.responsible.limits).toEqual([{ key: 'depositDay', value: 500, used: 149.99, pending: null }]);
    expect(s.responsible.break).toMatchObject({ kind: 'timeout', period: '7d' });
    expect(
      new Date(s.responsible.break?.until ?? 0).getTime() - new Date(s.responsible.break?.startedAt ?? 0).getTime(),
    ).toBe(7 * 86_400_000);
    expect(s.uplines).toEqual([
      { id: sub.id, username: sub.username, type: 2 },
      { id: top.id, username: top.username, type: 1 },
    ]);
    expect(s.tags).toEqual(['watch', 'whale']);
    expect(s.notes.total).toBe(4);
    expect(s.notes.latest.map((n) => n.text)).toEqual(['fourth', 'third', 'second']);
    expect(s.notes.latest[0]?.operator).toBe(desk.username);
  });

  it('leaves cashier figures out without cashier.read and masks the verified name without members.pii', async () => {
    const { m } = await fixture();
    const reader = await operator(['members.read']);
    const res = await call(t, 'GET', `/admin/members/${m.id}/summary`, reader.token);
    expect(res.statusCode).toBe(200);
    const s = res.json().value as Summary;
    expect(s.payments).toBeNull();
    expect(s.play.lifetime.ggr).toBe(395);
    expect(s.identity.verifiedName).not.toContain('Clara');
    const revealer = await operator(['members.read', 'members.reveal']);
    const shown = await call(t, 'POST', `/admin/members/${m.id}/reveal`, revealer.token, { field: 'verifiedName' });
    expect(shown.json().value).toEqual({ field: 'verifiedName', value: `Maria Clara Santos${m.id}` });
  });

  it('an agent is an agent, with no upline above a top agent', async () => {
    const agent = await createMember(t.ctx, { type: 1 });
    const reader = await operator(['members.read']);
    const s = (await call(t, 'GET', `/admin/members/${agent.id}/summary`, reader.token)).json().value as Summary;
    expect(s.isAgent).toBe(true);
    expect(s.uplines).toEqual([]);
    expect(s.payments).toBeNull();
    expect(s.play.lifetime).toEqual({ rounds: 0, bets: 0, wins: 0, ggr: 0 });
    expect(s.responsible).toEqual({ limits: [], realityCheckMinutes: null, break: null });
  });

  it('refuses an operator without members.read, and a member who is not there', async () => {
    const m = await createMember(t.ctx);
    expectFailure(await call(t, 'GET', `/admin/members/${m.id}/summary`), 401, 'AUTH_REQUIRED');
    const cashierOnly = await operator(['cashier.read', 'cashier.approve']);
    expectFailure(await call(t, 'GET', `/admin/members/${m.id}/summary`, cashierOnly.token), 403, 'AUTH_FORBIDDEN');
    const reader = await operator(['members.read']);
    expectFailure(await call(t, 'GET', '/admin/members/999999999/summary', reader.token), 404, 'MEMBER_NOT_FOUND');
    const staff = await createMember(t.ctx, { type: 90, permissions: ['*'] });
    expectFailure(await call(t, 'GET', `/admin/members/${staff.id}/summary`, reader.token), 404, 'MEMBER_NOT_FOUND');
  });
});

describe('search by real name', () => {
  it('finds the verified name and the name entered in the profile, in part and in any case', async () => {
    const verified = await createMember(t.ctx);
    const tag = letterTag();
    await t.ctx.db
      .insertInto('kyc_identities')
      .values({
        member_id: verified.id,
        entered_name: 'Someone Else',
        entered_birthday: '1991-01-01',
        verified_name: `Josefina Realname${tag}`,
        verified_birthday: '1991-01-01',
        verified_at: t.ctx.now(),
      })
      .execute();
    const profile = await createMember(t.ctx);
    await t.ctx.db
      .updateTable('members')
      .set({ full_name: `Josefina Profile${tag}` })
      .where('id', '=', profile.id)
      .execute();
    const reader = await operator(['members.read']);
    const ids = async (q: string, field: string) => {
      const res = await call(t, 'GET', `/admin/members?q=${encodeURIComponent(q)}&field=${field}`, reader.token);
      expect(res.statusCode).toBe(200);
      return (res.json().value.list as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    };
    expect(await ids(`realname${tag}`.toUpperCase(), 'name')).toEqual([verified.id]);
    expect(await ids(`Profile${tag}`, 'name')).toEqual([profile.id]);
    expect(await ids(tag, 'name')).toEqual([verified.id, profile.id].sort((a, b) => a - b));
    // Every field includes the names; the username search does not.
    expect(await ids(`josefina realname${tag}`, 'all')).toEqual([verified.id]);
    expect(await ids(`Realname${tag}`, 'username')).toEqual([]);
    // The entered (unverified) KYC name is not a real name yet.
    expect(await ids('Someone Else', 'name')).not.toContain(verified.id);
  });
});

describe('the Audit tab', () => {
  it("lists the cashier's decisions on the member with cashier.read, beside the member's own actions", async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const desk = await operator(['members.read', 'members.write', 'cashier.read', 'cashier.approve']);
    const reference = await deposit(m.id, 4_200, 'pending', t.ctx.now());
    const approved = await call(t, 'POST', `/admin/cashier/deposits/${reference}/approve`, desk.token);
    expect(approved.statusCode).toBe(200);
    const account = await bankAccount(m.id, 'Audit Tester');
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${account}/confirm`, desk.token)).statusCode).toBe(200);
    // A refused decision is an operator action too: rejecting the order once it is approved.
    const late = await call(t, 'POST', `/admin/cashier/deposits/${reference}/reject`, desk.token, { reason: 'late' });
    expect(late.statusCode).toBe(409);
    await call(t, 'POST', `/admin/members/${m.id}/tags`, desk.token, { tags: ['audited'] });
    // Another member's order is not this member's.
    const elsewhere = await deposit(other.id, 1_000, 'pending', t.ctx.now());
    await call(t, 'POST', `/admin/cashier/deposits/${elsewhere}/approve`, desk.token);

    const rows = async (token: string) => {
      const res = await call(t, 'GET', `/admin/members/${m.id}/audit`, token);
      expect(res.statusCode).toBe(200);
      const v = res.json().value as {
        total: number;
        list: { event: string; success: boolean; operator: string; detail: { target?: string } }[];
      };
      expect(v.total).toBe(v.list.length);
      return v.list.map((r) => [r.event, r.success, r.detail.target]);
    };
    expect(await rows(desk.token)).toEqual([
      ['member.tags', true, `member:${m.id}`],
      ['cashier.deposit.reject', false, reference],
      ['cashier.bankAccount.confirm', true, String(account)],
      ['cashier.deposit.approve', true, reference],
    ]);
    // Without cashier.read, the cashier's rows stay with the cashier data.
    const reader = await operator(['members.read']);
    expect(await rows(reader.token)).toEqual([['member.tags', true, `member:${m.id}`]]);
  });
});

describe('the names on transfer slips, risk and breaks', () => {
  /** A deposit order with the depositor name the member gave. */
  async function depositBy(memberId: number, name: string) {
    const reference = await deposit(memberId, 1_000, 'pending', t.ctx.now());
    await t.ctx.db
      .updateTable('deposit_orders')
      .set({ depositor_name: name })
      .where('reference', '=', reference)
      .execute();
  }

  it('finds a member by the holder name of a bank account or the depositor name of a deposit, with cashier.read only', async () => {
    const tag = letterTag();
    const holder = await createMember(t.ctx);
    await bankAccount(holder.id, `Rosario Holder${tag}`);
    const depositor = await createMember(t.ctx);
    await depositBy(depositor.id, `Rosario Slip${tag}`);
    const desk = await operator(['members.read', 'cashier.read']);
    const reader = await operator(['members.read']);
    const ids = async (q: string, field: string, token = desk.token) => {
      const res = await call(t, 'GET', `/admin/members?q=${encodeURIComponent(q)}&field=${field}`, token);
      expect(res.statusCode).toBe(200);
      return (res.json().value.list as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    };
    expect(await ids(`holder${tag}`.toUpperCase(), 'payee')).toEqual([holder.id]);
    expect(await ids(`Slip${tag}`, 'payee')).toEqual([depositor.id]);
    expect(await ids(tag, 'payee')).toEqual([holder.id, depositor.id].sort((a, b) => a - b));
    expect(await ids(`rosario slip${tag}`, 'all')).toEqual([depositor.id]);
    // Not a real name, and cashier data: without cashier.read the field is refused and `all` leaves it out.
    expect(await ids(tag, 'name')).toEqual([]);
    expectFailure(await call(t, 'GET', `/admin/members?q=${tag}&field=payee`, reader.token), 403, 'AUTH_FORBIDDEN');
    expect(await ids(tag, 'all', reader.token)).toEqual([]);
  });

  it('shows the payee names with their match, the risk badge and the break on the summary', async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    await t.ctx.db
      .insertInto('kyc_identities')
      .values({
        member_id: m.id,
        entered_name: 'Lorna Reyes',
        entered_birthday: '1990-01-01',
        verified_name: 'Lorna Reyes',
        verified_birthday: '1990-01-01',
        verified_at: t.ctx.now(),
      })
      .execute();
    await bankAccount(m.id, 'LORNA  reyes');
    await depositBy(m.id, 'Juan Dela Cruz');
    await depositBy(m.id, 'Juan Dela Cruz');
    await t.ctx.db
      .insertInto('member_risk_levels')
      .values({ member_id: m.id, level: 'high', reason: 'test', source: 'operator' })
      .execute();
    await t.ctx.db
      .insertInto('risk_flags')
      .values([
        { member_id: m.id, kind: 'bonus_hit_and_run', key: `a${m.id}`, evidence: '{}' },
        { member_id: m.id, kind: 'bonus_hit_and_run', key: `b${m.id}`, evidence: '{}', status: 'dismissed' },
      ])
      .execute();
    const [a, b] = [m.id, other.id].sort((x, y) => x - y) as [number, number];
    await t.ctx.db
      .insertInto('risk_links')
      .values([
        { member_id: a, other_id: b, kind: 'ip', value: `10.9.${m.id % 250}.1` },
        { member_id: a, other_id: b, kind: 'device', value: `dev${m.id}`, status: 'confirmed' },
        { member_id: a, other_id: b, kind: 'payee_name', value: `p${m.id}`, status: 'dismissed' },
      ])
      .execute();
    await takeBreak(t.ctx, m.id, '7d');

    const desk = await operator(['members.read', 'members.pii', 'cashier.read']);
    const res = await call(t, 'GET', `/admin/members/${m.id}/summary`, desk.token);
    expect(res.statusCode).toBe(200);
    const s = res.json().value as Summary & {
      status: string;
      risk: unknown;
      payees: { name: string; source: string; match: string }[] | null;
    };
    expect(s.risk).toEqual({ level: 'high', openFlags: 1, links: 2 });
    expect(s.payees).toEqual([
      { name: 'LORNA  reyes', source: 'bankAccount', match: 'match' },
      { name: 'Juan Dela Cruz', source: 'deposit', match: 'mismatch' },
    ]);
    // Without cashier.read the names stay with the cashier data.
    const reader = await operator(['members.read']);
    const plain = (await call(t, 'GET', `/admin/members/${m.id}/summary`, reader.token)).json().value;
    expect(plain.payees).toBeNull();
    expect(plain.risk).toEqual({ level: 'high', openFlags: 1, links: 2 });

    // The account is still active, but the member page and the search say the time-out and until when.
    const until = new Date(t.ctx.now().getTime() + 7 * 86_400_000).toISOString();
    const overview = (await call(t, 'GET', `/admin/members/${m.id}`, desk.token)).json().value;
    expect(overview.status).toBe('active');
    expect(overview.break).toMatchObject({ kind: 'timeout', period: '7d' });
    expect(Math.abs(Date.parse(overview.break.until) - Date.parse(until))).toBeLessThan(60_000);
    const found = (await call(t, 'GET', `/admin/members?q=${m.id}&field=id`, desk.token)).json().value.list;
    expect(found).toMatchObject([
      { id: m.id, status: 'active', break: { kind: 'timeout', until: overview.break.until } },
    ]);
    const free = (await call(t, 'GET', `/admin/members?q=${other.id}&field=id`, desk.token)).json().value.list;
    expect(free).toMatchObject([{ id: other.id, break: null }]);
    expect((await call(t, 'GET', `/admin/members/${other.id}`, desk.token)).json().value.break).toBeNull();
  });
});
