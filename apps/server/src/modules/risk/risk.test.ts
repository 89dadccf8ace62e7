import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { creditDeposit, playVendorRound } from '../../test/programmes';
import { drainActivity } from '../activity/activity-bus';
import { brandDefaults, setBrandSetting } from '../brand/brand.service';
import {
  actors,
  call,
  expectFailure,
  fund,
  PAYMENT_PASSWORD,
  requestId,
  setPaymentPassword,
} from '../cashier/cashier.fixtures';
import { memberRiskLevel, riskConsumer } from './risk.service';

// Risk (docs/risk.md) through HTTP on the test database: each kind of link, the IP thresholds, both
// abuse flags with a fixture that raises each and one that does not, reviews (audited, raising the
// level), levels set by an operator, permissions and bad input.

let t: TestApp;
let admin: string;
let seq = 0;
let promotionId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  // The promotion the test bonuses come from: ended, so it grants nothing by itself.
  promotionId = (
    await t.ctx.db
      .insertInto('promotions')
      .values({
        type: 'DEPOSIT',
        kind: 'fixed',
        state: 'ended',
        starts_at: new Date(),
        rules: JSON.stringify({ trigger: 'deposit', amount: 500, payAs: 'cash' }),
        texts: JSON.stringify({ en: { title: 'Welcome match', summary: 's', rules: 'r' } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorWith } = actors(() => t, createMember);

/** An address no other member of this file uses (so only what a test shares links). */
function freshIp(): string {
  seq++;
  return `10.95.${Math.floor(seq / 250)}.${seq % 250}`;
}

/** A member with an address of its own and a unique payee name, signed in once (a login event). */
async function member(input: { knownIps?: string[]; payeeName?: string } = {}) {
  const letters = randomBytes(6)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'a');
  const ip = input.knownIps?.[0] ?? freshIp();
  const m = await memberWithSession({
    knownIps: input.knownIps ?? [ip],
    payeeName: input.payeeName ?? `Risk ${letters}`,
  });
  return { ...m, ip };
}

const drain = () => drainActivity(t.ctx, riskConsumer);

function put(url: string, token: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: token },
    payload: payload as Record<string, unknown>,
  });
}

async function panel(memberId: number, token = admin) {
  const res = await call(t, 'GET', `/admin/risk/members/${memberId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    level: string;
    reason: string | null;
    history: { from: string; to: string; source: string; reason: string }[];
    links: {
      id: number;
      kind: string;
      value: string;
      status: string;
      member: { id: number; level: string };
      other: { id: number };
    }[];
    flags: { id: number; kind: string; status: string; evidence: Record<string, unknown> }[];
  };
}

function linkedIds(p: Awaited<ReturnType<typeof panel>>, memberId: number, kind: string) {
  return p.links
    .filter((l) => l.kind === kind)
    .map((l) => (l.member.id === memberId ? l.other.id : l.member.id))
    .sort((a, b) => a - b);
}

async function login(m: { username: string; password: string }, ip: string, deviceId: string) {
  const res = await injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    body: { challenge: await solveChallenge(t.app), username: m.username, password: m.password, type: 'username' },
    remoteAddress: ip,
    headers: { 'x-device-id': deviceId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function bindBank(m: { token: string }, accountNumber: string, accountName: string) {
  const res = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
    bankName: 'BDO',
    accountName,
    accountNumber,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

describe('linked accounts', () => {
  it('links members who signed in from one device (the X-Device-Id login records), listed on each and queued', async () => {
    const device = randomBytes(16).toString('hex');
    const a = await member();
    const b = await member();
    const c = await member();
    await login(a, a.ip, device);
    await login(b, b.ip, device);
    await login(c, c.ip, randomBytes(16).toString('hex'));
    await drain();

    const pa = await panel(a.id);
    expect(linkedIds(pa, a.id, 'device')).toEqual([b.id]);
    const link = pa.links.find((l) => l.kind === 'device');
    expect(link).toMatchObject({
      status: 'pending',
      value: createHash('sha256').update(device).digest('hex').slice(0, 12),
    });
    expect(linkedIds(await panel(b.id), b.id, 'device')).toEqual([a.id]);
    expect((await panel(c.id)).links).toEqual([]);

    const queue = await call(t, 'GET', `/admin/risk/links?status=pending&kind=device&memberId=${b.id}`, admin);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().value.list.map((l: { id: number }) => l.id)).toEqual([link?.id]);
  });

  it('links an IP address only beyond ipSharedBeyond members, and not above ipIgnoreAbove', async () => {
    const ip = freshIp();
    const first = await member({ knownIps: [ip] });
    const second = await member({ knownIps: [ip] });
    await drain();
    // Two members on one address (the default allows 2) are not linked.
    expect(linkedIds(await panel(first.id), first.id, 'ip')).toEqual([]);

    const third = await member({ knownIps: [ip] });
    await drain();
    expect(linkedIds(await panel(first.id), first.id, 'ip')).toEqual([second.id, third.id]);
    expect(linkedIds(await panel(third.id), third.id, 'ip')).toEqual([first.id, second.id]);
    expect((await panel(third.id)).links.find((l) => l.kind === 'ip')?.value).toBe(ip);

    // An address used by more members than ipIgnoreAbove links nobody new.
    await setBrandSetting(t.ctx.db, 'risk', { ...brandDefaults.risk, ipIgnoreAbove: 3 });
    try {
      const fourth = await member({ knownIps: [ip] });
      await drain();
      expect(linkedIds(await panel(fourth.id), fourth.id, 'ip')).toEqual([]);
    } finally {
      await setBrandSetting(t.ctx.db, 'risk', brandDefaults.risk);
    }

    // A lower threshold links two members of one address.
    await setBrandSetting(t.ctx.db, 'risk', { ...brandDefaults.risk, ipSharedBeyond: 1 });
    try {
      const other = freshIp();
      const x = await member({ knownIps: [other] });
      const y = await member({ knownIps: [other] });
      await drain();
      expect(linkedIds(await panel(x.id), x.id, 'ip')).toEqual([y.id]);
    } finally {
      await setBrandSetting(t.ctx.db, 'risk', brandDefaults.risk);
    }
  });

  it('links two members who bound the same bank account number, not different ones', async () => {
    const a = await member({ payeeName: 'Ana Reyes' });
    const b = await member({ payeeName: 'Ben Cruz' });
    const c = await member({ payeeName: 'Cora Lim' });
    const number = `55${Math.floor(Math.random() * 1e9)}`;
    await bindBank(a, number, 'Ana Reyes');
    await bindBank(b, number, 'Ben Cruz');
    await bindBank(c, `77${Math.floor(Math.random() * 1e9)}`, 'Cora Lim');
    await drain();
    const pa = await panel(a.id);
    expect(linkedIds(pa, a.id, 'bank_account')).toEqual([b.id]);
    expect(linkedIds(await panel(c.id), c.id, 'bank_account')).toEqual([]);
    // The admin holds members.pii: the number in full. An operator without it reads it masked.
    expect(pa.links.find((l) => l.kind === 'bank_account')?.value).toBe(number);
    const reader = await operatorWith(['risk.read']);
    const masked = await panel(a.id, reader.token);
    expect(masked.links.find((l) => l.kind === 'bank_account')?.value).toBe(
      `${'*'.repeat(number.length - 4)}${number.slice(-4)}`,
    );
  });

  it('links two members with one payee name (case and spaces aside), set at any time', async () => {
    const a = await member({ payeeName: 'Dolores  Santos' });
    const b = await member();
    const c = await member();
    await drain();
    expect(linkedIds(await panel(a.id), a.id, 'payee_name')).toEqual([]);
    // A payee name changed later (the payee.named event of migration 0095) links too.
    await t.ctx.db.updateTable('members').set({ payee_name: 'dolores santos' }).where('id', '=', b.id).execute();
    await drain();
    expect(linkedIds(await panel(a.id), a.id, 'payee_name')).toEqual([b.id]);
    expect(linkedIds(await panel(c.id), c.id, 'payee_name')).toEqual([]);
  });
});

/** A member ready to withdraw: payment password, a confirmed bank account, a payee name of its own. */
async function readyMember() {
  const m = await member();
  await setPaymentPassword(t, m.id);
  const name = (
    await t.ctx.db.selectFrom('members').select('payee_name').where('id', '=', m.id).executeTakeFirstOrThrow()
  ).payee_name as string;
  const accountId = await bindBank(m, `88${Math.floor(Math.random() * 1e10)}`, name);
  expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, admin)).statusCode).toBe(200);
  return { ...m, accountId };
}

/** A cash bonus claimed now, as the reward centre leaves one (the flag reads the claim, not the posting). */
async function claimCashBonus(memberId: number, amount: number) {
  const row = await t.ctx.db
    .insertInto('rewards')
    .values({
      member_id: memberId,
      promotion_id: promotionId,
      source: `test:${randomBytes(4).toString('hex')}`,
      amount,
      currency: 'PHP',
      pay_as: 'cash',
      state: 'claimed',
      claimed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await fund(t, memberId, amount);
  return Number(row.id);
}

async function withdraw(m: { token: string; accountId: number }, amount: number) {
  const res = await injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/cashier/withdraw',
    token: m.token,
    body: { bankAccountId: m.accountId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.reference as string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('flags', () => {
  it('flags deposit, bonus, minimal wagering on low-risk bets and a withdrawal, explained in figures', async () => {
    const m = await readyMember();
    await creditDeposit(t, m.id, 100_000);
    await pause(5);
    const rewardId = await claimCashBonus(m.id, 50_000);
    // Even money back on the stake: the return of both sides of a table covered.
    await playVendorRound(t, { memberId: m.id, vendor: 'PT', bet: 100_000, win: 100_000 });
    const reference = await withdraw(m, 1200);
    await drain();

    const flags = (await panel(m.id)).flags;
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'bonus_hit_and_run',
      status: 'open',
      evidence: {
        kind: 'bonus_hit_and_run',
        rewardId,
        promotion: 'Welcome match',
        bonus: 500,
        payAs: 'cash',
        deposit: 1000,
        turnover: 1000,
        lowRiskTurnover: 1000,
        lowRiskPercent: 100,
        required: 1500,
        withdrawal: 1200,
        withdrawalReference: reference,
        hoursAfterClaim: 0,
      },
    });
    const listed = await call(t, 'GET', `/admin/risk/flags?kind=bonus_hit_and_run&status=open&memberId=${m.id}`, admin);
    expect(listed.json().value.list.map((f: { id: number }) => f.id)).toEqual([flags[0]?.id]);
  });

  it('does not flag the same pattern when the wagering was on risky bets, or well beyond the requirement', async () => {
    const risky = await readyMember();
    await creditDeposit(t, risky.id, 100_000);
    await pause(5);
    await claimCashBonus(risky.id, 50_000);
    await playVendorRound(t, { memberId: risky.id, vendor: 'PT', bet: 50_000, win: 0 });
    await withdraw(risky, 1000);

    const played = await readyMember();
    await creditDeposit(t, played.id, 100_000);
    await pause(5);
    await claimCashBonus(played.id, 50_000);
    for (let i = 0; i < 3; i++)
      await playVendorRound(t, { memberId: played.id, vendor: 'PT', bet: 100_000, win: 100_000 });
    await withdraw(played, 1000);

    // No bonus at all: a deposit and a withdrawal are not the pattern.
    const plain = await readyMember();
    await creditDeposit(t, plain.id, 100_000);
    await withdraw(plain, 500);
    await drain();

    expect((await panel(risky.id)).flags).toEqual([]);
    expect((await panel(played.id)).flags).toEqual([]);
    expect((await panel(plain.id)).flags).toEqual([]);
  });

  it('flags a referrer with many referred accounts on one device, and not with fewer than the threshold', async () => {
    const referrer = await member();
    const quiet = await member();
    const device = createHash('sha256').update(randomBytes(16)).digest('hex');
    const other = createHash('sha256').update(randomBytes(16)).digest('hex');
    const onDevice = async (referrerId: number, hash: string) => {
      const m = await createMember(t.ctx, { knownIps: [freshIp()] });
      await t.ctx.db.updateTable('members').set({ referrer_id: referrerId }).where('id', '=', m.id).execute();
      await t.ctx.db.insertInto('member_devices').values({ member_id: m.id, device_hash: hash, ip: null }).execute();
      // The login that recorded the device (as accounts records one) is the event the consumer reads.
      await t.ctx.db
        .insertInto('sessions')
        .values({
          token_hash: randomBytes(32).toString('hex'),
          member_id: m.id,
          area: 'member',
          ip: '10.96.0.1',
          user_agent: null,
          expires_at: new Date(Date.now() + 3_600_000),
        })
        .execute();
      return m;
    };
    const referred = [];
    for (let i = 0; i < 3; i++) referred.push(await onDevice(referrer.id, device));
    for (let i = 0; i < 2; i++) await onDevice(quiet.id, other);
    await drain();

    const flags = (await panel(referrer.id)).flags;
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'referral_device',
      evidence: { kind: 'referral_device', device: device.slice(0, 12), accounts: 3, referrerUsedDevice: false },
    });
    expect(((flags[0]?.evidence.members ?? []) as { id: number }[]).map((x) => x.id).sort((a, b) => a - b)).toEqual(
      referred.map((r) => r.id).sort((a, b) => a - b),
    );
    expect((await panel(quiet.id)).flags).toEqual([]);
  });
});

describe('reviews and levels', () => {
  async function linkedPair() {
    const device = randomBytes(16).toString('hex');
    const a = await member();
    const b = await member();
    await login(a, a.ip, device);
    await login(b, b.ip, device);
    await drain();
    const link = (await panel(a.id)).links.find((l) => l.kind === 'device');
    if (!link) throw new Error('no link');
    return { a, b, link };
  }

  it('confirms a link with a note, audited, raising both members to high; a second review is refused', async () => {
    const { a, b, link } = await linkedPair();
    const res = await call(t, 'POST', `/admin/risk/links/${link.id}/review`, admin, {
      decision: 'confirm',
      note: 'Same household, two accounts claiming the welcome bonus',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'confirmed', note: expect.stringContaining('household') });
    expect(await memberRiskLevel(t.ctx.db, a.id)).toBe('high');
    expect(await memberRiskLevel(t.ctx.db, b.id)).toBe('high');
    const history = (await panel(a.id)).history;
    expect(history[0]).toMatchObject({ from: 'normal', to: 'high', source: 'link' });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success', 'detail', 'username'])
      .where('event', '=', 'risk.link.review')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      success: true,
      username: 'admin',
      detail: {
        target: `risk-link:${link.id}`,
        before: { status: 'pending' },
        after: { status: 'confirmed' },
        raised: [a.id, b.id].sort((x, y) => x - y),
      },
    });

    expectFailure(
      await call(t, 'POST', `/admin/risk/links/${link.id}/review`, admin, { decision: 'dismiss', note: 'again' }),
      409,
      'RISK_ALREADY_REVIEWED',
    );
    expect((await panel(a.id)).links.find((l) => l.id === link.id)?.status).toBe('confirmed');
  });

  it('dismisses a link without touching the levels; a blocked member is never lowered by a confirmation', async () => {
    const { a, b, link } = await linkedPair();
    const res = await call(t, 'POST', `/admin/risk/links/${link.id}/review`, admin, {
      decision: 'dismiss',
      note: 'Shared family tablet',
    });
    expect(res.json().value.status).toBe('dismissed');
    expect(await memberRiskLevel(t.ctx.db, a.id)).toBe('normal');

    const second = await linkedPair();
    await put(`/admin/risk/members/${second.a.id}/level`, admin, { level: 'blocked', reason: 'Chargeback' });
    await call(t, 'POST', `/admin/risk/links/${second.link.id}/review`, admin, { decision: 'confirm', note: 'ring' });
    expect(await memberRiskLevel(t.ctx.db, second.a.id)).toBe('blocked');
    expect(await memberRiskLevel(t.ctx.db, second.b.id)).toBe('high');
    expect(await memberRiskLevel(t.ctx.db, b.id)).toBe('normal');
  });

  it('sets a level with a reason (audited) and shows it on the cashier queue', async () => {
    const m = await readyMember();
    await fund(t, m.id, 100_000);
    const reference = await withdraw(m, 100);
    const before = await call(t, 'GET', `/admin/cashier/withdrawals?reference=${reference}`, admin);
    expect(before.json().value.content[0]).toMatchObject({ reference, riskLevel: 'normal' });

    const res = await put(`/admin/risk/members/${m.id}/level`, admin, {
      level: 'high',
      reason: 'Documents look edited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ level: 'high', reason: 'Documents look edited', source: 'operator' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('event', '=', 'risk.level')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({
      target: `member:${m.id}`,
      before: { level: 'normal' },
      after: { level: 'high', reason: 'Documents look edited' },
    });
    const after = await call(t, 'GET', `/admin/cashier/withdrawals?reference=${reference}`, admin);
    expect(after.json().value.content[0]).toMatchObject({ reference, riskLevel: 'high' });
  });

  it('refuses an operator without the risk permissions with AUTH_FORBIDDEN, changing nothing', async () => {
    const m = await member();
    const members = await operatorWith(['members.read']);
    expectFailure(await call(t, 'GET', '/admin/risk/links', members.token), 403, 'AUTH_FORBIDDEN');
    expectFailure(await call(t, 'GET', `/admin/risk/members/${m.id}`, members.token), 403, 'AUTH_FORBIDDEN');
    const reader = await operatorWith(['risk.read']);
    expect((await call(t, 'GET', '/admin/risk/flags', reader.token)).statusCode).toBe(200);
    expectFailure(
      await put(`/admin/risk/members/${m.id}/level`, reader.token, { level: 'blocked', reason: 'x' }),
      403,
      'AUTH_FORBIDDEN',
    );
    expect(await memberRiskLevel(t.ctx.db, m.id)).toBe('normal');
  });

  it('refuses bad input with stable codes and changes nothing', async () => {
    const m = await member();
    const level = (body: unknown, id: number | string = m.id) => put(`/admin/risk/members/${id}/level`, admin, body);
    expectFailure(await level({ level: 'extreme', reason: 'x' }), 400, 'VALIDATION_FAILED');
    expectFailure(await level({ level: 'high', reason: '   ' }), 400, 'VALIDATION_FAILED');
    expectFailure(await level({ level: 'high' }), 400, 'VALIDATION_FAILED');
    expectFailure(await level({ level: 'high', reason: 'x' }, 'abc'), 400, 'VALIDATION_FAILED');
    expectFailure(await level({ level: 'high', reason: 'x' }, 999_999_999), 404, 'MEMBER_NOT_FOUND');
    expect(await memberRiskLevel(t.ctx.db, m.id)).toBe('normal');
    expect((await panel(m.id)).history).toEqual([]);

    const review = (id: number | string, body: unknown) =>
      call(t, 'POST', `/admin/risk/links/${id}/review`, admin, body);
    expectFailure(await review(999_999_999, { decision: 'confirm', note: 'x' }), 404, 'RISK_LINK_NOT_FOUND');
    expectFailure(await review(1, { decision: 'maybe', note: 'x' }), 400, 'VALIDATION_FAILED');
    expectFailure(await review(1, { decision: 'confirm', note: '' }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await call(t, 'POST', '/admin/risk/flags/999999999/review', admin, { decision: 'dismiss', note: 'x' }),
      404,
      'RISK_FLAG_NOT_FOUND',
    );
    expectFailure(await call(t, 'GET', '/admin/risk/links?status=open', admin), 400, 'VALIDATION_FAILED');
    expectFailure(await call(t, 'GET', '/admin/risk/flags?kind=nope', admin), 400, 'VALIDATION_FAILED');
  });
});

describe('linked accounts grouped by the shared value', () => {
  /** `n` members who all share one IP address, linked pair by pair as the consumer links them. */
  async function cafe(n: number, kind: 'ip' | 'device' = 'ip') {
    const value = kind === 'ip' ? freshIp() : randomBytes(16).toString('hex');
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push((await createMember(t.ctx)).id);
    ids.sort((a, b) => a - b);
    const pairs = ids.flatMap((a, i) => ids.slice(i + 1).map((b) => ({ member_id: a, other_id: b, kind, value })));
    await t.ctx.db.insertInto('risk_links').values(pairs).execute();
    return { ids, value, pairs: pairs.length };
  }
  type Group = {
    id: number;
    kind: string;
    value: string;
    accounts: number;
    members: { id: number }[];
    links: { pending: number; confirmed: number; dismissed: number };
    note: string | null;
  };
  const groups = async (query: string) => {
    const res = await call(t, 'GET', `/admin/risk/linkGroups?${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { total: number; list: Group[] };
  };

  it('lists one café address with 30 accounts as one group of 30, not 435 pairs', async () => {
    const big = await cafe(30);
    const small = await cafe(2, 'device');
    const mine = await groups(`status=pending&memberId=${big.ids[7]}&pageNo=1&pageSize=20`);
    expect(big.pairs).toBe(435);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({
      kind: 'ip',
      value: big.value,
      accounts: 30,
      links: { pending: 435, confirmed: 0, dismissed: 0 },
      note: null,
    });
    expect(mine.list[0]?.members.map((m) => m.id)).toEqual(big.ids.slice(0, 20));
    const device = await groups(`kind=device&memberId=${small.ids[0]}&pageNo=1&pageSize=20`);
    expect(device.list).toMatchObject([{ kind: 'device', accounts: 2, links: { pending: 1 } }]);
  });

  it('confirms a whole group with one note, once: its members raised, audited, a second review refused', async () => {
    const group = await cafe(6);
    const id = (await groups(`memberId=${group.ids[0]}&pageNo=1&pageSize=20`)).list[0]?.id ?? 0;
    const body = { decision: 'confirm', note: 'One café, one family of bonus hunters' };
    expectFailure(
      await call(t, 'POST', `/admin/risk/linkGroups/${id}/review`, admin, { decision: 'confirm', note: '' }),
      400,
      'VALIDATION_FAILED',
    );
    const reader = await operatorWith(['risk.read']);
    expectFailure(
      await call(t, 'POST', `/admin/risk/linkGroups/${id}/review`, reader.token, body),
      403,
      'AUTH_FORBIDDEN',
    );
    // Two operators at once: one decides the 15 links, the other is told it was reviewed.
    const [a, b] = await Promise.all([
      call(t, 'POST', `/admin/risk/linkGroups/${id}/review`, admin, body),
      call(t, 'POST', `/admin/risk/linkGroups/${id}/review`, admin, { decision: 'dismiss', note: 'Nothing here' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const won = a.statusCode === 200 ? a : b;
    const decided = won === a ? 'confirmed' : 'dismissed';
    expect(won.json().value).toMatchObject({
      reviewed: 15,
      group: { accounts: 6, links: { pending: 0, [decided]: 15 } },
    });
    expectFailure(a.statusCode === 409 ? a : b, 409, 'RISK_ALREADY_REVIEWED');
    const links = await t.ctx.db
      .selectFrom('risk_links')
      .select(['status', 'note'])
      .where('value', '=', group.value)
      .execute();
    expect(new Set(links.map((l) => `${l.status}:${l.note}`)).size).toBe(1);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail'])
      .where('event', '=', 'risk.linkGroup.review')
      .where('success', '=', true)
      .execute();
    expect(audited.filter((r) => (r.detail as { members?: number[] }).members?.[0] === group.ids[0])).toHaveLength(1);
    if (decided === 'confirmed') for (const m of group.ids) expect(await memberRiskLevel(t.ctx.db, m)).toBe('high');
    expectFailure(
      await call(t, 'POST', `/admin/risk/linkGroups/${id}/review`, admin, body),
      409,
      'RISK_ALREADY_REVIEWED',
    );
    expectFailure(
      await call(t, 'POST', '/admin/risk/linkGroups/999999999/review', admin, body),
      404,
      'RISK_LINK_NOT_FOUND',
    );
  });
});
