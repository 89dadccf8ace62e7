import {
  TraderBetsAnswer as BetsSchema,
  TraderEventsAnswer as EventsSchema,
  type TraderActionAnswer,
  TraderEventDetail,
  TraderMargins,
  type TraderProfitAnswer,
  TraderSettings,
} from '@gamehall/shared/api/sportsbook-trader';
import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readSimulatorPlan } from './settings';
import {
  abandon,
  type BookHarness,
  betOf,
  HOUSE,
  marketOf,
  newEvent,
  oddsIn,
  openPlayer,
  place,
  result,
  resume,
  sbApi,
  scoreResult,
  sel,
  setState,
  single,
  startBook,
  traderApi,
} from './test-fixture';
import { signTrader, traderSecret } from './trader.routes';

type TraderBetsAnswer = z.infer<typeof BetsSchema>;

// The trader API through HTTP on PGlite: its signature, the events with their liability, suspending
// and resuming (a trader's suspension outlives the feed's resume), margins, settings, stake factors,
// the bets ticker, result entry and correction (which resettle through the wallet), abandon, and
// the profit report.

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbtrader');
});
afterAll(() => h.close());

const HOME = oddsIn('1x2', 'home');
const home = (eventId: string) => sel(eventId, marketOf('1x2'), 'home');

describe('the trader API', () => {
  it('refuses a request unsigned, signed with another secret, or signed too long ago', async () => {
    const plain = await h.app.inject({ method: 'GET', url: '/studio/trader/settings' });
    expect(plain.statusCode).toBe(401);
    expect(plain.json().error.code).toBe('SB_TRADER_SIGNATURE');
    expect((await traderApi(h, 'GET', '/trader/settings', undefined, { secret: 'x'.repeat(64) })).statusCode).toBe(401);
    expect((await traderApi(h, 'GET', '/trader/settings', undefined, { time: h.clock.now - 61_000 })).statusCode).toBe(
      401,
    );
    // A body changed after signing fails too.
    const signed = await traderApi(h, 'PUT', '/trader/settings', { minStake: 200 });
    expect(signed.statusCode, signed.body).toBe(200);
    const time = String(h.clock.now);
    const url = '/studio/trader/settings';
    const tampered = await h.app.inject({
      method: 'PUT',
      url,
      headers: {
        'content-type': 'application/json',
        'x-trader-time': time,
        'x-trader-signature': signTrader(traderSecret(HOUSE), time, 'PUT', url, JSON.stringify({ minStake: 200 })),
      },
      payload: JSON.stringify({ minStake: 1 }),
    });
    expect(tampered.statusCode).toBe(401);
    const settings = TraderSettings.parse((await traderApi(h, 'GET', '/trader/settings')).json());
    expect(settings).toMatchObject({ minStake: 200, currency: 'PHP', timeZone: 'Asia/Manila' });
    await traderApi(h, 'PUT', '/trader/settings', { minStake: 100 });
  });

  it("changes the simulator's plan: density and leagues off, bad input refused with nothing saved", async () => {
    const before = TraderSettings.parse((await traderApi(h, 'GET', '/trader/settings')).json());
    expect(before.simulator).toMatchObject({ density: {}, leaguesOff: [], changesAt: null });
    expect(before.simulator?.leagues.find((l) => l.id === 'fb-kpd')).toEqual({
      id: 'fb-kpd',
      name: 'Kapuluan Premier Division',
      sport: 'football',
    });
    // An unknown league, a density out of range, or a sport without rounds: 400, nothing changes.
    for (const simulator of [
      { leaguesOff: ['fb-kpd', 'no-such-league'] },
      { density: { football: 4 } },
      { density: { cockfight: 2 } },
      { density: { football: 2 }, extra: true },
    ]) {
      const bad = await traderApi(h, 'PUT', '/trader/settings', { minStake: 300, simulator });
      expect(bad.statusCode, JSON.stringify(simulator)).toBe(400);
      expect(bad.json().error.code).toBe('STUDIO_BAD_REQUEST');
    }
    const unchanged = TraderSettings.parse((await traderApi(h, 'GET', '/trader/settings')).json());
    expect(unchanged).toEqual(before);
    const put = await traderApi(h, 'PUT', '/trader/settings', {
      simulator: { density: { football: 3, tennis: 2 }, leaguesOff: ['tn-amo', 'fb-kpd', 'tn-amo'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = TraderSettings.parse(put.json());
    expect(after.simulator).toMatchObject({ density: { football: 3, tennis: 2 }, leaguesOff: ['fb-kpd', 'tn-amo'] });
    // The change counts five minutes after it was saved; the other settings are as they were.
    expect(after.simulator?.changesAt).toBe(new Date(h.clock.now + 5 * 60_000).toISOString());
    expect(after.minStake).toBe(before.minStake);
    // The era the simulator reads: the defaults before it, the new plan from five minutes on.
    const plan = await readSimulatorPlan(h.runtime.book.deps.db);
    expect(plan.map((e) => e.from)).toEqual([0, h.clock.now + 5 * 60_000]);
    expect(plan[1]).toMatchObject({ density: { football: 3, tennis: 2 }, leaguesOff: ['fb-kpd', 'tn-amo'] });
    // Density merges per sport; the same plan again adds no era.
    const again = TraderSettings.parse(
      (await traderApi(h, 'PUT', '/trader/settings', { simulator: { density: { football: 1 } } })).json(),
    );
    expect(again.simulator).toMatchObject({ density: { football: 1, tennis: 2 }, leaguesOff: ['fb-kpd', 'tn-amo'] });
    const changesAt = again.simulator?.changesAt;
    await traderApi(h, 'PUT', '/trader/settings', { simulator: { density: { tennis: 2 } } });
    const same = TraderSettings.parse((await traderApi(h, 'GET', '/trader/settings')).json());
    expect(same.simulator?.changesAt).toBe(changesAt);
    await traderApi(h, 'PUT', '/trader/settings', { simulator: { density: { tennis: 1 }, leaguesOff: [] } });
  });

  it('shows events with their stakes and liability, and suspends what the feed cannot resume', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 1_000_000);
    expect((await single(h, p.token, home(e.id), HOME, 10_000)).status).toBe(200);
    expect((await single(h, p.token, sel(e.id, marketOf('1x2'), 'away'), oddsIn('1x2', 'away'), 2_000)).status).toBe(
      200,
    );
    // Every answer as the platform's client reads it: with the shared schemas.
    const list = EventsSchema.parse((await traderApi(h, 'GET', `/trader/events?status=open&pageSize=200`)).json());
    const row = list.list.find((x) => x.id === e.id);
    // Home wins: 21,000 paid against 12,000 taken.
    expect(row).toMatchObject({ stake: 12_000, bets: 2, liability: 9_000, marginPpm: 50_000, suspended: false });
    const detail = TraderEventDetail.parse((await traderApi(h, 'GET', `/trader/events/${e.id}`)).json());
    const m = detail.markets.find((x) => x.key === '1x2:ft:-');
    expect(m?.selections.find((s) => s.key === 'home')).toMatchObject({ liability: 9_000, stake: 10_000, bets: 1 });
    expect(m?.selections.find((s) => s.key === 'away')).toMatchObject({ liability: -5_000, stake: 2_000 });

    const suspended = (
      await traderApi(h, 'POST', `/trader/events/${e.id}/suspend`, { markets: ['1x2:ft:-'], reason: 'news' })
    ).json() as TraderActionAnswer;
    expect(suspended.event.markets.find((x) => x.key === '1x2:ft:-')).toMatchObject({
      status: 'suspended',
      suspendedBy: 'trader',
    });
    await resume(h, e.id);
    expect((await single(h, p.token, home(e.id), HOME, 100)).body.error?.code).toBe('SB_MARKET_SUSPENDED');
    await traderApi(h, 'POST', `/trader/events/${e.id}/resume`, { markets: ['1x2:ft:-'], reason: 'ok' });
    expect((await single(h, p.token, home(e.id), HOME, 100)).status).toBe(200);
    // The whole event.
    const all = (
      await traderApi(h, 'POST', `/trader/events/${e.id}/suspend`, { reason: 'integrity' })
    ).json() as TraderActionAnswer;
    expect(all.event.suspended).toBe(true);
    expect(all.event.markets.every((x) => x.status === 'suspended')).toBe(true);
    await traderApi(h, 'POST', `/trader/events/${e.id}/resume`, { reason: 'ok' });
    expect((await single(h, p.token, sel(e.id, marketOf('btts'), 'no'), oddsIn('btts', 'no'), 100)).status).toBe(200);
  });

  it('counts a multiple on each leg’s market at what it still pays: less after a void leg, nothing after a lost one', async () => {
    const [a, b, c] = [await newEvent(h), await newEvent(h), await newEvent(h)];
    const p = await openPlayer(h, 1_000_000);
    const placed = await place(h, p.token, {
      legs: [a, b, c].map((e) => ({ selectionId: home(e.id), odds1000: HOME })),
      bets: [{ kind: 'multiple', stake: 1000 }],
      oddsChange: 'none',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const homeOf = async (eventId: string) => {
      const detail = TraderEventDetail.parse((await traderApi(h, 'GET', `/trader/events/${eventId}`)).json());
      const m = detail.markets.find((x) => x.key === '1x2:ft:-');
      return { selection: m?.selections.find((s) => s.key === 'home')?.liability, market: m?.liability };
    };
    // Every leg open: 1000 x 2.1 x 2.1 x 2.1 = 9261 if all win, against the 1000 taken.
    expect(await homeOf(b.id)).toEqual({ selection: 8261, market: 8261 });
    // The first event abandoned: its leg is void, and the treble pays 1000 x 2.1 x 2.1 at most.
    await abandon(h, a.id);
    expect(await homeOf(b.id)).toEqual({ selection: 3410, market: 3410 });
    expect(await homeOf(c.id)).toEqual({ selection: 3410, market: 3410 });
    // The third leg lost: the treble pays nothing whatever the second market does, and the book keeps its stake.
    await result(h, c.id, scoreResult(0, 1));
    expect(await homeOf(b.id)).toEqual({ selection: -1000, market: -1000 });
  });

  it('reports multiples in a row of their own, not under their first leg’s sport', async () => {
    const [a, b] = [await newEvent(h), await newEvent(h)];
    const p = await openPlayer(h, 1_000_000);
    const placed = await place(h, p.token, {
      legs: [a, b].map((e) => ({ selectionId: home(e.id), odds1000: HOME })),
      bets: [{ kind: 'multiple', stake: 1000 }],
      oddsChange: 'none',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const day = brandDay(new Date(h.clock.now), 'Asia/Manila');
    const report = async () =>
      (await traderApi(h, 'GET', `/trader/profit?from=${day}&to=${day}&by=sport`)).json() as TraderProfitAnswer;
    const football = (await report()).rows.find((r) => r.key === 'football');
    await result(h, a.id, scoreResult(1, 0));
    await result(h, b.id, scoreResult(2, 0));
    const after = await report();
    // 1000 x 2.1 x 2.1 = 4410 paid; the football row did not move.
    expect(after.rows.find((r) => r.key === 'multiple')).toMatchObject({
      label: 'Multiples',
      bets: 1,
      stake: 1000,
      payout: 4410,
      profit: -3410,
    });
    expect(after.rows.find((r) => r.key === 'football')).toEqual(football);
  });

  it('sets margins per sport and league, and stake factors per player', async () => {
    const e = await newEvent(h, { league: 'margins-league' });
    const put = await traderApi(h, 'PUT', '/trader/margins', {
      sports: { football: 60_000 },
      leagues: { 'margins-league': 80_000 },
    });
    const margins = TraderMargins.parse(put.json());
    expect(margins.sports.football).toBe(60_000);
    expect(margins.leagues.find((l) => l.id === 'margins-league')?.marginPpm).toBe(80_000);
    expect(margins.marketFactors.correct_score).toBe(3);
    expect(h.runtime.book.marginOf('football', 'margins-league')).toBe(80_000);
    expect(h.runtime.book.marginOf('football', 'other')).toBe(60_000);
    await traderApi(h, 'PUT', '/trader/margins', { leagues: { 'margins-league': null } });
    expect(h.runtime.book.marginOf('football', 'margins-league')).toBe(60_000);
    const p = await openPlayer(h, 1_000_000);
    await traderApi(h, 'PUT', `/trader/players/${p.player}`, { factorPpm: 100_000 });
    expect((await traderApi(h, 'GET', `/trader/players/${p.player}`)).json()).toEqual({
      player: p.player,
      factorPpm: 100_000,
      riskLevel: null,
      riskFactorPpm: 1_000_000,
      effectivePpm: 100_000,
    });
    const players = (await traderApi(h, 'GET', '/trader/players')).json() as { list: unknown[] };
    expect(players.list).toContainEqual({
      player: p.player,
      factorPpm: 100_000,
      riskLevel: null,
      riskFactorPpm: 1_000_000,
      effectivePpm: 100_000,
    });
    // A tenth of the 50,000.00 per market.
    const over = await single(h, p.token, home(e.id), HOME, 500_001);
    expect(over.body.error).toMatchObject({ code: 'SB_STAKE_TOO_HIGH', detail: { limit: 500_000 } });
  });

  it('enters and corrects results (resettling through the wallet), abandons, and reports the ticker and profit', async () => {
    await traderApi(h, 'PUT', '/trader/settings', { bigBet: 50_000 });
    const e = await newEvent(h, { league: 'profit-league' });
    const v = await newEvent(h, { league: 'profit-league' });
    const p = await openPlayer(h, 1_000_000);
    const small = (await single(h, p.token, home(e.id), HOME, 1_000)).body.bets[0]?.id ?? '';
    const big =
      (await single(h, p.token, sel(e.id, marketOf('btts'), 'yes'), oddsIn('btts', 'yes'), 60_000)).body.bets[0]?.id ??
      '';
    const voided = (await single(h, p.token, home(v.id), HOME, 5_000)).body.bets[0]?.id ?? '';
    const ticker = BetsSchema.parse((await traderApi(h, 'GET', `/trader/bets?eventId=${e.id}`)).json());
    expect(ticker.list.map((b) => [b.id, b.big])).toEqual([
      [big, true],
      [small, false],
    ]);
    const bigOnly = (await traderApi(h, 'GET', '/trader/bets?big=true&limit=200')).json() as TraderBetsAnswer;
    expect(bigOnly.list.every((b) => b.big)).toBe(true);
    // Since the cursor: only the bets placed after it.
    const since = (await traderApi(h, 'GET', `/trader/bets?after=${ticker.next}`)).json() as TraderBetsAnswer;
    expect(since.list.map((b) => b.id)).toEqual([voided]);

    await setState(h, e.id, 'live', 1, 0);
    const entered = await traderApi(h, 'POST', `/trader/events/${e.id}/result`, {
      ft: scoreResult(1, 0).ft,
      reason: 'official',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({ settled: 2, resettled: 0 });
    const again = await traderApi(h, 'POST', `/trader/events/${e.id}/result`, {
      ft: scoreResult(1, 1).ft,
      reason: 'oops',
    });
    expect(again.json().error.code).toBe('SB_RESULT_EXISTS');
    const corrected = (
      await traderApi(h, 'POST', `/trader/events/${e.id}/result`, {
        ft: scoreResult(1, 1).ft,
        correction: true,
        reason: 'VAR',
      })
    ).json() as TraderActionAnswer;
    expect(corrected).toMatchObject({ settled: 0, resettled: 2 });
    expect(corrected.event.corrections).toBe(1);
    expect(await betOf(h, p.token, small)).toMatchObject({
      status: 'lost',
      corrections: [{ amount: -2_100, reason: 'VAR' }],
    });
    expect(await betOf(h, p.token, big)).toMatchObject({ status: 'won', payout: 108_000 });
    const abandoned = (
      await traderApi(h, 'POST', `/trader/events/${v.id}/abandon`, { reason: 'storm' })
    ).json() as TraderActionAnswer;
    expect(abandoned).toMatchObject({ settled: 1, event: { status: 'abandoned' } });
    expect(await betOf(h, p.token, voided)).toMatchObject({ status: 'void', payout: 5_000 });
    expect(h.wallet.balances.get(p.player)).toBe(1_000_000 - 1_000 - 60_000 + 108_000);

    const day = brandDay(new Date(h.clock.now), 'Asia/Manila');
    const profit = (
      await traderApi(h, 'GET', `/trader/profit?from=${day}&to=${day}&by=league`)
    ).json() as TraderProfitAnswer;
    const row = profit.rows.find((r) => r.key === 'profit-league');
    expect(row).toMatchObject({ bets: 3, stake: 66_000, payout: 113_000, profit: -47_000, uncollected: 0 });
    const byMarket = (
      await traderApi(h, 'GET', `/trader/profit?from=${day}&to=${day}&by=market`)
    ).json() as TraderProfitAnswer;
    expect(byMarket.rows.find((r) => r.key === 'btts')).toMatchObject({ bets: 1, profit: -48_000 });
    expect((await sbApi(h, p.token, 'GET', '/bets?status=settled')).statusCode).toBe(200);
  });

  it('refuses a result for a match that has not started, unless the trader says why (a walkover)', async () => {
    const e = await newEvent(h, { startsInMs: 3_600_000 });
    const p = await openPlayer(h, 100_000);
    const id = (await single(h, p.token, home(e.id), HOME, 1_000)).body.bets[0]?.id ?? '';
    const body = { ft: scoreResult(1, 0).ft, reason: 'official' };
    const refused = await traderApi(h, 'POST', `/trader/events/${e.id}/result`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SB_EVENT_NOT_STARTED');
    // Nothing changed: the match is still to come, the bet open and its cash-out offered.
    const detail = (await traderApi(h, 'GET', `/trader/events/${e.id}`)).json() as z.infer<typeof TraderEventDetail>;
    expect(detail).toMatchObject({ status: 'scheduled', result: null });
    expect(await betOf(h, p.token, id)).toMatchObject({ status: 'open', payout: 0 });
    expect(h.wallet.calls.filter((c) => c.path === 'win' && c.body.roundId === id)).toEqual([]);
    // A blank reason is none.
    const blank = await traderApi(h, 'POST', `/trader/events/${e.id}/result`, { ...body, beforeStart: '  ' });
    expect(blank.statusCode).toBe(400);

    const walkover = await traderApi(h, 'POST', `/trader/events/${e.id}/result`, {
      ...body,
      beforeStart: 'Walkover: the away side did not travel',
    });
    expect(walkover.statusCode, walkover.body).toBe(200);
    expect(walkover.json()).toMatchObject({ settled: 1, event: { status: 'ended' } });
    expect(await betOf(h, p.token, id)).toMatchObject({ status: 'won', payout: 2_100 });
    const row = await h.runtime.book.deps.db
      .selectFrom('studio_sb_events')
      .select('settle_reason')
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.settle_reason).toBe('official (before the start: Walkover: the away side did not travel)');
  });
});
