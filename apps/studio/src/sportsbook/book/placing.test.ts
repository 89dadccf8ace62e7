import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from '../../standalone-fixture';
import type { EventView, LobbyAnswer, PlaceAnswer, QuoteAnswer, SbServerMessage } from '../api';
import { roundDetail } from './round-detail';
import {
  type BookHarness,
  betOf,
  marketOf,
  newEvent,
  oddsIn,
  openPlayer,
  openTrialPlayer,
  place,
  result,
  sbApi,
  scoreResult,
  sel,
  setOdds,
  setState,
  single,
  startBook,
  suspend,
  traderApi,
} from './test-fixture';

// Placing through HTTP on PGlite with a fake platform wallet: each kind of bet, each refusal, the
// odds-change rules, the in-play delay, the lobby's category, the page shell and the socket's fan-out.

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbplace');
});
afterAll(() => h.close());

const home = (eventId: string) => sel(eventId, marketOf('1x2'), 'home');
const HOME = oddsIn('1x2', 'home');

describe('placing', () => {
  it('places a single, a multiple and a 2/3 system bet, each its own wallet round', async () => {
    const [a, b, c] = [await newEvent(h), await newEvent(h), await newEvent(h)];
    const p = await openPlayer(h, 1_000_000);
    const legs = [
      { selectionId: home(a.id), odds1000: HOME },
      { selectionId: sel(b.id, marketOf('total', 10), 'over'), odds1000: oddsIn('total', 'over', 10) },
      { selectionId: sel(c.id, marketOf('btts'), 'yes'), odds1000: oddsIn('btts', 'yes') },
    ];
    const res = await place(h, p.token, {
      legs,
      bets: [
        { kind: 'single', selectionId: home(a.id), stake: 1000 },
        { kind: 'multiple', stake: 500 },
        { kind: 'system', size: 2, stake: 200 },
      ],
      oddsChange: 'none',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [s, m, sys] = res.body.bets;
    expect(s).toMatchObject({ kind: 'single', stake: 1000, status: 'open', odds1000: HOME, potentialPayout: 2100 });
    expect(m).toMatchObject({ kind: 'multiple', stake: 500, status: 'open', odds1000: 7182 });
    // 2100 x 1900 x 1800 / 1e9 = 7.182: the combined odds floor to thousandths; the payout to minor units.
    expect(m?.potentialPayout).toBe(Math.floor((500 * 2100 * 1900 * 1800) / 1e9));
    expect(sys).toMatchObject({ kind: 'system', size: 2, combinations: 3, stake: 600, status: 'open' });
    expect(sys?.potentialPayout).toBe(
      Math.floor((200 * 2100 * 1900) / 1e6) +
        Math.floor((200 * 2100 * 1800) / 1e6) +
        Math.floor((200 * 1900 * 1800) / 1e6),
    );
    expect(res.body.balance).toBe(1_000_000 - 2100);
    const bets = h.wallet.calls.filter((c) => c.path === 'bet' && c.body.player === p.player);
    expect(bets.map((c) => [c.body.roundId, c.body.transactionId, c.body.amount, c.body.gameCode])).toEqual(
      res.body.bets.map((x) => [x.id, `sb:${x.id}:bet`, x.stake, 'SPORTS-000']),
    );
    // Each stake's detail is built from the reservation's reads: it is what the stored bet reads as.
    for (const call of bets) {
      const row = await h.runtime.db
        .selectFrom('studio_sb_bets')
        .select('id')
        .where('bet_id', '=', String(call.body.roundId))
        .executeTakeFirstOrThrow();
      expect(call.body.detail).toEqual(await roundDetail(h.runtime.db, row.id));
    }
    // The answer is built from what the placement knows: it is what the player's bets read as.
    for (const bet of res.body.bets) expect(bet).toEqual(await betOf(h, p.token, bet.id));
  });

  it('refuses a slip that breaks a rule, taking nothing', async () => {
    const a = await newEvent(h);
    const b = await newEvent(h);
    const p = await openPlayer(h, 1_000_000);
    const leg = (id: string, odds = HOME) => ({ selectionId: id, odds1000: odds });
    const expectRefused = async (slip: Parameters<typeof place>[2], code: string) => {
      const res = await place(h, p.token, slip);
      expect(res.body.error?.code, JSON.stringify(res.body)).toBe(code);
    };
    const draw = sel(a.id, marketOf('1x2'), 'draw');
    // Two legs of one event in a multiple or a system bet.
    await expectRefused(
      {
        legs: [leg(home(a.id)), leg(draw, oddsIn('1x2', 'draw'))],
        bets: [{ kind: 'multiple', stake: 100 }],
        oddsChange: 'none',
      },
      'SB_CORRELATED_LEGS',
    );
    await expectRefused(
      {
        legs: [leg(`${a.id}/1x2:ft:-/nobody`)],
        bets: [{ kind: 'single', selectionId: `${a.id}/1x2:ft:-/nobody`, stake: 100 }],
        oddsChange: 'any',
      },
      'SB_SELECTION_UNAVAILABLE',
    );
    await expectRefused(
      { legs: [leg(home(a.id))], bets: [{ kind: 'single', selectionId: home(a.id), stake: 10 }], oddsChange: 'none' },
      'SB_STAKE_TOO_LOW',
    );
    await expectRefused(
      { legs: [leg(home(a.id))], bets: [{ kind: 'multiple', stake: 100 }], oddsChange: 'none' },
      'SB_BAD_SLIP',
    );
    await expectRefused(
      {
        legs: [leg(home(a.id)), leg(home(b.id))],
        bets: [{ kind: 'system', size: 2, stake: 100 }],
        oddsChange: 'none',
      },
      'SB_BAD_SLIP',
    );
    // Limits from the trader's settings: per market, per event, the payout, the liability.
    const put = await traderApi(h, 'PUT', '/trader/settings', { maxStakePerMarket: 5000, maxStakePerEvent: 8000 });
    expect(put.statusCode, put.body).toBe(200);
    await expectRefused(
      { legs: [leg(home(a.id))], bets: [{ kind: 'single', selectionId: home(a.id), stake: 5001 }], oddsChange: 'none' },
      'SB_STAKE_TOO_HIGH',
    );
    expect((await single(h, p.token, home(a.id), HOME, 5000)).status).toBe(200);
    const over = await single(h, p.token, sel(a.id, marketOf('btts'), 'yes'), oddsIn('btts', 'yes'), 3001);
    expect(over.body.error).toMatchObject({ code: 'SB_STAKE_TOO_HIGH', detail: { scope: 'event', remaining: 3000 } });
    await traderApi(h, 'PUT', '/trader/settings', {
      maxStakePerMarket: 5_000_000,
      maxStakePerEvent: 10_000_000,
      maxPayout: 10_000,
    });
    await expectRefused(
      { legs: [leg(home(b.id))], bets: [{ kind: 'single', selectionId: home(b.id), stake: 5000 }], oddsChange: 'none' },
      'SB_PAYOUT_TOO_HIGH',
    );
    await traderApi(h, 'PUT', '/trader/settings', { maxPayout: 100_000_000, maxLiabilityPerMarket: 15_000 });
    // 9000 on home at 2.10 makes the book lose 9900 if home wins: under 15,000; the next 9000 is not.
    expect((await single(h, p.token, home(b.id), HOME, 9000)).status).toBe(200);
    const q = await openPlayer(h, 1_000_000);
    expect((await single(h, q.token, home(b.id), HOME, 9000)).body.error?.code).toBe('SB_LIABILITY');
    // Bets on the other side lower the worst case, and are taken.
    expect((await single(h, q.token, sel(b.id, marketOf('1x2'), 'away'), oddsIn('1x2', 'away'), 2000)).status).toBe(
      200,
    );
    await traderApi(h, 'PUT', '/trader/settings', { maxLiabilityPerMarket: 50_000_000 });
    // A stake factor of 0 stops a player's bets.
    expect((await traderApi(h, 'PUT', `/trader/players/${q.player}`, { factorPpm: 0 })).statusCode).toBe(200);
    expect((await single(h, q.token, home(a.id), HOME, 100)).body.error?.code).toBe('SB_STAKE_TOO_HIGH');
    // Suspended markets and started events.
    await suspend(h, b.id);
    expect((await single(h, p.token, home(b.id), HOME, 100)).body.error?.code).toBe('SB_MARKET_SUSPENDED');
    const started = await newEvent(h, { startsInMs: -60_000 });
    expect((await single(h, p.token, home(started.id), HOME, 100)).body.error?.code).toBe('SB_EVENT_STARTED');
    // The refused slips took nothing: only the two bets placed moved money.
    expect(h.wallet.balances.get(p.player)).toBe(1_000_000 - 5000 - 9000);
  });

  it('refuses the wallet refusals with the studio codes, and too many legs', async () => {
    const a = await newEvent(h);
    const p = await openPlayer(h, 500);
    const res = await single(h, p.token, home(a.id), HOME, 1000);
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe('STUDIO_INSUFFICIENT_FUNDS');
    const rows = await h.runtime.db
      .selectFrom('studio_sb_bets')
      .select(['status', 'refusal'])
      .where('player', '=', p.player)
      .execute();
    expect(rows).toEqual([{ status: 'refused', refusal: 'STUDIO_INSUFFICIENT_FUNDS' }]);
    const many = Array.from({ length: 21 }, (_, i) => ({ selectionId: `${a.id}/x:ft:-/s${i}`, odds1000: 2000 }));
    const tooMany = await sbApi(h, p.token, 'POST', '/bets', {
      requestId: randomUUID(),
      legs: many,
      bets: [{ kind: 'multiple', stake: 100 }],
      oddsChange: 'any',
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('applies the odds-change rule: any takes the new price, higher only a better one, none asks', async () => {
    const a = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const m = marketOf('1x2');
    await setOdds(h, a.id, m, { home: 2000 });
    const slip = (rule: 'any' | 'higher' | 'none') => ({
      legs: [{ selectionId: home(a.id), odds1000: HOME }],
      bets: [{ kind: 'single' as const, selectionId: home(a.id), stake: 100 }],
      oddsChange: rule,
    });
    const asked = await place(h, p.token, slip('none'));
    expect(asked.status).toBe(200);
    expect(asked.body.bets).toEqual([]);
    expect(asked.body.changed).toEqual([{ selectionId: home(a.id), odds1000: 2000 }]);
    expect((await place(h, p.token, slip('higher'))).body.changed).toEqual([
      { selectionId: home(a.id), odds1000: 2000 },
    ]);
    const any = await place(h, p.token, slip('any'));
    expect(any.body.bets[0]).toMatchObject({ odds1000: 2000, potentialPayout: 200 });
    await setOdds(h, a.id, m, { home: 2300 });
    const higher = await place(h, p.token, slip('higher'));
    expect(higher.body.bets[0]).toMatchObject({ odds1000: 2300 });
    expect(h.wallet.balances.get(p.player)).toBe(100_000 - 200);
  });

  it('answers a retried slip with the bets already placed', async () => {
    const a = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const slip = {
      requestId: randomUUID(),
      legs: [{ selectionId: home(a.id), odds1000: HOME }],
      bets: [{ kind: 'single' as const, selectionId: home(a.id), stake: 700 }],
      oddsChange: 'none' as const,
    };
    const first = (await place(h, p.token, slip)).body;
    const again = (await place(h, p.token, slip)).body;
    expect(again.bets.map((b) => b.id)).toEqual(first.bets.map((b) => b.id));
    expect(h.wallet.balances.get(p.player)).toBe(100_000 - 700);
  });

  it('holds an in-play bet for the delay, then accepts it, or refuses it and gives the stake back', async () => {
    await traderApi(h, 'PUT', '/trader/settings', { inPlayDelayMs: 3000 });
    const a = await newEvent(h, { startsInMs: -1000 });
    await setState(h, a.id, 'live');
    const p = await openPlayer(h, 100_000);
    const kept = await single(h, p.token, home(a.id), HOME, 1000);
    expect(kept.body.bets[0]?.status).toBe('pending');
    const moved = await single(h, p.token, sel(a.id, marketOf('btts'), 'yes'), oddsIn('btts', 'yes'), 2000);
    expect(h.wallet.balances.get(p.player)).toBe(97_000);
    // Before the delay nothing is decided.
    h.clock.now += 2000;
    await h.runtime.book.tick();
    expect((await betOf(h, p.token, kept.body.bets[0]?.id ?? '')).status).toBe('pending');
    // A goal: the btts price moves against the bet (rule none); the 1x2 price stays.
    await setOdds(h, a.id, marketOf('btts'), { yes: 1500 });
    h.clock.now += 1000;
    await h.runtime.book.tick();
    expect((await betOf(h, p.token, kept.body.bets[0]?.id ?? '')).status).toBe('open');
    expect((await betOf(h, p.token, moved.body.bets[0]?.id ?? '')).status).toBe('refused');
    expect(h.wallet.balances.get(p.player)).toBe(99_000);
    const rollback = h.wallet.calls.find((c) => c.path === 'rollback' && c.body.roundId === moved.body.bets[0]?.id);
    expect(rollback?.body.transactionId).toBe(`sb:${moved.body.bets[0]?.id}:rollback`);
    await traderApi(h, 'PUT', '/trader/settings', { inPlayDelayMs: 0 });
  });

  it('plays trial sessions on the demo balance', async () => {
    const a = await newEvent(h);
    const token = await openTrialPlayer(h);
    const res = await single(h, token, home(a.id), HOME, 2500);
    expect(res.body.bets[0]?.status).toBe('open');
    expect(res.body.balance).toBe(1_000_000 - 2500);
  });
});

describe('the page', () => {
  it('serves the sportsbook shell for the lobby games and keeps each lobby to its category', async () => {
    const foot = await newEvent(h, { sport: 'football' });
    const es = await newEvent(h, { sport: 'esports', league: 'es-league' });
    const shell = await h.app.inject({
      method: 'GET',
      url: `/studio/play?token=${'t'.repeat(30)}&game=ESPORTS-000&vendor=SBT&mode=trial`,
    });
    expect(shell.body).toContain('/studio/assets/sportsbook.js');
    expect(shell.body).toContain('"category":"ESPORTS"');
    const token = await openTrialPlayer(h, 'ESPORTS-000');
    const lobby = (await sbApi(h, token, 'GET', '/lobby')).json() as LobbyAnswer;
    expect(lobby.category).toBe('ESPORTS');
    expect(lobby.sports.map((s) => s.sport)).toEqual(['esports']);
    expect(lobby.days).toHaveLength(7);
    const events = (await sbApi(h, token, 'GET', '/events')).json() as { events: { id: string }[] };
    expect(events.events.map((e) => e.id)).toContain(es.id);
    expect(events.events.map((e) => e.id)).not.toContain(foot.id);
    expect((await sbApi(h, token, 'GET', `/events/${foot.id}`)).statusCode).toBe(404);
    expect((await single(h, token, home(foot.id), HOME, 100)).body.error?.code).toBe('SB_SELECTION_UNAVAILABLE');
    const view = (await sbApi(h, token, 'GET', `/events/${es.id}`)).json() as EventView;
    expect(view.markets.length).toBeGreaterThan(5);
    // Another game code's session is not the sportsbook.
    const other = await openTrialPlayer(h, 'SPORTS-001');
    expect((await sbApi(h, other, 'GET', '/lobby')).statusCode).toBe(400);
  });

  it('lists events by league, day and live, and my bets a page at a time', async () => {
    const league = `list-${randomUUID().slice(0, 6)}`;
    const later = await newEvent(h, { league, startsInMs: 2 * 86_400_000 });
    const soon = await newEvent(h, { league, startsInMs: 60_000 });
    const live = await newEvent(h, { league, startsInMs: -60_000 });
    await setState(h, live.id, 'live', 1, 0);
    const token = await openTrialPlayer(h);
    const ids = async (query: string) =>
      ((await sbApi(h, token, 'GET', `/events?${query}`)).json() as { events: { id: string }[] }).events.map(
        (e) => e.id,
      );
    expect(await ids(`league=${league}`)).toEqual([live.id, soon.id, later.id]);
    expect(await ids(`league=${league}&live=true`)).toEqual([live.id]);
    const lobby = (await sbApi(h, token, 'GET', '/lobby')).json() as LobbyAnswer;
    expect(await ids(`league=${league}&day=${lobby.days[2]}`)).toEqual([later.id]);
    expect(lobby.live.map((e) => e.id)).toContain(live.id);
    expect(lobby.sports[0]?.leagues.find((l) => l.id === league)).toMatchObject({ live: 1, upcoming: 2 });
    for (const e of [later, soon]) expect((await single(h, token, home(e.id), HOME, 100)).status).toBe(200);
    const first = (await sbApi(h, token, 'GET', '/bets?status=open&limit=1')).json() as {
      bets: { id: string }[];
      next: string;
    };
    expect(first.bets).toHaveLength(1);
    const second = (await sbApi(h, token, 'GET', `/bets?status=open&limit=1&cursor=${first.next}`)).json() as {
      bets: { id: string }[];
      next: string | null;
    };
    expect(second.bets).toHaveLength(1);
    expect(second.bets[0]?.id).not.toBe(first.bets[0]?.id);
    expect(second.next).toBeNull();
  });

  it('quotes a slip and stores the player preferences', async () => {
    const [a, b] = [await newEvent(h), await newEvent(h)];
    const token = await openTrialPlayer(h);
    const q = (
      await sbApi(h, token, 'POST', '/quote', { legs: [{ selectionId: home(a.id) }, { selectionId: home(b.id) }] })
    ).json() as QuoteAnswer;
    expect(q.legs.map((l) => l.odds1000)).toEqual([HOME, HOME]);
    expect(q.multipleRefusal).toBeNull();
    expect(q.maxStake.multiple).toBeGreaterThan(0);
    const corr = (
      await sbApi(h, token, 'POST', '/quote', {
        legs: [{ selectionId: home(a.id) }, { selectionId: sel(a.id, marketOf('btts'), 'no') }],
      })
    ).json() as QuoteAnswer;
    expect(corr.multipleRefusal).toBe('SB_CORRELATED_LEGS');
    const put = await sbApi(h, token, 'PUT', '/prefs', { oddsFormat: 'hongkong', oddsChange: 'any' });
    expect(put.json()).toEqual({ oddsFormat: 'hongkong', oddsChange: 'any' });
    expect(((await sbApi(h, token, 'GET', '/lobby')).json() as LobbyAnswer).prefs).toEqual({
      oddsFormat: 'hongkong',
      oddsChange: 'any',
    });
  });

  it('fans an odds change out to the pages that watch the event, serialised once', async () => {
    const a = await newEvent(h);
    const got: string[][] = [[], [], []];
    const hub = h.runtime.book.hub;
    const clients = got.map((list, i) => hub.add(`test:${i}`, (text) => list.push(text)));
    hub.watch(clients[0]!, [a.id]);
    hub.watch(clients[1]!, [a.id, 'other']);
    await setOdds(h, a.id, marketOf('1x2'), { home: 1990 });
    expect(got[0]).toHaveLength(1);
    // The very same string object went to both: one serialisation per change.
    expect(got[0]?.[0]).toBe(got[1]?.[0]);
    expect(got[2]).toHaveLength(0);
    const message = JSON.parse(got[0]?.[0] ?? '{}') as SbServerMessage;
    expect(message).toMatchObject({ type: 'markets', eventId: a.id });
    // The same quote again changes nothing and sends nothing.
    await setOdds(h, a.id, marketOf('1x2'), { home: 1990 });
    expect(got[0]).toHaveLength(1);
    for (const c of clients) hub.remove(c);
    // Ten thousand pages on one event: one serialisation, one string handed to each.
    const texts = new Set<string>();
    let sent = 0;
    const many = Array.from({ length: 10_000 }, (_, i) =>
      hub.add(`many:${i}`, (text) => {
        sent++;
        texts.add(text);
      }),
    );
    for (const c of many) hub.watch(c, [a.id]);
    let built = 0;
    const started = performance.now();
    hub.toEvent(a.id, () => {
      built++;
      return { type: 'state', eventId: a.id, status: 'live', state: null };
    });
    expect(performance.now() - started).toBeLessThan(200);
    expect([built, sent, texts.size]).toEqual([1, 10_000, 1]);
    for (const c of many) hub.remove(c);
    expect(hub.watched(a.id)).toBe(false);
  });

  it('pushes odds to a watching page over /studio/ws/sb, and its own bets when they settle', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const e = await newEvent(h);
    const p = await openPlayer(h, 10_000);
    const id = (await single(h, p.token, home(e.id), HOME, 1000)).body.bets[0]?.id ?? '';
    const ws = new WebSocket(`${base.replace('http', 'ws')}/studio/ws/sb?token=${p.token}`);
    const messages: SbServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as SbServerMessage));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    const until = async (ok: () => boolean) => {
      for (let i = 0; i < 200 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(ok()).toBe(true);
    };
    (ws as unknown as { send: (text: string) => void }).send(JSON.stringify({ type: 'watch', events: [e.id] }));
    // The watch arrives before the next change is published.
    await until(() => h.runtime.book.hub.watched(e.id));
    await setOdds(h, e.id, marketOf('1x2'), { home: 2050 });
    await until(() => messages.some((m) => m.type === 'markets'));
    const markets = messages.find((m) => m.type === 'markets');
    expect(markets).toMatchObject({ eventId: e.id, markets: [{ key: '1x2:ft:-' }] });
    await setState(h, e.id, 'live', 1, 0);
    await until(() => messages.some((m) => m.type === 'state'));
    expect(messages.find((m) => m.type === 'state')).toMatchObject({ eventId: e.id, status: 'live' });
    await result(h, e.id, scoreResult(1, 0));
    await until(() => messages.some((m) => m.type === 'bet' && m.bet.id === id && m.bet.status === 'won'));
    expect(messages.some((m) => m.type === 'balance')).toBe(true);
    ws.close();
  });

  it('places each lobby\u2019s bets as rounds of its game code', async () => {
    const c = await newEvent(h, {
      sport: 'cockfight',
      league: 'derby',
      markets: [
        {
          type: 'winner',
          period: 'ft',
          status: 'open',
          selections: [
            { key: 'home', odds1000: 1900 },
            { key: 'away', odds1000: 1900 },
          ],
        },
      ],
    });
    const p = await openPlayer(h, 10_000, 'COCKFIGHT-000');
    const id = sel(c.id, { type: 'winner', period: 'ft' }, 'home');
    const res = (await single(h, p.token, id, 1900, 100)).body as PlaceAnswer;
    expect(res.bets).toHaveLength(1);
    const call = h.wallet.calls.find((x) => x.path === 'bet' && x.body.roundId === res.bets[0]?.id);
    expect(call?.body.gameCode).toBe('COCKFIGHT-000');
  });
});
