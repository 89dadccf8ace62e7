import type { VendorRoundDetail } from '@gamehall/shared/api/vendor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import {
  betBody,
  uniqueId as id,
  openVendorWallet,
  type VendorWallet,
  walletPlayer,
  winBody,
} from '../../test/vendor-wallet-fixture';
import { sessionFor } from '../cashier/cashier.fixtures';

// A round's detail (a sportsbook bet's legs, odds, result and payout) sent on the bet, win and
// resettle calls: kept once per round, the latest recorded call's replacing the one before, and
// shown in the member's betting record and account record. Legs come in codes (what the house
// sportsbook sends, put in words by the member's page) or in a vendor's words (kept rounds from
// before, outside vendors), and the record answers each as it is.

let t: TestApp;
let vendor: string;
let client: VendorWallet['client'];

beforeAll(async () => {
  ({ t, vendor, client } = await openVendorWallet());
});
afterAll(() => t.close());

/** A funded player with a game session, and their member site session (`memberToken`). */
async function player(amount: number) {
  const p = await walletPlayer(t, vendor, amount);
  return { ...p, memberToken: await sessionFor(t, p.id) };
}

/** A double: Harbour City to win at 2.10 and over 2.5 goals at 1.90 in another match. */
function placed(betId: string): VendorRoundDetail {
  return {
    kind: 'sportsbook',
    betId,
    betType: 'multiple',
    system: null,
    combinations: 1,
    stake: 1_000,
    odds1000: 3_990,
    potentialPayout: 3_990,
    status: 'open',
    payout: 0,
    cashedOut: 0,
    placedAt: '2026-03-01T12:00:00.000Z',
    settledAt: null,
    legs: [
      {
        eventId: 'ev-1',
        event: 'Harbour City v Northgate Rovers',
        sport: 'football',
        league: 'Coastal Premier',
        startsAt: '2026-03-01T15:00:00.000Z',
        market: 'Match result',
        selection: 'Harbour City',
        odds1000: 2_100,
        inPlay: false,
        result: null,
        score: null,
      },
      {
        eventId: 'ev-2',
        event: 'Eastbay v Westfield',
        sport: 'football',
        market: 'Total goals 2.5',
        selection: 'Over 2.5',
        odds1000: 1_900,
        inPlay: true,
        result: null,
        score: '1-0',
      },
    ],
    corrections: [],
  };
}

function settled(detail: VendorRoundDetail): VendorRoundDetail {
  return {
    ...detail,
    status: 'won',
    payout: 3_990,
    settledAt: '2026-03-01T17:00:00.000Z',
    legs: detail.legs.map((leg, i) =>
      'marketType' in leg
        ? { ...leg, result: 'win' as const }
        : { ...leg, result: 'win' as const, score: i === 0 ? '2-1' : '3-1' },
    ),
  };
}

const REASON = 'Result corrected: 2-2';

/** The settled double corrected to lost (2-2): its payout taken back. */
function correctedToLost(roundId: string): VendorRoundDetail {
  return {
    ...settled(placed(roundId)),
    status: 'lost',
    payout: 0,
    corrections: [{ at: '2026-03-02T09:00:00.000Z', amount: -3_990, reason: REASON }],
  };
}

type Player = Awaited<ReturnType<typeof player>>;

/** The double's calls on round `roundId`, named as the sportsbook names them: its bet, its win and a correction to lost. */
function doubleCalls(p: Player, roundId: string) {
  const bet = betBody(p, 1_000, { roundId, transactionId: `sb:${roundId}:bet`, detail: placed(roundId) });
  return {
    bet,
    win: winBody(p, bet, 3_990, true, { transactionId: `sb:${roundId}:win`, detail: settled(placed(roundId)) }),
    fix: {
      player: p.player,
      gameCode: p.gameCode,
      roundId,
      transactionId: `sb:${roundId}:fix:1`,
      amount: -3_990,
      currency: 'PHP',
      reason: REASON,
      detail: correctedToLost(roundId),
    },
  };
}

const storedDetail = (roundId: string) =>
  t.ctx.db
    .selectFrom('vendor_round_details')
    .select(['detail', 'summary'])
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();

describe('round details on the wallet calls', () => {
  it('keeps the bet detail, replaces it with the win detail, and a late repeat of the bet never puts the old one back', async () => {
    const p = await player(10_000);
    const roundId = id('sb');
    const { bet, win, fix } = doubleCalls(p, roundId);
    expect((await client.call('bet', bet)).body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect(await storedDetail(roundId)).toMatchObject({
      detail: { status: 'open', legs: [{ result: null }, { result: null }] },
      summary: 'Harbour City v Northgate Rovers · Eastbay v Westfield',
    });

    expect((await client.call('win', win)).body).toMatchObject({ status: 'OK', balance: 12_990 });
    expect((await storedDetail(roundId))?.detail).toMatchObject({ status: 'won', payout: 3_990 });

    // The bet delivered again (a retry that crossed the win): the first answer, the settled detail stays.
    expect((await client.call('bet', bet)).body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect((await storedDetail(roundId))?.detail).toMatchObject({ status: 'won' });

    // A correction brings the corrected detail.
    expect((await client.call('resettle', fix)).body).toMatchObject({ status: 'OK', taken: 3_990 });
    expect((await storedDetail(roundId))?.detail).toMatchObject({ status: 'lost', corrections: [{ amount: -3_990 }] });

    // The betting record shows it in major units and decimal odds.
    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/bettingRecord?range=past7&pageNo=1&pageSize=20',
      headers: { authorization: p.memberToken },
    });
    const row = record.json().value.content.find((r: { roundId: string }) => r.roundId === roundId);
    expect(row.detail).toMatchObject({
      betType: 'multiple',
      stake: 10,
      odds: 3.99,
      potentialPayout: 39.9,
      status: 'lost',
      payout: 0,
      legs: [
        {
          form: 'words',
          event: 'Harbour City v Northgate Rovers',
          league: 'Coastal Premier',
          odds: 2.1,
          result: 'win',
          score: '2-1',
        },
        { form: 'words', event: 'Eastbay v Westfield', league: null, odds: 1.9, inPlay: true, result: 'win' },
      ],
      corrections: [{ amount: -39.9, reason: 'Result corrected: 2-2' }],
    });
    expect(row).toMatchObject({ bet: 10, win: 0, status: 'closed' });

    // The account record names the event of each of the round's movements.
    const entries = await t.app.inject({
      method: 'GET',
      url: '/wps/member/transactions?range=past7&pageNo=1&pageSize=20',
      headers: { authorization: p.memberToken },
    });
    const ofRound = entries
      .json()
      .value.content.filter((e: { reference: string }) => e.reference === `${vendor}:${roundId}`);
    expect(ofRound.map((e: { type: string }) => e.type).sort()).toEqual([
      'bet.vendor',
      'win.resettle-debit',
      'win.vendor',
    ]);
    for (const e of ofRound)
      expect(e).toMatchObject({
        event: 'Harbour City v Northgate Rovers · Eastbay v Westfield',
        gameName: expect.any(String),
      });
  });

  it('keeps a correction the cash could not cover as what it took, the rest still paid', async () => {
    const p = await player(1_000);
    const roundId = id('sb');
    const { bet, win, fix } = doubleCalls(p, roundId);
    await client.call('bet', bet);
    await client.call('win', win);
    // The member spends all but 10.00 of the 39.90 elsewhere before the correction.
    await client.call('bet', betBody(p, 2_990));
    const fixed = await client.call('resettle', fix);
    expect(fixed.body).toMatchObject({ status: 'OK', taken: 1_000 });
    expect((await storedDetail(roundId))?.detail).toMatchObject({
      status: 'lost',
      payout: 2_990,
      corrections: [{ amount: -1_000, reason: REASON }],
    });
  });

  it('keeps nothing for a refused bet, refuses a malformed detail, and a round without one has none', async () => {
    const p = await player(500);
    const roundId = id('sb');
    const body = betBody(p, 1_000, { roundId, detail: placed(roundId) });
    expect((await client.call('bet', body)).body.status).toBe('ERROR_INSUFFICIENT_FUNDS');
    expect(await storedDetail(roundId)).toBeUndefined();

    const broken = { ...body, amount: 100, transactionId: id('bet'), detail: { ...placed(roundId), legs: [] } };
    expect((await client.call('bet', broken)).body.status).toBe('ERROR_BAD_REQUEST');
    const odd = { ...body, amount: 100, transactionId: id('bet'), detail: { ...placed(roundId), kind: 'slot' } };
    expect((await client.call('bet', odd)).body.status).toBe('ERROR_BAD_REQUEST');

    const plain = id('round');
    const ok = await client.call('bet', {
      ...body,
      roundId: plain,
      amount: 100,
      transactionId: id('bet'),
      detail: undefined,
    });
    expect(ok.body.status).toBe('OK');
    expect(await storedDetail(plain)).toBeUndefined();
    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/bettingRecord?range=past7&pageNo=1&pageSize=20',
      headers: { authorization: p.memberToken },
    });
    const row = record.json().value.content.find((r: { roundId: string }) => r.roundId === plain);
    expect(row.detail).toBeNull();
  });

  it('keeps a detail in codes and answers it in codes: market type, line, selection key, teams, scores', async () => {
    const p = await player(10_000);
    const roundId = id('sb');
    const coded: VendorRoundDetail = {
      ...placed(roundId),
      odds1000: 3_610,
      potentialPayout: 3_610,
      legs: [
        {
          eventId: 'ev-3',
          sport: 'football',
          league: 'Kapuluan Premier Division',
          startsAt: '2026-03-01T15:00:00.000Z',
          home: 'Puerto Alon FC',
          away: 'San Kislap Mariners',
          marketType: 'handicap',
          period: 'h1',
          line4: -1,
          selection: 'away',
          odds1000: 1_900,
          inPlay: false,
          result: null,
          score: null,
        },
        {
          eventId: 'ev-4',
          sport: 'tennis',
          home: 'Ana Dalisay',
          away: 'Mika Santos',
          marketType: 'total',
          period: 'ft',
          line4: 90,
          selection: 'over',
          odds1000: 1_900,
          inPlay: true,
          result: null,
          score: { decided: { home: 1, away: 0 }, counted: { home: 6, away: 4 } },
        },
      ],
    };
    const bet = betBody(p, 1_000, { roundId, transactionId: `sb:${roundId}:bet`, detail: coded });
    expect((await client.call('bet', bet)).body).toMatchObject({ status: 'OK', balance: 9_000 });
    const stored = await storedDetail(roundId);
    expect(stored?.summary).toBe('Puerto Alon FC v San Kislap Mariners · Ana Dalisay v Mika Santos');
    // Kept as sent: no words of any language in it.
    expect(JSON.stringify(stored?.detail)).not.toMatch(/Over|Handicap|half/);

    const settledCoded: VendorRoundDetail = {
      ...coded,
      status: 'won',
      payout: 2_755,
      settledAt: '2026-03-01T18:00:00.000Z',
      legs: coded.legs.map((leg, i) =>
        'marketType' in leg
          ? {
              ...leg,
              result: i === 0 ? ('half_win' as const) : ('win' as const),
              score:
                i === 0
                  ? { decided: { home: 1, away: 1 }, counted: { home: 1, away: 1 } }
                  : { decided: { home: 2, away: 1 }, counted: { home: 14, away: 12 } },
            }
          : leg,
      ),
    };
    const win = winBody(p, bet, 2_755, true, { transactionId: `sb:${roundId}:win`, detail: settledCoded });
    expect((await client.call('win', win)).body).toMatchObject({ status: 'OK' });

    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/bettingRecord?range=past7&pageNo=1&pageSize=20',
      headers: { authorization: p.memberToken },
    });
    const row = record.json().value.content.find((r: { roundId: string }) => r.roundId === roundId);
    expect(row.detail.legs).toEqual([
      {
        form: 'coded',
        sport: 'football',
        league: 'Kapuluan Premier Division',
        startsAt: '2026-03-01T15:00:00.000Z',
        home: 'Puerto Alon FC',
        away: 'San Kislap Mariners',
        marketType: 'handicap',
        period: 'h1',
        line: -0.25,
        selection: 'away',
        odds: 1.9,
        inPlay: false,
        result: 'half_win',
        score: { decided: { home: 1, away: 1 }, counted: { home: 1, away: 1 } },
      },
      {
        form: 'coded',
        sport: 'tennis',
        league: null,
        startsAt: null,
        home: 'Ana Dalisay',
        away: 'Mika Santos',
        marketType: 'total',
        period: 'ft',
        line: 22.5,
        selection: 'over',
        odds: 1.9,
        inPlay: true,
        result: 'win',
        score: { decided: { home: 2, away: 1 }, counted: { home: 14, away: 12 } },
      },
    ]);
    expect(row.detail).toMatchObject({ status: 'won', payout: 27.55, odds: 3.61 });

    // A selection key that is no key is refused, and with it the call (nothing moves).
    const bad = betBody(p, 100, {
      roundId: id('sb'),
      detail: { ...coded, legs: [{ ...coded.legs[0]!, selection: 'Over 2.5' }] },
    });
    expect((await client.call('bet', bad)).body.status).toBe('ERROR_BAD_REQUEST');
  });
});
