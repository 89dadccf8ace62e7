import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import type { TestApp } from '../../test/harness';
import { headsUpTable, type PvpMember, playDumpingHand, pvpMember, pvpNode } from '../../test/pvp-fixture';
import { operatorSession } from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio, studioApi } from '../../test/studio-fixture';
import { getBrand } from '../brand/brand.service';

// The card room's records through the platform's HTTP API on the house studio mounted as `npm start`
// runs it: two members play real hands at a table (sitting down through the wallet, acting through
// the studio's API), then read their hands in the member centre (never the other's unseen cards),
// the operator searches hands, reads one in full (audited), the rake and the integrity report with
// the brand's thresholds; the studio's signed routes refuse a call without the signature, and the
// operator's routes refuse an operator without pvp.review.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let op: string;
const TABLE = 'hist-1';

let a: PvpMember;
let b: PvpMember;

async function memberGet(t: TestApp, auth: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
  return { status: res.statusCode, body: res.json() };
}

async function adminGet(url: string, auth = op) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
  return { status: res.statusCode, json: res.json(), text: res.body };
}

beforeAll(async () => {
  s = await mountStudio({ pvp: { tickMs: 0, betweenHandsMs: 0 } });
  ({ t, studio } = s);
  op = await operatorSession(t, ['pvp.review', 'site.write']);
  [a, b] = await headsUpTable(t, studio, { id: TABLE, name: 'History heads-up' });
  for (let i = 0; i < 5; i++) await playDumpingHand(t, studio, TABLE, a, b);
}, 120_000);
afterAll(() => s.close());

async function roundOf(m: PvpMember): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('vendor_rounds')
    .select('round_id')
    .where('member_id', '=', m.memberId)
    .where('game_type', '=', 'PVP')
    .executeTakeFirstOrThrow();
  return row.round_id;
}

describe('card-room hand histories', () => {
  it("shows a member the hands of their round with their own cards, never the other's unseen ones", async () => {
    const round = await roundOf(a);
    expect(round).toMatch(/^pvp:/);
    const list = await memberGet(t, a.auth, `/wps/member/pvp/rounds/${encodeURIComponent(round)}/hands`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const hands = list.body.value.hands as { handId: number; net: number; status: string }[];
    expect(hands).toHaveLength(5);
    // Every hand A folded 20 big blinds (₱20.00) to B's re-raise.
    expect(hands.map((h) => h.net)).toEqual([-20, -20, -20, -20, -20]);

    const hand = await memberGet(t, a.auth, `/wps/member/pvp/hands/${hands[0]!.handId}`);
    expect(hand.status).toBe(200);
    const v = hand.body.value;
    const mine = v.players.find((p: { you: boolean }) => p.you);
    const theirs = v.players.find((p: { you: boolean }) => !p.you);
    expect(mine.cards).toHaveLength(2);
    expect(theirs.cards).toBeNull();
    expect(theirs.name).not.toBe(String(b.memberId));
    expect(v.events.some((e: { type: string; action?: string }) => e.type === 'action' && e.action === 'fold')).toBe(
      true,
    );
    // Both still sit at the table: the seed, which would deal B's folded cards, is not yet revealed.
    expect(v.fairness.serverSeed).toBeNull();
    expect(v.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(v.fairness.clientSeeds).toHaveLength(2);

    // B's round is not A's to open, and a hand A was not dealt in is not found.
    const other = await memberGet(t, a.auth, `/wps/member/pvp/rounds/${encodeURIComponent(await roundOf(b))}/hands`);
    expect(other.status).toBe(404);
    const unknown = await memberGet(t, a.auth, '/wps/member/pvp/hands/999999');
    expect(unknown.status).toBe(404);
  });

  it('refuses the studio records without the platform signature', async () => {
    for (const url of [
      '/studio/trader/pvp/hands',
      '/studio/trader/pvp/hands/1',
      `/studio/trader/pvp/rounds/${encodeURIComponent(await roundOf(a))}/hands?player=${a.memberId}`,
      '/studio/trader/pvp/integrity?from=2020-01-01&to=2020-01-02',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      const forged = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-trader-time': String(Date.now()), 'x-trader-signature': 'ab'.repeat(32) },
      });
      expect(forged.statusCode, url).toBe(401);
      expect(res.body).not.toContain('"cards"');
    }
  });

  it('lets the operator search hands and read one in full, audited; refuses an operator without pvp.review', async () => {
    const username = (
      await t.ctx.db.selectFrom('members').select('username').where('id', '=', a.memberId).executeTakeFirstOrThrow()
    ).username;
    const found = await adminGet(`/admin/pvp/hands?member=${username}&table=${TABLE}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.value.hands).toHaveLength(5);
    const first = found.json.value.hands[0];
    expect(first.players.map((p: { name: string }) => p.name)).toContain(username);

    const full = await adminGet(`/admin/pvp/hands/${first.handId}`);
    expect(full.status, full.text).toBe(200);
    for (const p of full.json.value.players) expect(p.cards).toHaveLength(2);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success', 'detail'])
      .where('event', '=', 'pvp.handView')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ success: true, detail: { target: `pvp-hand:${first.handId}` } });

    const outsider = await operatorSession(t, ['reports.read']);
    for (const url of [
      '/admin/pvp/hands',
      `/admin/pvp/hands/${first.handId}`,
      '/admin/pvp/rake?from=2020-01-01&to=2020-01-01',
    ]) {
      expect((await adminGet(url, outsider)).status, url).toBe(403);
    }
  });

  it('reports the rake as the house revenue and flags the chip dumping between the two by the brand thresholds', async () => {
    // The brand's day, as every report counts (Manila is 8 hours ahead of UTC: from 16:00 UTC on,
    // the UTC day would be yesterday there and miss today's hands).
    const { timeZone } = await getBrand(t.ctx.db);
    const today = brandDay(new Date(), timeZone);
    const rake = await adminGet(`/admin/pvp/rake?from=${today}&to=${today}`);
    expect(rake.status, rake.text).toBe(200);
    // No flop was dealt in any hand: no rake, as the rule says, over five hands.
    expect(rake.json.value.totals).toMatchObject({ hands: 5, rake: 0 });
    expect([...new Set(rake.json.value.rows.map((r: { day: string }) => r.day))]).toEqual([today]);
    // The hand search counts the same days.
    const hands = await adminGet(`/admin/pvp/hands?from=${today}&to=${today}`);
    expect(hands.json.value.hands.length).toBeGreaterThanOrEqual(5);
    const elsewhere = await adminGet(`/admin/pvp/hands?from=${addDays(today, 1)}&to=${addDays(today, 1)}`);
    expect(elsewhere.json.value.hands).toEqual([]);

    // With the default thresholds (₱5,000 lost), ₱100 lost is not flagged.
    const quiet = await adminGet(`/admin/pvp/integrity?from=${today}&to=${today}`);
    expect(quiet.status, quiet.text).toBe(200);
    expect(quiet.json.value).toMatchObject({ hands: 5, chipDumping: [], softPlay: [] });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/admin/brand/settings/pvpIntegrity',
      headers: { authorization: op },
      payload: {
        value: {
          dumpMinAmount: 10_000,
          dumpMinHands: 5,
          dumpMinSuspiciousPercent: 80,
          dumpBigFoldBigBlinds: 20,
          softMinSharedStreets: 30,
          softMaxSharedAggressionPercent: 5,
          softMinOtherAggressionPercent: 30,
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const flagged = await adminGet(`/admin/pvp/integrity?from=${today}&to=${today}`);
    expect(flagged.status, flagged.text).toBe(200);
    const [flag, ...rest] = flagged.json.value.chipDumping;
    expect(rest).toEqual([]);
    expect(flag).toMatchObject({
      from: { memberId: a.memberId },
      to: { memberId: b.memberId },
      lost: 100,
      lostBack: 0,
      hands: 5,
      bigFolds: 5,
      suspiciousAmount: 100,
    });
    expect(flagged.json.value.thresholds.dumpMinAmount).toBe(100);
  });
});

// After the Hold'em records above (whose counts a Tongits deal would change): three members play a
// Tongits deal to its end (draw, throw the first card, so the stock runs out) and one reads it in
// the member centre as the table showed it.
describe('card-room Tongits deals in the member centre', () => {
  type TongitsView = {
    deal: {
      id: number;
      over: boolean;
      turn: number | null;
      phase: string;
      players: { seat: number; cards: string[] | null }[];
      melds: unknown[];
      result: { end: string; winner: number } | null;
    } | null;
  };
  const TONGITS = 'hist-tongits';

  it("shows a Tongits sitting's deal: every hand once over with its points, the result, the bills and the seeds", async () => {
    await studio.tongits.createTable({
      id: TONGITS,
      name: 'History Tongits',
      stake: 100,
      minBuyIn: 2_000,
      maxBuyIn: 10_000,
      rake: { basisPoints: 500, cap: 300 },
      currency: 'PHP',
    });
    const node = await pvpNode(t);
    const players: PvpMember[] = [];
    for (let seat = 0; seat < 3; seat++) {
      const m = await pvpMember(t, node);
      const res = await studioApi(t, m.token, 'POST', `/api/pvp/tongits/tables/${TONGITS}/sit`, {
        seat,
        buyIn: 5_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      players.push(m);
    }
    const viewOf = async (m: PvpMember) =>
      (await studioApi(t, m.token, 'GET', `/api/pvp/tongits/tables/${TONGITS}`)).json() as TongitsView;
    await studio.tongits.tick();
    let deal = (await viewOf(players[0]!)).deal;
    for (let moves = 0; deal && !deal.over && moves < 100; moves++) {
      const m = players[deal.turn!]!;
      const mine = (await viewOf(m)).deal!;
      const action =
        mine.phase === 'draw' ? { type: 'drawStock' } : { type: 'discard', card: mine.players[deal.turn!]!.cards![0] };
      const res = await studioApi(t, m.token, 'POST', `/api/pvp/tongits/tables/${TONGITS}/act`, {
        seq: ++m.seq,
        action,
      });
      expect(res.statusCode, res.body).toBe(200);
      deal = (await viewOf(players[0]!)).deal;
    }
    expect(deal?.over).toBe(true);
    const table = deal!;

    const me = players[0]!;
    const round = await roundOf(me);
    const list = await memberGet(t, me.auth, `/wps/member/pvp/rounds/${encodeURIComponent(round)}/hands`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.value).toMatchObject({ game: 'tongits', tableName: 'History Tongits' });
    expect(list.body.value.hands).toHaveLength(1);
    expect(list.body.value.hands[0].handId).toBe(table.id);

    const hand = await memberGet(t, me.auth, `/wps/member/pvp/hands/${table.id}`);
    expect(hand.status, JSON.stringify(hand.body)).toBe(200);
    const v = hand.body.value;
    expect(v).toMatchObject({ game: 'tongits', status: 'over', board: [], events: [] });
    // Every hand as the table showed it once the deal was over, each with its points.
    for (const p of table.players) {
      expect(v.players.find((x: { seat: number }) => x.seat === p.seat).cards).toEqual(p.cards);
    }
    expect(v.tongits.points).toHaveLength(3);
    for (const p of v.tongits.points) expect(typeof p.points).toBe('number');
    expect(v.tongits.melds).toEqual(table.melds);
    expect(v.tongits.stake).toBe(1);
    expect(v.tongits.result).toMatchObject({ end: 'stock-out', winner: table.result!.winner });
    expect(v.tongits.result.bills).toHaveLength(2);
    // The winner's result is the collection less the rake; the pot and rake are in major units.
    const net = v.players.reduce((sum: number, p: { net: number }) => sum + p.net, 0);
    expect(net).toBeCloseTo(-v.rake, 2);
    expect(v.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(v.fairness.clientSeeds).toHaveLength(3);
    // The member's own record is not another member's to open.
    const outsider = await memberGet(t, a.auth, `/wps/member/pvp/hands/${table.id}`);
    expect(outsider.status).toBe(404);

    // The operator finds the deal by its table, named as a Tongits deal, and reads it in full.
    const found = await adminGet(`/admin/pvp/hands?table=${TONGITS}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.value.hands).toEqual([expect.objectContaining({ handId: table.id, game: 'tongits' })]);
    const full = await adminGet(`/admin/pvp/hands/${table.id}`);
    expect(full.status, full.text).toBe(200);
    expect(full.json.value).toMatchObject({
      game: 'tongits',
      tongits: { melds: table.melds, dealer: v.tongits.dealer },
    });
    expect(full.json.value.tongits.result).toEqual(v.tongits.result);
    for (const p of table.players) {
      expect(full.json.value.players.find((x: { seat: number }) => x.seat === p.seat).cards).toEqual(p.cards);
    }
  });
});
