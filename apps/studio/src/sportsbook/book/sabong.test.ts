import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsAnswer, QuoteAnswer } from '../api';
import type { MarketQuote } from '../types';
import {
  abandon,
  type BookHarness,
  betOf,
  feed,
  newEvent,
  openPlayer,
  quote,
  result,
  sbApi,
  scoreResult,
  sel,
  single,
  startBook,
  traderApi,
} from './test-fixture';

// A sabong fight's life in the book, through HTTP on a real database with the fake wallet: bets on
// the card and while the fight is called (no in-play wait), the last call refusing new bets with its
// own code, the fight live, and each ending (Meron, Wala, a draw, a cancelled fight) paid through
// the wallet by the rules docs/sportsbook.md "Sabong" states.

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbsabong');
});
afterAll(() => h.close());

const MERON = 1900;
const WALA = 1850;
const DRAW = 28_000;

function fightMarkets(status: MarketQuote['status'] = 'open'): MarketQuote[] {
  return [
    {
      type: 'winner',
      period: 'ft',
      status,
      selections: [
        { key: 'home', odds1000: MERON },
        { key: 'away', odds1000: WALA },
      ],
    },
    { type: 'draw', period: 'ft', status, selections: [{ key: 'yes', odds1000: DRAW }] },
  ];
}

let seq = 1_000_000;
async function phase(eventId: string, status: 'live' | 'ended', name: string, score: [number, number] = [0, 0]) {
  const s = { home: score[0], away: score[1] };
  await feed(h, {
    kind: 'state',
    seq: ++seq,
    at: new Date(h.clock.now).toISOString(),
    eventId,
    state: { status, phase: name, score: { decided: s, counted: s } },
  });
}

const meron = (id: string) => sel(id, { type: 'winner', period: 'ft' }, 'home');
const wala = (id: string) => sel(id, { type: 'winner', period: 'ft' }, 'away');
const draw = (id: string) => sel(id, { type: 'draw', period: 'ft' }, 'yes');

/** A fight on the card, then called (betting open), with one bet on each of Meron, Wala and the draw. */
async function calledFight(player: { token: string }) {
  const fight = await newEvent(h, {
    sport: 'cockfight',
    league: 'cf-test',
    startsInMs: 60_000,
    markets: fightMarkets(),
  });
  // A bet on the card, before the fight is called.
  const onCard = await single(h, player.token, meron(fight.id), MERON, 1000);
  expect(onCard.body.bets?.[0]?.status, JSON.stringify(onCard.body)).toBe('open');
  h.clock.now += 60_000;
  await phase(fight.id, 'live', 'OPEN');
  return { fight, onCard: onCard.body.bets[0]!.id };
}

describe('sabong', () => {
  it('takes bets while a fight is called, refuses them from the last call on, and pays Meron, Wala and the draw', async () => {
    const p = await openPlayer(h, 1_000_000, 'COCKFIGHT-000');
    const { fight, onCard } = await calledFight(p);
    // The fight is live: it is listed under live now, with Meron, Wala and the draw side by side.
    const live = (await sbApi(h, p.token, 'GET', '/events?live=1')).json() as EventsAnswer;
    const card = live.events.find((e) => e.id === fight.id)!;
    expect(card.status).toBe('live');
    expect(card.markets.map((m) => [m.type, m.selections.map((s) => s.key)])).toEqual([
      ['winner', ['home', 'away']],
      ['draw', ['yes']],
    ]);
    // Betting open: taken at once, not held for an in-play delay (nothing has happened in the pit).
    const onWala = await single(h, p.token, wala(fight.id), WALA, 1000);
    expect(onWala.body.bets?.[0]?.status, JSON.stringify(onWala.body)).toBe('open');
    const onDraw = await single(h, p.token, draw(fight.id), DRAW, 500);
    expect(onDraw.body.bets?.[0]?.status).toBe('open');
    const balance = h.wallet.balances.get(p.player);
    expect(balance).toBe(1_000_000 - 2500);

    // The last call: the book refuses on the state alone (a provider may suspend the quotes later).
    await phase(fight.id, 'live', 'CLOSED');
    const bets = h.wallet.calls.filter((c) => c.path === 'bet').length;
    for (const [id, odds] of [
      [meron(fight.id), MERON],
      [draw(fight.id), DRAW],
    ] as const) {
      const late = await single(h, p.token, id, odds, 1000);
      expect(late.status).toBe(409);
      expect(late.body.error?.code).toBe('SB_LAST_CALL');
    }
    // The slip's quote says so too, and nothing went to the wallet.
    const q = (
      await sbApi(h, p.token, 'POST', '/quote', { legs: [{ selectionId: wala(fight.id), odds1000: WALA }] })
    ).json() as QuoteAnswer;
    expect(q.legs[0]).toMatchObject({ status: 'SB_LAST_CALL', odds1000: null });
    expect(h.wallet.calls.filter((c) => c.path === 'bet').length).toBe(bets);
    expect(h.wallet.balances.get(p.player)).toBe(balance);
    await quote(h, fight.id, fightMarkets('suspended'));
    expect((await single(h, p.token, wala(fight.id), WALA, 1000)).body.error?.code).toBe('SB_LAST_CALL');

    // The cocks are released: the fight runs live, still refusing bets, and ends in a draw.
    await phase(fight.id, 'live', 'FIGHT');
    expect((await single(h, p.token, meron(fight.id), MERON, 1000)).body.error?.code).toBe('SB_LAST_CALL');
    await phase(fight.id, 'ended', 'END');
    await result(h, fight.id, scoreResult(0, 0));
    // A draw: Meron and Wala stakes come back, the draw pays its odds.
    expect(await betOf(h, p.token, onCard)).toMatchObject({ payout: 1000 });
    expect(await betOf(h, p.token, onWala.body.bets[0]!.id)).toMatchObject({ payout: 1000 });
    expect(await betOf(h, p.token, onDraw.body.bets[0]!.id)).toMatchObject({ status: 'won', payout: 14_000 });
    expect(h.wallet.balances.get(p.player)).toBe(1_000_000 - 2500 + 1000 + 1000 + 14_000);
    const wins = h.wallet.calls.filter((c) => c.path === 'win' && c.body.player === p.player);
    expect(wins.map((c) => c.body.amount).sort((a, b) => Number(a) - Number(b))).toEqual([1000, 1000, 14_000]);
  });

  it('pays Meron on a Meron win and Wala on a Wala win, the others losing', async () => {
    const p = await openPlayer(h, 1_000_000, 'COCKFIGHT-000');
    for (const [winner, score] of [
      ['meron', [1, 0]],
      ['wala', [0, 1]],
    ] as const) {
      const { fight, onCard } = await calledFight(p);
      const onWala = (await single(h, p.token, wala(fight.id), WALA, 1000)).body.bets[0]!.id;
      const onDraw = (await single(h, p.token, draw(fight.id), DRAW, 500)).body.bets[0]!.id;
      await phase(fight.id, 'live', 'CLOSED');
      await phase(fight.id, 'live', 'FIGHT');
      await phase(fight.id, 'ended', 'END', [...score]);
      await result(h, fight.id, scoreResult(score[0], score[1]));
      expect(await betOf(h, p.token, onCard)).toMatchObject(
        winner === 'meron' ? { status: 'won', payout: 1900 } : { status: 'lost', payout: 0 },
      );
      expect(await betOf(h, p.token, onWala)).toMatchObject(
        winner === 'wala' ? { status: 'won', payout: 1850 } : { status: 'lost', payout: 0 },
      );
      expect(await betOf(h, p.token, onDraw)).toMatchObject({ status: 'lost', payout: 0 });
    }
  });

  it('refunds every bet of a cancelled fight, from the feed or from the trader', async () => {
    const p = await openPlayer(h, 1_000_000, 'COCKFIGHT-000');
    for (const by of ['feed', 'trader'] as const) {
      const { fight, onCard } = await calledFight(p);
      const onDraw = (await single(h, p.token, draw(fight.id), DRAW, 500)).body.bets[0]!.id;
      await phase(fight.id, 'live', 'CLOSED');
      await phase(fight.id, 'live', 'FIGHT');
      if (by === 'feed') await abandon(h, fight.id);
      else {
        // The trader sees the fight as any event and calls it off with a reason.
        const events = await traderApi(h, 'GET', '/trader/events?sport=cockfight&status=live');
        expect(events.statusCode, events.body).toBe(200);
        expect(JSON.stringify(events.json())).toContain(fight.id);
        const res = await traderApi(h, 'POST', `/trader/events/${fight.id}/abandon`, { reason: 'No contest' });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await betOf(h, p.token, onCard)).toMatchObject({ status: 'void', payout: 1000 });
      expect(await betOf(h, p.token, onDraw)).toMatchObject({ status: 'void', payout: 500 });
    }
    expect(h.wallet.balances.get(p.player)).toBe(1_000_000);
  });
});
