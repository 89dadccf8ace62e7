import { createServer } from 'node:net';
import { TRADER_ROUTES, TraderRiskFactorsAnswer } from '@gamehall/shared/api/sportsbook-trader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import { marketOf, newEvent, oddsIn, sel } from '../../../../studio/src/sportsbook/book/test-fixture';
import type { TestApp } from '../../test/harness';
import { feedOf, openSportsbook, operatorSession, placeSlip } from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio, studioApi } from '../../test/studio-fixture';
import * as q from './risk-factor.queries';
import { pushRiskFactors } from './risk-factor.service';
import type { TraderTarget } from './sportsbook-client';
import { traderCall } from './sportsbook-client';
import { deriveTraderSecret } from './sportsbook-signature';

// The sportsbook's stake factor follows the member's risk level (docs/sportsbook.md "Risk level"),
// against the house studio mounted in the platform: a level set in the risk console reaches the
// book through the outbox sportsbook_risk_pushes and the trader API, and changes what the member
// may stake; a book that is down gets it later, once; a late, older push is ignored; a change of
// the brand's mapping sends the new factor to the members at that level.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let riskOp: string;
let siteOp: string;
let trader: string;
let up: TraderTarget;
let down: TraderTarget;

/** A loopback port nothing listens on: a book that is down refuses the connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  s = await mountStudio({});
  ({ t, studio } = s);
  riskOp = await operatorSession(t, ['risk.read', 'risk.write']);
  siteOp = await operatorSession(t, ['site.write']);
  trader = await operatorSession(t, ['sportsbook.trade']);
  const quiet = { warn: () => {} };
  up = {
    baseUrl: `${s.base}/studio`,
    secret: deriveTraderSecret(t.ctx.config.studioSecret),
    now: t.ctx.now,
    log: quiet,
  };
  down = { ...up, baseUrl: `http://127.0.0.1:${await closedPort()}/studio` };
});
afterAll(() => s.close());

async function call(auth: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, json: res.json(), text: res.body };
}

async function setLevel(memberId: number, level: string) {
  const res = await call(riskOp, 'PUT', `/admin/risk/members/${memberId}/level`, { level, reason: 'Test' });
  expect(res.status, res.text).toBe(200);
}

/** What the member may stake on one selection now, as the slip's quote says. */
async function maxStake(token: string, selectionId: string): Promise<number> {
  const res = await studioApi(t, token, 'POST', '/api/sb/quote', { legs: [{ selectionId }] });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { maxStake: { single: Record<string, number> } }).maxStake.single[selectionId] ?? -1;
}

async function player(memberId: number) {
  const list = await call(trader, 'GET', '/admin/sportsbook/players');
  expect(list.status, list.text).toBe(200);
  return (list.json.value.list as { player: string }[]).find((p) => p.player === String(memberId));
}

async function member() {
  const p = await openSportsbook(t, 'SPORTS', 50_000);
  const username = (
    await t.ctx.db.selectFrom('members').select('username').where('id', '=', p.memberId).executeTakeFirstOrThrow()
  ).username;
  return { ...p, username };
}

async function selection() {
  const e = await newEvent(feedOf(studio));
  return sel(e.id, marketOf('1x2'), 'home');
}

const FULL = 5_000_000; // the book's default stake limit per market (studio settings.ts)

describe("the sportsbook's stake factor follows the risk level", () => {
  it("a level set by an operator reaches the book and scales the member's maximum stake; the trader's factor combines as the lower one; blocked refuses bets", async () => {
    const p = await member();
    const home = await selection();
    expect(await maxStake(p.token, home)).toBe(FULL);

    await setLevel(p.memberId, 'high');
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 1, applied: 1, failed: 0 });
    expect(await maxStake(p.token, home)).toBe(FULL / 10);
    expect(await player(p.memberId)).toEqual({
      player: String(p.memberId),
      username: p.username,
      factorPpm: 1_000_000,
      riskLevel: 'high',
      riskFactorPpm: 100_000,
      effectivePpm: 100_000,
    });

    // The trader's factor above the risk factor does not lift it; below it, it applies.
    const half = await call(trader, 'PUT', `/admin/sportsbook/players/${p.username}`, { factorPpm: 500_000 });
    expect(half.json.value).toMatchObject({ factorPpm: 500_000, riskFactorPpm: 100_000, effectivePpm: 100_000 });
    expect(await maxStake(p.token, home)).toBe(FULL / 10);
    await call(trader, 'PUT', `/admin/sportsbook/players/${p.username}`, { factorPpm: 50_000 });
    expect(await maxStake(p.token, home)).toBe(FULL / 20);
    await call(trader, 'PUT', `/admin/sportsbook/players/${p.username}`, { factorPpm: 1_000_000 });

    await setLevel(p.memberId, 'blocked');
    await pushRiskFactors(t.ctx, up);
    expect(await maxStake(p.token, home)).toBe(0);
    const refused = await placeSlip(t, p.token, {
      legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
      bets: [{ kind: 'single', selectionId: home, stake: 1_000 }],
      oddsChange: 'none',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('SB_STAKE_TOO_HIGH');

    // Back to normal: the book's own limits, and the player leaves the list of changed factors.
    await setLevel(p.memberId, 'normal');
    await pushRiskFactors(t.ctx, up);
    expect(await maxStake(p.token, home)).toBe(FULL);
    expect(await player(p.memberId)).toBeUndefined();
  });

  it('a book that is down gets the change once it is back, after the back-off, and only once', async () => {
    const p = await member();
    const home = await selection();
    await setLevel(p.memberId, 'high');

    expect(await pushRiskFactors(t.ctx, down)).toMatchObject({ sent: 0, failed: 1 });
    expect(await q.pushOf(t.ctx.db, p.memberId)).toMatchObject({
      version: 1,
      delivered_version: 0,
      attempts: 1,
      last_error: 'SPORTSBOOK_UNAVAILABLE',
    });
    expect(await maxStake(p.token, home)).toBe(FULL);

    // Not due again before its delay (5 s after one failure), even with the book back.
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 0, failed: 0 });
    t.advance(6_000);
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 1, applied: 1 });
    expect(await q.pushOf(t.ctx.db, p.memberId)).toMatchObject({
      version: 1,
      delivered_version: 1,
      attempts: 0,
      last_error: null,
    });
    expect(await maxStake(p.token, home)).toBe(FULL / 10);
    // Delivered: nothing is sent again, and the same push repeated changes nothing at the book.
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 0 });
    const again = await traderCall(
      up,
      {
        method: 'POST',
        path: TRADER_ROUTES.riskFactors,
        body: { list: [{ player: String(p.memberId), level: 'high', factorPpm: 100_000, version: 1 }] },
      },
      TraderRiskFactorsAnswer,
    );
    expect(again.applied).toBe(0);
  });

  it("the trader console lists the levels the book has not confirmed, with the failure, and 'try again now' sends them without waiting out the back-off", async () => {
    await pushRiskFactors(t.ctx, up);
    const p = await member();
    const home = await selection();
    await setLevel(p.memberId, 'blocked');
    expect(await pushRiskFactors(t.ctx, down)).toMatchObject({ failed: 1 });
    const listed = await call(trader, 'GET', '/admin/sportsbook/risk-pushes');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.value.waiting).toBe(1);
    expect(listed.json.value.list).toEqual([
      {
        memberId: p.memberId,
        username: p.username,
        level: 'blocked',
        version: 1,
        deliveredVersion: 0,
        attempts: 1,
        lastError: 'SPORTSBOOK_UNAVAILABLE',
        nextAttemptAt: expect.any(String),
        deliveredAt: null,
      },
    ]);
    // Due again 5 s after the failure (the first back-off step).
    const wait = Date.parse(listed.json.value.list[0].nextAttemptAt) - t.ctx.now().getTime();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(5_000);
    // Only a trader reads or retries them; a refused retry changes nothing and is audited as refused.
    expect((await call(riskOp, 'GET', '/admin/sportsbook/risk-pushes')).status).toBe(403);
    expect((await call(riskOp, 'POST', '/admin/sportsbook/risk-pushes/retry')).status).toBe(403);
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 0 });

    const retried = await call(trader, 'POST', '/admin/sportsbook/risk-pushes/retry');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.value).toEqual({ due: 1 });
    const row = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail'])
      .where('event', '=', 'sportsbook.riskPushRetry')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ success: true, detail: { target: 'sportsbook:risk-pushes', due: 1 } });
    // Due now, with the clock where it was: the job's next turn delivers it and the list empties.
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 1, applied: 1 });
    expect(await maxStake(p.token, home)).toBe(0);
    expect((await call(trader, 'GET', '/admin/sportsbook/risk-pushes')).json.value).toEqual({ list: [], waiting: 0 });
    expect((await call(trader, 'POST', '/admin/sportsbook/risk-pushes/retry')).json.value).toEqual({ due: 0 });
    await setLevel(p.memberId, 'normal');
    await pushRiskFactors(t.ctx, up);
  });

  it('two quick changes arrive in order: the later level wins over an older push arriving late', async () => {
    const p = await member();
    const home = await selection();
    await setLevel(p.memberId, 'high');
    // A node reads the push of the first change...
    const [early] = (await q.duePushes(t.ctx.db, t.ctx.now(), 500)).filter((d) => d.member_id === p.memberId);
    expect(early).toMatchObject({ version: 1, level: 'high' });
    // ... the second change comes, and is delivered first.
    await setLevel(p.memberId, 'blocked');
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 1, applied: 1 });
    expect(await maxStake(p.token, home)).toBe(0);
    // The first push arrives late: the book keeps the later level.
    const late = await traderCall(
      up,
      {
        method: 'POST',
        path: TRADER_ROUTES.riskFactors,
        body: { list: [{ player: String(p.memberId), level: 'high', factorPpm: 100_000, version: 1 }] },
      },
      TraderRiskFactorsAnswer,
    );
    expect(late.applied).toBe(0);
    await q.markDelivered(t.ctx.db, [{ memberId: p.memberId, version: 1 }], t.ctx.now());
    expect(await q.pushOf(t.ctx.db, p.memberId)).toMatchObject({ version: 2, delivered_version: 2 });
    expect(await maxStake(p.token, home)).toBe(0);
    expect(await player(p.memberId)).toMatchObject({ riskLevel: 'blocked', riskFactorPpm: 0, effectivePpm: 0 });
    await setLevel(p.memberId, 'normal');
    await pushRiskFactors(t.ctx, up);
  });

  it('a change of the mapping sends the new factor to every member at a changed level, in batches', async () => {
    await pushRiskFactors(t.ctx, up);
    const highs = [await member(), await member()];
    const blocked = await member();
    const home = await selection();
    for (const h of highs) await setLevel(h.memberId, 'high');
    await setLevel(blocked.memberId, 'blocked');
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: 3 });

    const saved = await call(siteOp, 'PUT', '/admin/brand/settings/sportsbookRiskFactors', {
      value: { low: 1_000_000, high: 250_000, blocked: 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    // Every member at high (these two and the earlier test's), none at blocked, whose factor stayed.
    const atHigh = await t.ctx.db
      .selectFrom('member_risk_levels')
      .select('member_id')
      .where('level', '=', 'high')
      .orderBy('member_id')
      .execute();
    expect(atHigh.map((r) => Number(r.member_id))).toEqual(expect.arrayContaining(highs.map((h) => h.memberId)));
    const due = (await q.duePushes(t.ctx.db, t.ctx.now(), 500)).map((d) => d.member_id).sort((a, b) => a - b);
    expect(due).toEqual(atHigh.map((r) => Number(r.member_id)));
    expect(await pushRiskFactors(t.ctx, up)).toMatchObject({ sent: atHigh.length, applied: atHigh.length });
    for (const h of highs) expect(await maxStake(h.token, home)).toBe(FULL / 4);
    expect(await maxStake(blocked.token, home)).toBe(0);
    expect(await q.pushOf(t.ctx.db, blocked.memberId)).toMatchObject({ version: 1 });
  });

  it('refuses a bad mapping with a code and changes nothing; only an operator with site.write may save it', async () => {
    const before = (await call(siteOp, 'GET', '/admin/brand/settings')).json.value;
    const stored = () =>
      t.ctx.db
        .selectFrom('brand_settings')
        .select('value')
        .where('key', '=', 'sportsbookRiskFactors')
        .executeTakeFirst();
    const was = await stored();
    const dueBefore = (await q.duePushes(t.ctx.db, t.ctx.now(), 500)).length;
    for (const value of [
      { low: 1_000_000, high: 0.5, blocked: 0 },
      { low: 1_000_000, high: -1, blocked: 0 },
      { low: 1_000_000, high: 20_000_000, blocked: 0 },
      { low: '1', high: 100_000, blocked: 0 },
      'half',
    ]) {
      const res = await call(siteOp, 'PUT', '/admin/brand/settings/sportsbookRiskFactors', { value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json.value.fields).toHaveProperty('value');
    }
    const forbidden = await call(riskOp, 'PUT', '/admin/brand/settings/sportsbookRiskFactors', {
      value: { low: 1_000_000, high: 0, blocked: 0 },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json).toMatchObject({ success: false, code: 'AUTH_FORBIDDEN' });
    expect(await stored()).toEqual(was);
    expect((await q.duePushes(t.ctx.db, t.ctx.now(), 500)).length).toBe(dueBefore);
    expect((await call(siteOp, 'GET', '/admin/brand/settings')).json.value).toEqual(before);
  });
});
