import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import { marketOf, newEvent, oddsIn, sel } from '../../../../studio/src/sportsbook/book/test-fixture';
import { marketKey } from '../../../../studio/src/sportsbook/types';
import type { TestApp } from '../../test/harness';
import {
  feedOf,
  listBookAgain,
  myBet,
  openAnother,
  openSportsbook,
  operatorSession,
  placeSlip,
} from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio, platformBalance } from '../../test/studio-fixture';
import { verifyLedger } from '../ledger/ledger.service';

// The trader console's routes (/admin/sportsbook/...) against the house studio mounted in the
// platform as `npm start` runs it, not a stand-in: the platform signs each call to the studio's trader
// API on its own loopback address, a result entered in the console settles the member's bets through
// the wallet API, a correction resettles them, and every write leaves its audit row.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let trader: string;

beforeAll(async () => {
  s = await mountStudio({});
  ({ t, studio } = s);
  trader = await operatorSession(t, ['sportsbook.trade']);
});
afterAll(() => s.close());

const h = () => feedOf(studio);

async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: trader },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, json: res.json(), text: res.body };
}

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await call(method, url, body);
  expect(res.status, res.text).toBe(200);
  return res.json.value;
}

function lastAudit(event: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['event', 'success', 'detail'])
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

const ONE_X_TWO = marketKey({ type: '1x2', period: 'ft' });
const score = (home: number, away: number) => ({ decided: { home, away }, counted: { home, away } });

describe('the trader console on the house studio', () => {
  it('lists the book, suspends and resumes, sets margins, enters and corrects a result that the wallet pays, and reports profit, each write audited', async () => {
    const e = await newEvent(h(), { league: 'console-league' });
    const p = await openSportsbook(t, 'SPORTS', 20_000);
    const home = sel(e.id, marketOf('1x2'), 'home');
    const slip = () =>
      placeSlip(t, p.token, {
        legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
        bets: [{ kind: 'single', selectionId: home, stake: 1_000 }],
        oddsChange: 'none',
      });
    const first = await slip();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const betId = first.body.bets[0]?.id ?? '';

    // The events list and the event: the member's stake and the book's liability on it.
    const list = await ok('GET', '/admin/sportsbook/events?sport=football&status=open&pageSize=200');
    expect(list.list.find((x: { id: string }) => x.id === e.id)).toMatchObject({
      league: { id: 'console-league' },
      status: 'scheduled',
      stake: 1_000,
      bets: 1,
      liability: 1_100,
    });
    const detail = await ok('GET', `/admin/sportsbook/events/${e.id}`);
    const market = detail.markets.find((m: { key: string }) => m.key === ONE_X_TWO);
    expect(market).toMatchObject({ status: 'open', liability: 1_100 });
    expect(market.selections.find((x: { key: string }) => x.key === 'home')).toMatchObject({
      odds1000: 2_100,
      stake: 1_000,
      bets: 1,
    });
    const ticker = await ok('GET', `/admin/sportsbook/bets?eventId=${e.id}`);
    expect(ticker.list).toEqual([expect.objectContaining({ id: betId, stake: 1_000, player: String(p.memberId) })]);
    expect(ticker.list[0].username).toEqual(expect.any(String));

    // Suspend the market: the member's slip is refused at once; resume the whole event: placed again.
    const suspended = await ok('POST', `/admin/sportsbook/events/${e.id}/suspend`, {
      markets: [ONE_X_TWO],
      reason: 'Team news',
    });
    expect(suspended.event.markets.find((m: { key: string }) => m.key === ONE_X_TWO)).toMatchObject({
      status: 'suspended',
      suspendedBy: 'trader',
    });
    expect((await lastAudit('sportsbook.suspend')).detail).toMatchObject({
      target: `sportsbook-event:${e.id}`,
      markets: [ONE_X_TWO],
      reason: 'Team news',
      after: { markets: [ONE_X_TWO] },
    });
    const refused = await slip();
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('SB_MARKET_SUSPENDED');
    await ok('POST', `/admin/sportsbook/events/${e.id}/resume`, { reason: 'Line-ups in' });
    expect((await lastAudit('sportsbook.resume')).detail).toMatchObject({ markets: 'all', after: { markets: [] } });
    const second = await slip();
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await platformBalance(t, p.memberId)).toBe(18_000);

    // Margins: the league's override and the sport's, read back by the book (the feed prices at them).
    const margins = await ok('PUT', '/admin/sportsbook/margins', {
      sports: { football: 60_000 },
      leagues: { 'console-league': 80_000 },
    });
    expect(margins.sports.football).toBe(60_000);
    expect(margins.leagues).toContainEqual(expect.objectContaining({ id: 'console-league', marginPpm: 80_000 }));
    expect(studio.book.marginOf('football', 'console-league')).toBe(80_000);
    expect(studio.book.marginOf('football', 'another-league')).toBe(60_000);
    expect((await lastAudit('sportsbook.margins')).detail).toMatchObject({
      before: { leagues: { 'console-league': null } },
      after: { sports: { football: 60_000 }, leagues: { 'console-league': 80_000 } },
    });

    // The result: both bets win 21.00 each, paid through the wallet.
    // The match is still to come: its result is taken only with the reason, which the audit keeps.
    const early = await call('POST', `/admin/sportsbook/events/${e.id}/result`, {
      ft: score(2, 0),
      reason: 'Full time',
    });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'SPORTSBOOK_REFUSED', value: { code: 'SB_EVENT_NOT_STARTED' } });
    const entered = await ok('POST', `/admin/sportsbook/events/${e.id}/result`, {
      ft: score(2, 0),
      reason: 'Full time',
      beforeStart: 'Played early',
    });
    expect(entered).toMatchObject({ settled: 2, resettled: 0, event: { status: 'ended' } });
    expect(await platformBalance(t, p.memberId)).toBe(22_200);
    expect((await lastAudit('sportsbook.result')).detail).toMatchObject({
      beforeStart: 'Played early',
      before: null,
      after: { ft: score(2, 0) },
      settled: 2,
    });
    const again = await call('POST', `/admin/sportsbook/events/${e.id}/result`, { ft: score(2, 0), reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'SPORTSBOOK_REFUSED', value: { code: 'SB_RESULT_EXISTS' } });

    // The correction: the home side drew after all; the wallet's resettle takes both wins back.
    const corrected = await ok('POST', `/admin/sportsbook/events/${e.id}/result`, {
      ft: score(2, 2),
      correction: true,
      reason: 'Late equaliser missed',
    });
    expect(corrected).toMatchObject({ resettled: 2, event: { corrections: 1, result: { ft: score(2, 2) } } });
    expect(await platformBalance(t, p.memberId)).toBe(18_000);
    const fixes = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select(['amount'])
      .where('vendor_code', '=', p.vendor)
      .where('kind', '=', 'resettle')
      .where('member_id', '=', p.memberId)
      .execute();
    expect(fixes.map((f) => f.amount)).toEqual([-2_100, -2_100]);
    expect((await lastAudit('sportsbook.correction')).detail).toMatchObject({
      before: { ft: score(2, 0) },
      after: { ft: score(2, 2) },
      resettled: 2,
      reason: 'Late equaliser missed',
    });
    expect(await myBet(t, p.token, betId)).toMatchObject({
      status: 'lost',
      corrections: [{ amount: -2_100, reason: 'Late equaliser missed' }],
    });

    // Profit: the book kept both stakes once the correction took the wins back.
    const { timeZone } = await ok('GET', '/admin/sportsbook/settings');
    const today = brandDay(new Date(), timeZone);
    const profit = await ok('GET', `/admin/sportsbook/profit?from=${today}&to=${today}&by=league`);
    expect(profit.rows).toContainEqual(
      expect.objectContaining({ key: 'console-league', bets: 2, stake: 2_000, payout: 0, profit: 2_000 }),
    );
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('lists the fixtures of a range of brand days, both ends included, and refuses a range that ends before it starts', async () => {
    const league = 'range-league';
    const DAY = 86_400_000;
    const soon = await newEvent(h(), { league, startsInMs: 3_600_000 });
    const inTenDays = await newEvent(h(), { league, startsInMs: 10 * DAY });
    const inFortyDays = await newEvent(h(), { league, startsInMs: 40 * DAY });
    const { timeZone } = await ok('GET', '/admin/sportsbook/settings');
    const today = brandDay(new Date(h().clock.now), timeZone);
    const ids = async (range: string) =>
      (await ok('GET', `/admin/sportsbook/events?league=${league}&status=open&pageSize=200${range}`)).list.map(
        (x: { id: string }) => x.id,
      );
    // The console's "Next 7 days" and "Next 30 days": today and the 6 (29) days after it.
    const nextSeven = await ids(`&from=${today}&to=${addDays(today, 6)}`);
    const nextThirty = await ids(`&from=${today}&to=${addDays(today, 29)}`);
    // An hour ahead can be tomorrow in the brand's zone, still inside both ranges.
    expect(nextSeven).toEqual([soon.id]);
    expect(nextThirty).toEqual([soon.id, inTenDays.id]);
    expect(await ids(`&from=${addDays(today, 1)}`)).toEqual(
      brandDay(new Date(h().clock.now + 3_600_000), timeZone) === today
        ? [inTenDays.id, inFortyDays.id]
        : [soon.id, inTenDays.id, inFortyDays.id],
    );
    expect(await ids('')).toEqual([soon.id, inTenDays.id, inFortyDays.id]);
    expect(await ids(`&to=${addDays(today, -1)}`)).toEqual([]);

    const backwards = await call('GET', `/admin/sportsbook/events?from=${today}&to=${addDays(today, -1)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.json.value).toMatchObject({ fields: { to: expect.any(String) } });
    const tooLong = await call('GET', `/admin/sportsbook/events?from=${today}&to=${addDays(today, 400)}`);
    expect(tooLong.status).toBe(400);
  });

  it("a stake factor of 0 set by username stops the member's bets; settings and abandon reach the book", async () => {
    const p = await openSportsbook(t, 'SPORTS', 10_000);
    const username = (
      await t.ctx.db.selectFrom('members').select('username').where('id', '=', p.memberId).executeTakeFirstOrThrow()
    ).username;
    const e = await newEvent(h());
    const home = sel(e.id, marketOf('1x2'), 'home');
    const slip = (stake: number) =>
      placeSlip(t, p.token, {
        legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
        bets: [{ kind: 'single', selectionId: home, stake }],
        oddsChange: 'none',
      });
    expect(await ok('PUT', `/admin/sportsbook/players/${username}`, { factorPpm: 0 })).toEqual({
      player: String(p.memberId),
      factorPpm: 0,
      riskLevel: null,
      riskFactorPpm: 1_000_000,
      effectivePpm: 0,
      username,
    });
    expect((await lastAudit('sportsbook.playerFactor')).detail).toMatchObject({ before: 1_000_000, after: 0 });
    const stopped = await slip(1_000);
    expect(stopped.status).toBe(409);
    expect(stopped.body.error?.code).toBe('SB_STAKE_TOO_HIGH');
    await ok('PUT', `/admin/sportsbook/players/${username}`, { factorPpm: 1_000_000 });

    const before = await ok('GET', '/admin/sportsbook/settings');
    const after = await ok('PUT', '/admin/sportsbook/settings', { minStake: 2_000 });
    expect(after.minStake).toBe(2_000);
    const audit = (await lastAudit('sportsbook.settings')).detail as { after: { simulator?: object } };
    expect(audit).toMatchObject({ before: { minStake: before.minStake }, after: { minStake: 2_000 } });
    // The audit keeps the simulator's plan, not the catalogue of leagues the answer lists.
    expect(after.simulator?.leagues.length).toBeGreaterThan(20);
    expect(audit.after.simulator).toEqual({
      density: after.simulator?.density,
      leaguesOff: after.simulator?.leaguesOff,
      changesAt: after.simulator?.changesAt,
    });
    const small = await slip(1_000);
    expect(small.body.error?.code).toBe('SB_STAKE_TOO_LOW');
    await ok('PUT', '/admin/sportsbook/settings', { minStake: before.minStake });

    const placed = await slip(1_000);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const abandoned = await ok('POST', `/admin/sportsbook/events/${e.id}/abandon`, { reason: 'Floodlight failure' });
    expect(abandoned).toMatchObject({ settled: 1, event: { status: 'abandoned' } });
    expect((await lastAudit('sportsbook.abandon')).detail).toMatchObject({ reason: 'Floodlight failure' });
    // The void bet returned its stake through the wallet.
    expect(await platformBalance(t, p.memberId)).toBe(10_000);
  });

  it('holds a member to one set of stake limits whichever of the house sportsbook vendors opened the book', async () => {
    const before = await ok('GET', '/admin/sportsbook/settings');
    await ok('PUT', '/admin/sportsbook/settings', { maxStakePerEvent: 1_500 });
    try {
      await listBookAgain(t, 'SPORTS');
      const p = await openSportsbook(t, 'SPORTS', 10_000);
      const elsewhere = await openAnother(t, p.auth, 'SPORTS', 1);
      expect(elsewhere).not.toBe(p.token);
      const e = await newEvent(h());
      const slip = (token: string, key: string) =>
        placeSlip(t, token, {
          legs: [{ selectionId: sel(e.id, marketOf('1x2'), key), odds1000: oddsIn('1x2', key) }],
          bets: [{ kind: 'single', selectionId: sel(e.id, marketOf('1x2'), key), stake: 1_000 }],
          oddsChange: 'none',
        });
      expect((await slip(p.token, 'home')).status).toBe(200);
      // 10.00 more on the same event through the other vendor's lobby would be 20.00 on it.
      const over = await slip(elsewhere, 'draw');
      expect(over.status).toBe(409);
      expect(over.body.error).toMatchObject({ code: 'SB_STAKE_TOO_HIGH', detail: { scope: 'event', remaining: 500 } });
      expect(await platformBalance(t, p.memberId)).toBe(9_000);
    } finally {
      await ok('PUT', '/admin/sportsbook/settings', { maxStakePerEvent: before.maxStakePerEvent });
    }
  });
});
