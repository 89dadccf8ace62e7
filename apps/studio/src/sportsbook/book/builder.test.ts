import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBet, QuoteAnswer } from '../api';
import { type BuilderLeg, quoteBuilder } from '../model/builder';
import { oneXTwoOf } from '../model/builder-check';
import { footballModel } from '../model/football';
import type { MarketQuote } from '../types';
import { DEFAULT_MARGINS } from './settings';
import {
  abandon,
  type BookHarness,
  betOf,
  newEvent,
  openPlayer,
  place,
  result,
  sbApi,
  scoreResult,
  sel,
  setOdds,
  setState,
  startBook,
  suspend,
  traderApi,
} from './test-fixture';

// The bet builder through HTTP on PGlite with the fake platform wallet: its quote, its placement
// (one wallet round, once per request id), its refusals (nothing taken), its settlement on the
// match's result (won, lost, void on an abandon, each paid once) and no cash-out.

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbbuilder');
});
afterAll(() => h.close());

const MARGIN = DEFAULT_MARGINS.football;
const params = { homeXg: 1.6, awayXg: 1.1 };
/** The markets the model prices before kick-off, as the simulator would send them. */
const markets: MarketQuote[] = footballModel.price(params, footballModel.initial(params), MARGIN);
const market = (type: MarketQuote['type'], line4?: number) => ({ type, period: 'ft' as const, line4 });
const oddsOf = (type: MarketQuote['type'], key: string, line4?: number) =>
  markets.find((m) => m.type === type && m.period === 'ft' && m.line4 === line4)?.selections.find((s) => s.key === key)
    ?.odds1000 as number;

type Pick = { type: MarketQuote['type']; key: string; line4?: number };
const HOME_OVER: Pick[] = [
  { type: '1x2', key: 'home' },
  { type: 'total', key: 'over', line4: 10 },
];

/** The joint price the model gives the picks, as the book must quote it. */
function expectedPrice(picks: Pick[]): number {
  const legs: BuilderLeg[] = picks.map((p) => ({ type: p.type, period: 'ft', line4: p.line4 ?? null, key: p.key }));
  const price = quoteBuilder(null, oneXTwoOf(markets), legs, MARGIN);
  if (!price.ok) throw new Error(price.code);
  return price.odds1000;
}

const ids = (eventId: string, picks: Pick[]) => picks.map((p) => sel(eventId, market(p.type, p.line4), p.key));

async function quoteOf(token: string, selectionIds: string[]) {
  const res = await sbApi(h, token, 'POST', '/quote', { legs: selectionIds.map((selectionId) => ({ selectionId })) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteAnswer;
}

async function placeBuilder(token: string, eventId: string, picks: Pick[], stake: number, extra = {}) {
  return place(h, token, {
    legs: picks.map((p, i) => ({
      selectionId: ids(eventId, picks)[i] as string,
      odds1000: oddsOf(p.type, p.key, p.line4),
    })),
    bets: [{ kind: 'builder', stake, odds1000: expectedPrice(picks) }],
    oddsChange: 'none',
    ...extra,
  });
}

const walletCalls = (player: string) => h.wallet.calls.filter((c) => c.body.player === player);
const moved = (betId: string) => h.wallet.moved.get(betId) ?? 0;

describe('bet builder: quote and placement', () => {
  it('quotes the joint price of two legs of one match, lower than their product', async () => {
    const e = await newEvent(h, { markets });
    const p = await openPlayer(h, 1_000_000);
    const q = await quoteOf(p.token, ids(e.id, HOME_OVER));
    expect(q.multipleRefusal).toBe('SB_CORRELATED_LEGS');
    const joint = expectedPrice(HOME_OVER);
    expect(q.builders).toEqual([
      {
        eventId: e.id,
        selectionIds: ids(e.id, HOME_OVER),
        odds1000: joint,
        refusal: null,
        maxStake: expect.any(Number),
      },
    ]);
    // A home win and over 2.5 go together: the joint price is below the product of the two.
    expect(joint).toBeLessThan((oddsOf('1x2', 'home') * oddsOf('total', 'over', 10)) / 1000);
  });

  it('says why a combination is refused', async () => {
    const e = await newEvent(h, { markets });
    const p = await openPlayer(h, 1_000_000);
    const refusal = async (picks: Pick[]) => (await quoteOf(p.token, ids(e.id, picks))).builders?.[0]?.refusal;
    expect(
      await refusal([
        { type: '1x2', key: 'home' },
        { type: 'correct_score', key: '0-1' },
      ]),
    ).toBe('SB_BUILDER_IMPOSSIBLE');
    expect(
      await refusal([
        { type: '1x2', key: 'home' },
        { type: 'total', key: 'over', line4: 9 },
      ]),
    ).toBe('SB_BUILDER_UNSUPPORTED');
    const seven: Pick[] = ['0-0', '1-0', '2-0', '1-1', '2-1', '0-1', '0-2'].map((key) => ({
      type: 'correct_score',
      key,
    }));
    expect(await refusal(seven)).toBe('SB_BUILDER_SIZE');
    await suspend(h, e.id);
    expect(await refusal(HOME_OVER)).toBe('SB_MARKET_SUSPENDED');
    // Another sport's legs of one match make no builder (a multiple of them is still refused).
    const t = await newEvent(h, { sport: 'basketball', league: 'bb-league', markets });
    const other = await quoteOf(p.token, ids(t.id, HOME_OVER));
    expect(other.builders).toBeUndefined();
    expect(other.multipleRefusal).toBe('SB_CORRELATED_LEGS');
  });

  it('places a builder as one round at the joint price; the same request twice pays once', async () => {
    const e = await newEvent(h, { markets });
    const p = await openPlayer(h, 1_000_000);
    const requestId = randomUUID();
    const first = await placeBuilder(p.token, e.id, HOME_OVER, 1000, { requestId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const joint = expectedPrice(HOME_OVER);
    const [bet] = first.body.bets;
    expect(bet).toMatchObject({
      kind: 'builder',
      stake: 1000,
      odds1000: joint,
      potentialPayout: Math.floor((1000 * joint) / 1000),
      status: 'open',
      cashOut: null,
    });
    expect(bet?.legs.map((l) => l.odds1000)).toEqual(HOME_OVER.map((x) => oddsOf(x.type, x.key, x.line4)));
    const again = await placeBuilder(p.token, e.id, HOME_OVER, 1000, { requestId });
    expect(again.body.bets.map((b) => b.id)).toEqual([bet?.id]);
    expect(walletCalls(p.player).filter((c) => c.path === 'bet')).toHaveLength(1);
    // The platform's betting record names it as what it is, not as a multiple of independent legs.
    const detail = walletCalls(p.player).find((c) => c.path === 'bet')?.body.detail as { betType?: string };
    expect(detail.betType).toBe('builder');
    expect(again.body.balance).toBe(1_000_000 - 1000);
    // Not bought back: its worth is its joint chance, which no leg's price gives.
    const cash = await sbApi(h, p.token, 'POST', `/bets/${bet?.id}/cashout-quote`, {});
    expect(cash.json().error?.code).toBe('SB_CASHOUT_UNAVAILABLE');
  });

  it('refuses an impossible, unsupported or moved builder, taking nothing', async () => {
    const e = await newEvent(h, { markets });
    const p = await openPlayer(h, 1_000_000);
    const refused = async (picks: Pick[], odds1000: number | undefined, code: string) => {
      const res = await place(h, p.token, {
        legs: picks.map((x, i) => ({
          selectionId: ids(e.id, picks)[i] as string,
          odds1000: oddsOf(x.type, x.key, x.line4),
        })),
        bets: [{ kind: 'builder', stake: 1000, ...(odds1000 === undefined ? {} : { odds1000 }) }],
        oddsChange: 'none',
      });
      expect(res.body.error?.code, JSON.stringify(res.body)).toBe(code);
    };
    await refused(
      [
        { type: '1x2', key: 'away' },
        { type: 'correct_score', key: '2-0' },
      ],
      2000,
      'SB_BUILDER_IMPOSSIBLE',
    );
    await refused(
      [
        { type: '1x2', key: 'home' },
        { type: 'handicap', key: 'home', line4: -3 },
      ],
      2000,
      'SB_BUILDER_UNSUPPORTED',
    );
    await refused(HOME_OVER, undefined, 'SB_BAD_SLIP');
    // A price that moved under the rule 'none': nothing placed, the new price in the answer.
    const moved = await placeBuilder(p.token, e.id, HOME_OVER, 1000);
    expect(moved.body.bets[0]?.kind).toBe('builder');
    const res = await place(h, p.token, {
      legs: ids(e.id, HOME_OVER).map((selectionId, i) => ({
        selectionId,
        odds1000: oddsOf(HOME_OVER[i]!.type, HOME_OVER[i]!.key, HOME_OVER[i]!.line4),
      })),
      bets: [{ kind: 'builder', stake: 1000, odds1000: expectedPrice(HOME_OVER) + 10 }],
      oddsChange: 'none',
    });
    expect(res.body.bets).toEqual([]);
    expect(res.body.builderOdds1000).toEqual([{ eventId: e.id, odds1000: expectedPrice(HOME_OVER) }]);
    // Only the one builder placed above took money.
    expect(walletCalls(p.player).filter((c) => c.path === 'bet')).toHaveLength(1);
    expect(res.body.balance).toBe(1_000_000 - 1000);
  });
});

describe('bet builder: in play', () => {
  it('waits the in-play delay, then takes the joint price still on offer, or refuses a moved one', async () => {
    await traderApi(h, 'PUT', '/trader/settings', { inPlayDelayMs: 3000 });
    const picks: Pick[] = [
      { type: 'btts', key: 'yes' },
      { type: 'total', key: 'over', line4: 10 },
    ];
    const e = await newEvent(h, { markets, startsInMs: -1000 });
    await setState(h, e.id, 'live');
    const p = await openPlayer(h, 100_000);
    const kept = await placeBuilder(p.token, e.id, picks, 1000);
    expect(kept.body.bets[0]?.status, JSON.stringify(kept.body)).toBe('pending');
    h.clock.now += 3000;
    await h.runtime.book.tick();
    const open = await betOf(h, p.token, kept.body.bets[0]?.id ?? '');
    expect(open).toMatchObject({ status: 'open', odds1000: expectedPrice(picks) });
    const late = await placeBuilder(p.token, e.id, picks, 2000);
    expect(late.body.bets[0]?.status).toBe('pending');
    expect(h.wallet.balances.get(p.player)).toBe(97_000);
    // During its delay the 1X2 moves: the sides read back from it differ, and so does the joint
    // price, though neither leg's own price moved. Under the rule 'none' the bet is refused.
    const oneXTwo = markets.find((m) => m.type === '1x2' && m.period === 'ft') as MarketQuote;
    await setOdds(h, e.id, oneXTwo, { home: 1500, draw: 4500, away: 7000 });
    h.clock.now += 3000;
    await h.runtime.book.tick();
    const refused = await betOf(h, p.token, late.body.bets[0]?.id ?? '').catch(() => null);
    expect(refused?.status ?? 'refused').toBe('refused');
    expect(h.wallet.balances.get(p.player)).toBe(99_000);
    await traderApi(h, 'PUT', '/trader/settings', { inPlayDelayMs: 0 });
  });
});

describe('bet builder: settlement', () => {
  const settleOn = async (picks: Pick[], end: (eventId: string) => Promise<void>) => {
    const e = await newEvent(h, { markets });
    const p = await openPlayer(h, 1_000_000);
    const placed = await placeBuilder(p.token, e.id, picks, 1000);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.bets[0]?.id as string;
    await setState(h, e.id, 'live');
    await end(e.id);
    // The same result again settles nothing more.
    await end(e.id);
    const wins = walletCalls(p.player).filter((c) => c.path === 'win' && c.body.roundId === id);
    return { bet: await betOf(h, p.token, id), wins, moved: moved(id) };
  };

  it('pays the joint price once when every leg wins', async () => {
    const { bet, wins, moved } = await settleOn(HOME_OVER, (id) => result(h, id, scoreResult(3, 1)));
    const joint = expectedPrice(HOME_OVER);
    expect(bet).toMatchObject({ status: 'won', payout: Math.floor((1000 * joint) / 1000) } satisfies Partial<MyBet>);
    expect(wins).toHaveLength(1);
    expect(moved).toBe(-1000 + Math.floor((1000 * joint) / 1000));
  });

  it('loses when one leg loses', async () => {
    const { bet, wins, moved } = await settleOn(HOME_OVER, (id) => result(h, id, scoreResult(1, 0)));
    expect(bet).toMatchObject({ status: 'lost', payout: 0 });
    expect(wins).toHaveLength(1);
    expect(wins[0]?.body.amount).toBe(0);
    expect(moved).toBe(-1000);
  });

  it('returns the stake once when the match is abandoned', async () => {
    const { bet, wins, moved } = await settleOn(HOME_OVER, (id) => abandon(h, id));
    expect(bet).toMatchObject({ status: 'void', payout: 1000 });
    expect(wins).toHaveLength(1);
    expect(moved).toBe(0);
  });
});
