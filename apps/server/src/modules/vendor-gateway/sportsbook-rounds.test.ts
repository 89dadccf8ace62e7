// postgres: the book's stakes and wins reach the wallet over loopback HTTP on their own connections while the book holds its own pool, and bets take the batched call path there
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import { DEFAULT_SETTINGS, writeSettings } from '../../../../studio/src/sportsbook/book/settings';
import {
  marketOf,
  newEvent,
  oddsIn,
  result,
  scoreResult,
  sel,
  setOdds,
  setState,
  suspend,
} from '../../../../studio/src/sportsbook/book/test-fixture';
import { brandToday } from '../../test/brand-day';
import type { TestApp } from '../../test/harness';
import {
  feedOf,
  lobbyGame,
  memberGet,
  myBet,
  openSportsbook,
  operatorSession,
  placeSlip,
} from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio, platformBalance, studioApi } from '../../test/studio-fixture';
import { verifyLedger } from '../ledger/ledger.service';

// The house sportsbook plugged into the platform like any vendor: a member opens the Sports lobby,
// bets a single and a multiple on the book's events, and everything the platform shows of it comes
// from the signed wallet calls and the round details they carry (docs/sportsbook.md "On the
// platform"): the rounds, the betting and account records, settlement, a correction, a cash-out,
// the day's reconciliation and the ledger; and a member on a break or over a limit is refused.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let admin: string;

beforeAll(async () => {
  s = await mountStudio({});
  ({ t, studio } = s);
  admin = await operatorSession(t, ['games.read']);
});
afterAll(() => s.close());

const h = () => feedOf(studio);

const round = (vendor: string, roundId: string) =>
  t.ctx.db
    .selectFrom('vendor_rounds')
    .select(['game_code', 'game_type', 'bet_amount', 'win_amount', 'status'])
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();

type RecordRow = { roundId: string; bet: number; win: number; status: string; detail: Record<string, unknown> | null };

async function recordOf(auth: string, roundId: string): Promise<RecordRow | undefined> {
  const v = await memberGet(t, auth, '/wps/member/bettingRecord?range=past7&pageNo=1&pageSize=50');
  return (v.content as RecordRow[]).find((r) => r.roundId === roundId);
}

async function entriesOf(auth: string, vendor: string, roundId: string) {
  const v = await memberGet(t, auth, '/wps/member/transactions?range=past7&pageNo=1&pageSize=50');
  return (v.content as { reference: string; type: string; amount: number; event: string | null }[]).filter(
    (e) => e.reference === `${vendor}:${roundId}`,
  );
}

describe('a Sports lobby slip on the platform', { tags: ['postgres'] }, () => {
  it('a single and a multiple are rounds of SPORTS-000: the stake moves, the records show the slip, settlement pays, a correction resettles', async () => {
    const p = await openSportsbook(t, 'SPORTS', 100_000);
    const e1 = await newEvent(h());
    const e2 = await newEvent(h());
    const home = sel(e1.id, marketOf('1x2'), 'home');
    const over = sel(e2.id, marketOf('total', 10), 'over');
    const placed = await placeSlip(t, p.token, {
      legs: [
        { selectionId: home, odds1000: oddsIn('1x2', 'home') },
        { selectionId: over, odds1000: oddsIn('total', 'over', 10) },
      ],
      bets: [
        { kind: 'single', selectionId: home, stake: 1_000 },
        { kind: 'multiple', stake: 500 },
      ],
      oddsChange: 'none',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [single, multiple] = placed.body.bets;
    if (!single || !multiple) throw new Error('two bets expected');
    expect(single).toMatchObject({ kind: 'single', status: 'open', stake: 1_000 });
    expect(multiple).toMatchObject({ kind: 'multiple', status: 'open', stake: 500, odds1000: 3_990 });
    expect(placed.body.balance).toBe(98_500);
    expect(await platformBalance(t, p.memberId)).toBe(98_500);
    for (const b of [single, multiple]) {
      expect(await round(p.vendor, b.id)).toMatchObject({
        game_code: 'SPORTS-000',
        game_type: 'SPORTS',
        bet_amount: b.stake,
        win_amount: 0,
        status: 'open',
      });
    }

    const eventName = (id: string) => `Home ${id} v Away ${id}`;
    const openRecord = await recordOf(p.auth, multiple.id);
    expect(openRecord).toMatchObject({
      bet: 5,
      win: 0,
      status: 'open',
      detail: {
        betType: 'multiple',
        stake: 5,
        odds: 3.99,
        potentialPayout: 19.95,
        status: 'open',
        legs: [
          // In codes and proper nouns: the member's page writes them in the member's language.
          {
            form: 'coded',
            home: `Home ${e1.id}`,
            away: `Away ${e1.id}`,
            marketType: '1x2',
            period: 'ft',
            line: null,
            selection: 'home',
            odds: 2.1,
            result: null,
            score: null,
          },
          {
            form: 'coded',
            home: `Home ${e2.id}`,
            away: `Away ${e2.id}`,
            marketType: 'total',
            period: 'ft',
            line: 2.5,
            selection: 'over',
            odds: 1.9,
            result: null,
          },
        ],
      },
    });
    const stakeEntries = await entriesOf(p.auth, p.vendor, single.id);
    expect(stakeEntries).toEqual([
      expect.objectContaining({ type: 'bet.vendor', amount: -10, event: eventName(e1.id) }),
    ]);

    // Results: the single wins 2.10 x 10.00; the multiple's second leg loses, which closes it with 0.
    await result(h(), e1.id, scoreResult(2, 1));
    await result(h(), e2.id, scoreResult(1, 0));
    expect(await round(p.vendor, single.id)).toMatchObject({ win_amount: 2_100, status: 'closed' });
    expect(await round(p.vendor, multiple.id)).toMatchObject({ win_amount: 0, status: 'closed' });
    expect(await platformBalance(t, p.memberId)).toBe(100_600);
    expect(await recordOf(p.auth, single.id)).toMatchObject({
      bet: 10,
      win: 21,
      status: 'closed',
      detail: {
        status: 'won',
        payout: 21,
        legs: [{ result: 'win', score: { decided: { home: 2, away: 1 }, counted: { home: 2, away: 1 } } }],
      },
    });
    expect(await recordOf(p.auth, multiple.id)).toMatchObject({
      win: 0,
      detail: {
        status: 'lost',
        payout: 0,
        legs: [
          { result: 'win' },
          { result: 'lose', score: { decided: { home: 1, away: 0 }, counted: { home: 1, away: 0 } } },
        ],
      },
    });

    // A corrected result (1-1): the single lost after all; the wallet's resettle takes the 21.00 back.
    await result(h(), e1.id, scoreResult(1, 1), true);
    expect(await round(p.vendor, single.id)).toMatchObject({ win_amount: 0, status: 'closed' });
    expect(await platformBalance(t, p.memberId)).toBe(98_500);
    const corrected = await recordOf(p.auth, single.id);
    expect(corrected).toMatchObject({
      win: 0,
      detail: {
        status: 'lost',
        payout: 0,
        legs: [{ result: 'lose', score: { decided: { home: 1, away: 1 }, counted: { home: 1, away: 1 } } }],
        corrections: [{ amount: -21 }],
      },
    });
    const entries = await entriesOf(p.auth, p.vendor, single.id);
    expect(entries.map((e) => e.type).sort()).toEqual(['bet.vendor', 'win.resettle-debit', 'win.vendor']);
    for (const e of entries) expect(e.event).toBe(eventName(e1.id));
    const bet = await myBet(t, p.token, single.id);
    expect(bet).toMatchObject({ status: 'lost', payout: 0, corrections: [{ amount: -2_100 }] });

    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('a cash-out pays as a win of the round: a part leaves it open, the rest closes it', async () => {
    const p = await openSportsbook(t, 'SPORTS', 50_000);
    const e = await newEvent(h());
    const home = sel(e.id, marketOf('1x2'), 'home');
    const placed = await placeSlip(t, p.token, {
      legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
      bets: [{ kind: 'single', selectionId: home, stake: 2_000 }],
      oddsChange: 'none',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.bets[0]?.id ?? '';
    // Home shortens from 2.10 to 1.50: the bet is worth more than its stake now.
    await setOdds(h(), e.id, marketOf('1x2'), { home: 1_500, draw: 4_000, away: 6_500 });
    const offered = (await myBet(t, p.token, id)).cashOut;
    expect(offered).toBeGreaterThan(2_000);

    const part = await studioApi(t, p.token, 'POST', `/api/sb/bets/${id}/cashout`, { expected: 0, stake: 500 });
    expect(part.statusCode, part.body).toBe(200);
    const partPaid = part.json().paid as number;
    expect(await round(p.vendor, id)).toMatchObject({ bet_amount: 2_000, win_amount: partPaid, status: 'open' });
    const rest = await studioApi(t, p.token, 'POST', `/api/sb/bets/${id}/cashout`, { expected: 0 });
    expect(rest.statusCode, rest.body).toBe(200);
    const restPaid = rest.json().paid as number;
    expect(await round(p.vendor, id)).toMatchObject({ win_amount: partPaid + restPaid, status: 'closed' });
    expect(await platformBalance(t, p.memberId)).toBe(48_000 + partPaid + restPaid);
    expect(await recordOf(p.auth, id)).toMatchObject({
      bet: 20,
      win: (partPaid + restPaid) / 100,
      status: 'closed',
      detail: { status: 'cashed_out', payout: (partPaid + restPaid) / 100, cashedOut: (partPaid + restPaid) / 100 },
    });
    // The result afterwards pays nothing more.
    await result(h(), e.id, scoreResult(3, 0));
    expect(await round(p.vendor, id)).toMatchObject({ win_amount: partPaid + restPaid });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('what the records say when the money moved otherwise than asked', { tags: ['postgres'] }, () => {
  it("a correction the member's cash cannot cover shows what it took; a later correction nets the shortfall", async () => {
    const p = await openSportsbook(t, 'SPORTS', 1_000);
    const e = await newEvent(h());
    const home = sel(e.id, marketOf('1x2'), 'home');
    const placed = await placeSlip(t, p.token, {
      legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
      bets: [{ kind: 'single', selectionId: home, stake: 1_000 }],
      oddsChange: 'none',
    });
    const id = placed.body.bets[0]?.id ?? '';
    await result(h(), e.id, scoreResult(1, 0));
    expect(await platformBalance(t, p.memberId)).toBe(2_100);
    // The member bets 16.00 of the 21.00 won on another event before the result is corrected.
    const other = await newEvent(h());
    const away = sel(other.id, marketOf('1x2'), 'away');
    const spent = await placeSlip(t, p.token, {
      legs: [{ selectionId: away, odds1000: oddsIn('1x2', 'away') }],
      bets: [{ kind: 'single', selectionId: away, stake: 1_600 }],
      oddsChange: 'none',
    });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);

    // 0-0 after all: the resettle asks 21.00 back and the cash gives the 5.00 it holds.
    await result(h(), e.id, scoreResult(0, 0), true);
    expect(await platformBalance(t, p.memberId)).toBe(0);
    expect(await round(p.vendor, id)).toMatchObject({ win_amount: 1_600 });
    // A result the feed corrected carries no words; the member's page names it in their language.
    expect(await recordOf(p.auth, id)).toMatchObject({
      win: 16,
      detail: { status: 'lost', payout: 16, corrections: [{ amount: -5, reason: null }] },
    });
    expect((await entriesOf(p.auth, p.vendor, id)).find((x) => x.type === 'win.resettle-debit')).toMatchObject({
      amount: -5,
    });
    expect(await myBet(t, p.token, id)).toMatchObject({
      status: 'lost',
      payout: 1_600,
      corrections: [{ amount: -500 }],
    });

    // 1-0 was right: the book owes 21.00 and the member holds 16.00 of it, so 5.00 is paid, not 21.00.
    await result(h(), e.id, scoreResult(1, 0), true);
    expect(await platformBalance(t, p.memberId)).toBe(500);
    expect(await round(p.vendor, id)).toMatchObject({ win_amount: 2_100 });
    expect(await recordOf(p.auth, id)).toMatchObject({
      win: 21,
      detail: { status: 'won', payout: 21, corrections: [{ amount: -5 }, { amount: 5 }] },
    });
    expect(await myBet(t, p.token, id)).toMatchObject({
      status: 'won',
      payout: 2_100,
      corrections: [{ amount: -500 }, { amount: 500 }],
    });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('an in-play bet refused after its delay is rolled back: nothing is taken and the record reads void', async () => {
    await writeSettings(studio.db, { inPlayDelayMs: 20 });
    await studio.book.refresh();
    try {
      const p = await openSportsbook(t, 'SPORTS', 5_000);
      const e = await newEvent(h(), { startsInMs: -60_000 });
      await setState(h(), e.id, 'live', 0, 0);
      const home = sel(e.id, marketOf('1x2'), 'home');
      const placed = await placeSlip(t, p.token, {
        legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
        bets: [{ kind: 'single', selectionId: home, stake: 1_000 }],
        oddsChange: 'none',
      });
      expect(placed.body.bets[0]).toMatchObject({ status: 'pending' });
      const id = placed.body.bets[0]?.id ?? '';
      expect(await platformBalance(t, p.memberId)).toBe(4_000);
      // A goal during the delay suspends the market: the book refuses the bet and rolls its stake back.
      await suspend(h(), e.id);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await studio.book.tick();
      expect(await myBet(t, p.token, id)).toMatchObject({ status: 'refused' });
      expect(await platformBalance(t, p.memberId)).toBe(5_000);
      expect(await round(p.vendor, id)).toMatchObject({ status: 'rolled_back', bet_amount: 0 });
      expect(await recordOf(p.auth, id)).toMatchObject({
        bet: 0,
        status: 'rolled_back',
        detail: { status: 'void', payout: 0, legs: [{ inPlay: true, result: null }] },
      });
      const entries = await entriesOf(p.auth, p.vendor, id);
      expect(entries.map((x) => [x.type, x.amount, x.event]).sort()).toEqual([
        ['bet.rollback', 10, `Home ${e.id} v Away ${e.id}`],
        ['bet.vendor', -10, `Home ${e.id} v Away ${e.id}`],
      ]);
    } finally {
      await writeSettings(studio.db, { inPlayDelayMs: DEFAULT_SETTINGS.inPlayDelayMs });
      await studio.book.refresh();
    }
  });
});

describe('responsible play at the sportsbook', { tags: ['postgres'] }, () => {
  async function slipOn(token: string, stake: number) {
    const e = await newEvent(h());
    const home = sel(e.id, marketOf('1x2'), 'home');
    return placeSlip(t, token, {
      legs: [{ selectionId: home, odds1000: oddsIn('1x2', 'home') }],
      bets: [{ kind: 'single', selectionId: home, stake }],
      oddsChange: 'none',
    });
  }

  async function roundsOf(memberId: number) {
    return t.ctx.db.selectFrom('vendor_rounds').select('round_id').where('member_id', '=', memberId).execute();
  }

  it('a member who took a break is refused with STUDIO_PLAYER_EXCLUDED and nothing is taken; a bet placed before is still paid', async () => {
    const p = await openSportsbook(t, 'SPORTS', 10_000);
    const e = await newEvent(h());
    const before = await placeSlip(t, p.token, {
      legs: [{ selectionId: sel(e.id, marketOf('1x2'), 'home'), odds1000: oddsIn('1x2', 'home') }],
      bets: [{ kind: 'single', selectionId: sel(e.id, marketOf('1x2'), 'home'), stake: 1_000 }],
      oddsChange: 'none',
    });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const pause = await t.app.inject({
      method: 'POST',
      url: '/wps/responsible/break',
      headers: { authorization: p.auth },
      payload: { period: '24h', confirm: true },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    const refused = await slipOn(p.token, 1_000);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('STUDIO_PLAYER_EXCLUDED');
    expect(await platformBalance(t, p.memberId)).toBe(9_000);
    expect(await roundsOf(p.memberId)).toHaveLength(1);
    const open = await studioApi(t, p.token, 'GET', '/api/sb/bets?status=open');
    expect(open.json().bets.map((b: { id: string }) => b.id)).toEqual([before.body.bets[0]?.id]);
    // The money is owed: the bet placed before the break wins and is paid during it.
    await result(h(), e.id, scoreResult(1, 0));
    expect(await platformBalance(t, p.memberId)).toBe(11_100);
    // Nor can the lobby be opened again while the break lasts.
    const game = await lobbyGame(t, 'SPORTS');
    const launch = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: p.auth },
      payload: { nodeId: game.nodeId, language: 'en', backUrl: '/sports' },
    });
    expect(launch.json().code).toBe('RESPONSIBLE_BREAK_ACTIVE');
  });

  it('a bet over the loss limit is refused with STUDIO_PLAYER_LIMIT and nothing is taken; one within it is placed', async () => {
    const p = await openSportsbook(t, 'SPORTS', 10_000);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/wps/responsible/limits',
      headers: { authorization: p.auth },
      payload: { lossDay: 15 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const first = await slipOn(p.token, 1_000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The open stake of 10.00 counts as lost until it settles: 10.00 more would be 20.00.
    const over = await slipOn(p.token, 1_000);
    expect(over.status).toBe(403);
    expect(over.body.error?.code).toBe('STUDIO_PLAYER_LIMIT');
    expect(await platformBalance(t, p.memberId)).toBe(9_000);
    expect(await roundsOf(p.memberId)).toHaveLength(1);
    // A slip of two singles, 5.00 each: the first fits the 5.00 left, the second is refused and says why.
    const e = await newEvent(h());
    const [home, away] = [sel(e.id, marketOf('1x2'), 'home'), sel(e.id, marketOf('1x2'), 'away')];
    const both = await placeSlip(t, p.token, {
      legs: [
        { selectionId: home, odds1000: oddsIn('1x2', 'home') },
        { selectionId: away, odds1000: oddsIn('1x2', 'away') },
      ],
      bets: [
        { kind: 'single', selectionId: home, stake: 500 },
        { kind: 'single', selectionId: away, stake: 500 },
      ],
      oddsChange: 'none',
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.bets.map((b) => [b.status, b.refusal])).toEqual([
      ['open', null],
      ['refused', 'STUDIO_PLAYER_LIMIT'],
    ]);
    expect(await platformBalance(t, p.memberId)).toBe(8_500);
    expect(await roundsOf(p.memberId)).toHaveLength(2);
  });
});

describe("the day's books", { tags: ['postgres'] }, () => {
  it('the reconciliation of every house sportsbook vendor bet through today matches the ledger, which verifies', async () => {
    const date = await brandToday(t.ctx, new Date());
    const vendors = await t.ctx.db
      .selectFrom('vendor_transactions')
      .select(['vendor_code'])
      .where(
        'round_id',
        'in',
        t.ctx.db.selectFrom('vendor_rounds').select('round_id').where('game_code', 'like', '%-000'),
      )
      .groupBy('vendor_code')
      .execute();
    expect(vendors.length).toBeGreaterThan(0);
    for (const { vendor_code: vendor } of vendors) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/vendors/${vendor}/reconciliation?date=${date}`,
        headers: { authorization: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      // After this file's slips: stakes, wins, cash-outs, a rollback and corrections both ways.
      expect(v.net).toBe(v.bets.amount - v.rollbacks.amount - v.wins.amount - v.corrections.amount);
      expect(v.ledger.net).toBe(v.net);
      expect(v.matches).toBe(true);
    }
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});
