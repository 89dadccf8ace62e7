import { brandDay } from '@gamehall/shared/calendar-day';
import { describe, expect, it, vi } from 'vitest';
import { checkHand } from '../../client/cardroom/cr-present';
import { HOUSE } from '../../sportsbook/book/test-fixture';
import { signTrader, traderSecret } from '../../sportsbook/book/trader.routes';
import { verifyPvpDeal } from '../../verify';
import { dealDeck, verifyHandDeck } from '../engine/deck';
import { chipsOnTable } from '../engine/table';
import type { TableState } from '../engine/types';
import {
  balances,
  expectAllSettled,
  GAME,
  type Harness,
  member,
  netIn as netInOf,
  totalRake as rakeOf,
  stopped,
  storedState,
  studioOnDisk,
  TablePage,
  TIMING,
  tableApi,
  testTableSettings,
  useSharedStudio,
  VENDOR,
} from './test-harness';
import type { PvpTableView } from './view';

// The Hold'em table service through the studio's HTTP API and its table WebSocket, on PGlite, with a
// fake platform wallet (idempotent on transaction ids, like the platform's) behind the signed
// wallet client: three members play hands to showdown with every chip accounted for, a resent
// move is applied once, a player disconnects and comes back to the same seat, the clock folds a
// player who does not act, a leave asked during a hand waits for its end, two members from one
// device or one address cannot sit together, and a studio stopped mid-hand is started again on its
// database and settles every stack back into the members' balances.

/** The table of the test running (each test opens its own on the shared studio). */
let TABLE = '';
let tables = 0;
const shared = useSharedStudio();
/** A hand's history as the card room page reads it for its check. */
type PageRecord = {
  button: number;
  seats: number;
  board: string[];
  players: { seat: number; cards: string[] | null }[];
  fairness: { serverSeedHash: string; clientSeeds: string[]; nonce: number };
};

async function openTable(h: Harness, seats = 6) {
  TABLE = `t${++tables}`;
  await h.runtime.pvp.createTable(testTableSettings(TABLE, seats));
}

const api = tableApi('/studio/api/pvp');

async function sit(h: Harness, token: string, seat: number, buyIn: number, ip: string, table = TABLE) {
  const res = await api(h, token, 'POST', `/tables/${table}/sit`, { seat, buyIn }, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PvpTableView;
}

/** A player's page on the test's table (or `table`). */
const Page = {
  open: (h: Harness, token: string, table = TABLE) =>
    TablePage.open<PvpTableView>(h, `/ws/pvp?token=${token}&table=${table}`),
};

/**
 * A new table with two members of 20,000 sitting heads-up with 5,000 each from two addresses of the
 * network `net` ('10.0.3' sits them at .1 and .2, or at .first and .first+1), their pages open.
 */
async function headsUp(h: Harness, net: string, first = 1) {
  await openTable(h);
  const a = await member(h, 20_000);
  const b = await member(h, 20_000);
  await sit(h, a.token, 0, 5_000, `${net}.${first}`);
  await sit(h, b.token, 1, 5_000, `${net}.${first + 1}`);
  const pages = [await Page.open(h, a.token), await Page.open(h, b.token)];
  return { a, b, pages };
}

const tableState = (h: Harness, id = TABLE) => storedState<TableState>(h, id);

const totalRake = (h: Harness) => rakeOf(h, TABLE);
const netIn = (h: Harness) => netInOf(h, TABLE);

async function pendingTopUps(h: Harness): Promise<number> {
  const rows = await h.runtime.db
    .selectFrom('studio_pvp_seats')
    .select('pending_top_up')
    .where('status', '!=', 'closed')
    .where('table_id', '=', TABLE)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.pending_top_up), 0);
}

/** Stacks plus rake equal what the wallet moved to the table: checked after every step. */
async function expectConserved(h: Harness) {
  const state = await tableState(h);
  expect(chipsOnTable(state) + (await totalRake(h)) + (await pendingTopUps(h))).toBe(await netIn(h));
  expect(state.ledger.rake).toBe(await totalRake(h));
}

/** A seeded choice (the same game every run). */
function chooser(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('the Hold\u2019em table service', () => {
  it('three members play hands to showdown over their sockets; stacks plus rake equal the buy-ins', async () => {
    const h = shared();
    await openTable(h);
    const members = [await member(h, 50_000), await member(h, 50_000), await member(h, 50_000)];
    const before = balances(
      h,
      members.map((m) => m.player),
    );
    for (const [i, m] of members.entries()) await sit(h, m.token, i * 2, 5_000, `10.0.0.${i + 1}`);
    expect(h.wallet.balances.get(members[0]!.player)).toBe(45_000);
    const pages = await Promise.all(members.map((m) => Page.open(h, m.token)));
    const bySeat = new Map(pages.map((p, i) => [i * 2, p]));
    const random = chooser(42);
    let showdowns = 0;
    let hands = 0;
    const counted = new Set<number>();
    const finished: NonNullable<PvpTableView['hand']>[] = [];
    while (hands < 6) {
      await h.runtime.pvp.tick();
      const view = await h.runtime.pvp.view(TABLE, null);
      const hand = view.hand;
      if (!hand || hand.over) {
        if (hand?.over && !counted.has(hand.id)) {
          counted.add(hand.id);
          hands++;
          if ((hand.result as { showdown: boolean }).showdown) showdowns++;
          // Not in the table's view: it would tell the folded hands to the table.
          expect(hand.fairness.serverSeed).toBeNull();
          finished.push(hand);
        }
        await expectConserved(h);
        // Someone out of chips tops up between hands.
        const state = await tableState(h);
        for (const [i, m] of members.entries()) {
          if ((state.seats[i * 2]?.stack ?? 0) < 100) {
            const res = await api(h, m.token, 'POST', `/tables/${TABLE}/top-up`, { amount: 3_000 });
            expect(res.statusCode, res.body).toBe(200);
          }
        }
        h.clock.now += TIMING.betweenHandsMs;
        continue;
      }
      const seat = hand.toAct!;
      const page = bySeat.get(seat)!;
      const mine = await h.runtime.pvp.view(TABLE, `${VENDOR}:${members[seat / 2]!.player}`);
      // No one else's hole cards before the showdown.
      for (const p of mine.hand!.players) {
        if (p.seat !== seat) expect(p.cards).toBeNull();
        else expect(p.cards).toHaveLength(2);
      }
      const legal = mine.you.legal!;
      // The first hand is checked and called down, so there is always a showdown; the others vary.
      const r = hands === 0 ? 1 : random();
      const action =
        r < 0.1 && legal.callAmount > 0
          ? { type: 'fold' }
          : r < 0.25 && legal.canRaise
            ? { type: legal.callAmount === 0 && hand.currentBet === 0 ? 'bet' : 'raise', to: legal.minRaiseTo }
            : legal.canCheck
              ? { type: 'check' }
              : { type: 'call' };
      const answer = await page.act(action);
      expect(answer.ok, JSON.stringify(answer)).toBe(true);
      expect(answer.applied).toBe(true);
    }
    expect(showdowns).toBeGreaterThan(0);
    // Every page got the table as its player may see it.
    expect(pages[0]!.view?.you.seat).toBe(0);
    // Everyone leaves: the stacks go back to the wallet; the rake is what the members lost together.
    for (const m of members) {
      const res = await api(h, m.token, 'POST', `/tables/${TABLE}/leave`);
      expect(res.statusCode, res.body).toBe(200);
    }
    // A leave asked during a hand is done when it ends: play any hand left to its end on the clock.
    for (let i = 0; i < 40 && (await h.runtime.pvp.view(TABLE, null)).seats.some((s) => s !== null); i++) {
      h.clock.now += TIMING.turnMs + TIMING.timeBankMs + 1;
      await h.runtime.pvp.tick();
    }
    // With everyone gone, each hand's history reveals its server seed to its players: the deck is
    // the one the seeds make, and the public verifier deals the table's board and every hand shown.
    for (const seen of finished) {
      const res = await api(h, members[0]!.token, 'GET', `/hands/${seen.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const fairness = (res.json() as { fairness: { serverSeed: string | null } }).fairness;
      expect(fairness.serverSeed).not.toBeNull();
      const checked = verifyHandDeck({
        serverSeed: fairness.serverSeed!,
        clientSeeds: seen.fairness.clientSeeds,
        nonce: seen.fairness.nonce,
        serverSeedHash: seen.fairness.serverSeedHash,
      });
      expect(checked.hashMatches).toBe(true);
      expect(seen.board.every((c) => checked.cards.includes(c))).toBe(true);
      const verified = verifyPvpDeal({
        game: 'holdem',
        serverSeed: fairness.serverSeed!,
        clientSeeds: seen.fairness.clientSeeds,
        nonce: seen.fairness.nonce,
        serverSeedHash: seen.fairness.serverSeedHash,
        dealer: seen.button,
        seats: seen.players.map((p) => p.seat),
      });
      expect(verified.hashMatches).toBe(true);
      expect(verified.board.slice(0, seen.board.length)).toEqual(seen.board);
      for (const p of seen.players.filter((x) => x.cards !== null)) {
        expect(verified.hands.find((x) => x.seat === p.seat)?.cards).toEqual(p.cards);
      }
      // The card room's hand history checks the same record in the page (Check this hand).
      const record = res.json() as PageRecord;
      const inPage = (clientSeeds: string[]) =>
        checkHand({
          serverSeed: fairness.serverSeed!,
          serverSeedHash: record.fairness.serverSeedHash,
          clientSeeds,
          nonce: record.fairness.nonce,
          button: record.button,
          seatCount: record.seats,
          players: record.players,
          board: record.board,
        });
      expect(record.seats).toBe(6);
      expect(await inPage(record.fairness.clientSeeds)).toEqual({ hashMatches: true, cardsMatch: true });
      // With another client seed the deck is another: the cards the player saw are not its.
      expect((await inPage([...record.fairness.clientSeeds, 'x'])).cardsMatch).toBe(false);
    }
    const rake = await totalRake(h);
    expect(rake).toBeGreaterThan(0);
    expect(
      balances(
        h,
        members.map((m) => m.player),
      ),
    ).toBe(before - rake);
    const report = await h.runtime.pvp.rakeReport(new Date(0), new Date(h.clock.now + 86_400_000));
    // The same figures on the signed trader API, by day (UTC).
    // From the day before: the hands may straddle midnight.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const url = `/studio/trader/pvp/rake?from=${day(h.clock.now - 86_400_000)}&to=${day(h.clock.now)}`;
    const time = String(h.clock.now);
    const signed = await h.app.inject({
      method: 'GET',
      url,
      headers: { 'x-trader-time': time, 'x-trader-signature': signTrader(traderSecret(HOUSE), time, 'GET', url, '') },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const served = (signed.json() as { rows: { tableId: string; rake: number }[] }).rows.filter(
      (r) => r.tableId === TABLE,
    );
    expect(served.reduce((sum, r) => sum + r.rake, 0)).toBe(rake);
    const unsigned = await h.app.inject({ method: 'GET', url });
    expect(unsigned.statusCode).toBe(401);
    // Counted in the brand's zone: each row's day is the Manila day its hands ended on.
    const signedGet = (path: string) =>
      h.app.inject({
        method: 'GET',
        url: path,
        headers: {
          'x-trader-time': time,
          'x-trader-signature': signTrader(traderSecret(HOUSE), time, 'GET', path, ''),
        },
      });
    const manilaDay = (ms: number) => brandDay(new Date(ms), 'Asia/Manila');
    const inManila = await signedGet(
      `/studio/trader/pvp/rake?from=${manilaDay(h.clock.now - 86_400_000)}&to=${manilaDay(h.clock.now)}&tz=Asia%2FManila`,
    );
    expect(inManila.statusCode, inManila.body).toBe(200);
    const ended = await h.runtime.db
      .selectFrom('studio_pvp_hands')
      .select('ended_at')
      .where('table_id', '=', TABLE)
      .where('status', '=', 'over')
      .execute();
    const manilaRows = (inManila.json() as { rows: { tableId: string; day: string; rake: number }[] }).rows.filter(
      (r) => r.tableId === TABLE,
    );
    expect(manilaRows.map((r) => r.day).sort()).toEqual(
      [...new Set(ended.map((e) => manilaDay(new Date(e.ended_at as Date).getTime())))].sort(),
    );
    expect(manilaRows.reduce((sum, r) => sum + r.rake, 0)).toBe(rake);
    const unknownZone = await signedGet(`${url}&tz=Mars%2FOlympus`);
    expect(unknownZone.statusCode).toBe(400);
    expect(unknownZone.json().error.detail).toMatchObject({ fields: ['tz'] });
    const mine = report.filter((r) => r.tableId === TABLE);
    expect(mine.reduce((sum, r) => sum + r.rake, 0)).toBe(rake);
    expect(mine.reduce((sum, r) => sum + r.hands, 0)).toBe(
      (await h.runtime.db.selectFrom('studio_pvp_hands').select('id').where('table_id', '=', TABLE).execute()).length,
    );
    await Promise.all(pages.map((p) => p.close()));
  });

  it('applies a resent move once, and refuses a move out of turn', async () => {
    const h = shared();
    await openTable(h);
    const a = await member(h, 20_000);
    const b = await member(h, 20_000);
    await sit(h, a.token, 0, 5_000, '10.0.1.1');
    await sit(h, b.token, 1, 5_000, '10.0.1.2');
    const pa = await Page.open(h, a.token);
    const pb = await Page.open(h, b.token);
    await h.runtime.pvp.tick();
    const view = await h.runtime.pvp.view(TABLE, null);
    const first = view.hand!.toAct!;
    const [actor, other] = first === 0 ? [pa, pb] : [pb, pa];
    const wrong = await other.act({ type: 'call' }, 1);
    expect(wrong.ok).toBe(false);
    expect(wrong.error).toMatchObject({ code: 'STUDIO_PVP_REFUSED', detail: { reason: 'PVP_NOT_YOUR_TURN' } });
    const once = await actor.act({ type: 'call' }, 5);
    expect(once).toMatchObject({ ok: true, applied: true, seq: 5 });
    const after = await tableState(h);
    // The same move sent again (its answer lost): answered, not applied.
    const again = await actor.act({ type: 'call' }, 5);
    expect(again).toMatchObject({ ok: true, applied: false, seq: 5 });
    expect(await tableState(h)).toEqual(after);
    const actions = after.hand!.events.filter((e) => e.type === 'action');
    expect(actions).toHaveLength(1);
    // A message that is no request is answered with the fields at fault, tagged as far as it reads.
    const badSeq = await pa.send({ type: 'act', seq: 'six', action: { type: 'call' } });
    expect(badSeq).toMatchObject({
      type: 'act-result',
      id: null,
      seq: null,
      ok: false,
      error: { code: 'STUDIO_BAD_REQUEST', detail: { fields: ['seq'] } },
    });
    expect(badSeq.error?.detail).toEqual({ fields: ['seq'] });
    await pa.close();
    await pb.close();
  });

  it('keeps the seat of a player who disconnects; they come back to it and wait for the big blind', async () => {
    const h = shared();
    await openTable(h);
    const ms = [await member(h, 20_000), await member(h, 20_000), await member(h, 20_000)];
    for (const [i, m] of ms.entries()) await sit(h, m.token, i, 5_000, `10.0.2.${i + 1}`);
    const pages = await Promise.all(ms.map((m) => Page.open(h, m.token)));
    await h.runtime.pvp.tick();
    expect((await h.runtime.pvp.view(TABLE, null)).hand?.players).toHaveLength(3);
    // Player 2's phone loses its network.
    await pages[2]!.close();
    // The hand plays on; the clock acts for the absent player.
    for (let i = 0; i < 30; i++) {
      const v = await h.runtime.pvp.view(TABLE, null);
      if (!v.hand || v.hand.over) break;
      const seat = v.hand.toAct!;
      if (seat === 2) {
        h.clock.now += TIMING.turnMs + TIMING.timeBankMs + 1;
        await h.runtime.pvp.tick();
      } else {
        const legal = (await h.runtime.pvp.view(TABLE, `${VENDOR}:${ms[seat]!.player}`)).you.legal!;
        await pages[seat]!.act(legal.canCheck ? { type: 'check' } : { type: 'call' });
      }
    }
    expect((await h.runtime.pvp.view(TABLE, null)).hand?.over).toBe(true);
    h.clock.now += TIMING.presenceMs + 1;
    await h.runtime.pvp.tick();
    // Away: still seated within the grace period, but not dealt in.
    const during = await h.runtime.pvp.view(TABLE, null);
    expect(during.seats[2]).toMatchObject({ sittingOut: true, connected: false });
    expect(during.hand?.players.map((p) => p.seat)).toEqual([0, 1]);
    // Back on the same seat within the grace period.
    const back = await Page.open(h, ms[2]!.token);
    const resumed = await back.send({ type: 'resume' });
    expect(resumed.ok).toBe(true);
    expect(back.view?.you.seat).toBe(2);
    expect(back.view?.seats[2]?.connected).toBe(true);
    // Dealt in again once the hand in play is over, from the big blind.
    for (let i = 0; i < 30; i++) {
      const v = await h.runtime.pvp.view(TABLE, null);
      if (v.hand?.players.some((p) => p.seat === 2) && !v.hand.over) break;
      if (v.hand && !v.hand.over) {
        const seat = v.hand.toAct!;
        const legal = (await h.runtime.pvp.view(TABLE, `${VENDOR}:${ms[seat]!.player}`)).you.legal!;
        await pages[seat]!.act(legal.canCheck ? { type: 'check' } : { type: 'call' });
      } else {
        h.clock.now += TIMING.betweenHandsMs;
        await h.runtime.pvp.tick();
      }
    }
    const dealt = await h.runtime.pvp.view(TABLE, null);
    expect(dealt.hand?.players.some((p) => p.seat === 2)).toBe(true);
    expect(dealt.hand?.bigBlindSeat).toBe(2);
    await Promise.all([pages[0]!.close(), pages[1]!.close(), back.close()]);
  });

  it('folds a player who lets the clock run out, after the time bank', async () => {
    const h = shared();
    const { a, b, pages } = await headsUp(h, '10.0.3');
    await h.runtime.pvp.tick();
    const v = await h.runtime.pvp.view(TABLE, null);
    const seat = v.hand!.toAct!;
    // Heads-up, the button (small blind) acts first facing the big blind: it cannot check.
    h.clock.now += TIMING.turnMs;
    await h.runtime.pvp.tick();
    expect((await h.runtime.pvp.view(TABLE, null)).hand?.toAct).toBe(seat);
    h.clock.now += TIMING.timeBankMs;
    await h.runtime.pvp.tick();
    const after = await h.runtime.pvp.view(TABLE, null);
    expect(after.hand?.over).toBe(true);
    expect(after.hand?.events).toContainEqual(
      expect.objectContaining({ type: 'action', seat, action: 'fold', timeout: true }),
    );
    const mine = await h.runtime.pvp.view(TABLE, `${VENDOR}:${[a, b][seat]!.player}`);
    expect(mine.you.timeBankMs).toBe(0);
    await Promise.all(pages.map((p) => p.close()));
  });

  it('does not read a table again on the clock passes while nothing at it is due, and still times out the turn', async () => {
    const h = shared();
    const { pages } = await headsUp(h, '10.0.3', 3);
    await h.runtime.pvp.tick();
    await h.runtime.pvp.tick();
    const seat = (await h.runtime.pvp.view(TABLE, null)).hand!.toAct!;
    const room = h.runtime.pvp as unknown as { tableRow: (...args: unknown[]) => Promise<unknown> };
    const reads = vi.spyOn(room, 'tableRow');
    // Four passes within the turn (and within the second a found deadline is trusted for): no read.
    for (let pass = 0; pass < 4; pass++) {
      h.clock.now += 200;
      await h.runtime.pvp.tick();
    }
    // (The shared studio's other tables, earlier tests' with one player left, are still read.)
    expect(reads.mock.calls.filter((args) => args[1] === TABLE)).toEqual([]);
    reads.mockRestore();
    h.clock.now += TIMING.turnMs + TIMING.timeBankMs;
    await h.runtime.pvp.tick();
    const after = await h.runtime.pvp.view(TABLE, null);
    expect(after.hand?.events).toContainEqual(
      expect.objectContaining({ type: 'action', seat, action: 'fold', timeout: true }),
    );
    await Promise.all(pages.map((p) => p.close()));
  });

  it('queues a leave and a top-up asked during a hand until it ends', async () => {
    const h = shared();
    const { a, b, pages } = await headsUp(h, '10.0.4');
    await h.runtime.pvp.tick();
    const leave = await pages[0]!.send({ type: 'leave', id: 'l1' });
    expect(leave).toMatchObject({ ok: true, queued: true });
    const topUp = await pages[1]!.send({ type: 'top-up', id: 't1', amount: 1_000 });
    expect(topUp).toMatchObject({ ok: true, queued: true });
    // The top-up's bet is taken now and held for the seat; the leave waits.
    expect(h.wallet.balances.get(b.player)).toBe(14_000);
    expect((await h.runtime.pvp.view(TABLE, null)).seats[0]).not.toBeNull();
    await expectConserved(h);
    for (let i = 0; i < 20; i++) {
      const v = await h.runtime.pvp.view(TABLE, null);
      if (!v.hand || v.hand.over) break;
      const seat = v.hand.toAct!;
      await pages[seat]!.act({ type: 'fold' });
    }
    const state = await tableState(h);
    expect(state.seats[0]).toBeNull();
    const stackA = (
      await h.runtime.db
        .selectFrom('studio_pvp_transfers as t')
        .innerJoin('studio_pvp_seats as s', 's.id', 't.seat_id')
        .select('t.amount')
        .where('t.kind', '=', 'cash_out')
        .where('s.table_id', '=', TABLE)
        .executeTakeFirstOrThrow()
    ).amount;
    expect(h.wallet.balances.get(a.player)).toBe(15_000 + Number(stackA));
    expect(state.seats[1]?.stack).toBe(10_000 - Number(stackA) + 1_000);
    await expectConserved(h);
    await Promise.all(pages.map((p) => p.close()));
  });

  it('shows a finished hand to its own players only, and its seed only once none of them sits at the table', async () => {
    const h = shared();
    const { a, b, pages } = await headsUp(h, '10.0.9');
    const outsider = await member(h, 20_000);
    await h.runtime.pvp.tick();
    const dealt = await h.runtime.pvp.view(TABLE, null);
    const handId = dealt.hand!.id;
    // The first to act folds: the hand is over with the folder's cards never shown.
    const folder = dealt.hand!.toAct!;
    expect((await pages[folder]!.act({ type: 'fold' })).ok).toBe(true);
    const over = (await api(h, a.token, 'GET', `/tables/${TABLE}`)).json() as PvpTableView;
    expect(over.hand?.over).toBe(true);
    expect(over.hand?.fairness.serverSeed).toBeNull();
    // A member never at the table reads nothing of it, nor of any hand by its number.
    const peek = await api(h, outsider.token, 'GET', `/hands/${handId}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.code).toBe('STUDIO_NOT_FOUND');
    // The winner reads the hand without the folded cards and without the seed while both sit.
    const winner = folder === 0 ? b : a;
    const folded = folder === 0 ? a : b;
    type Record = { players: { seat: number; cards: string[] | null }[]; fairness: { serverSeed: string | null } };
    const read = async (token: string) => {
      const res = await api(h, token, 'GET', `/hands/${handId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Record;
    };
    const seen = await read(winner.token);
    expect(seen.players.find((p) => p.seat === folder)?.cards).toBeNull();
    expect(seen.players.find((p) => p.seat !== folder)?.cards).toHaveLength(2);
    expect(seen.fairness.serverSeed).toBeNull();
    // The folder leaves; the winner still sits, so the seed still waits.
    expect((await api(h, folded.token, 'POST', `/tables/${TABLE}/leave`)).statusCode).toBe(200);
    expect((await read(folded.token)).fairness.serverSeed).toBeNull();
    expect((await read(winner.token)).fairness.serverSeed).toBeNull();
    // The member centre's record (the signed trader API) keeps the same rule.
    const record = async (player: string) => {
      const url = `/studio/trader/pvp/hands/${handId}/member?player=${player}`;
      const time = String(h.clock.now);
      return h.app.inject({
        method: 'GET',
        url,
        headers: { 'x-trader-time': time, 'x-trader-signature': signTrader(traderSecret(HOUSE), time, 'GET', url, '') },
      });
    };
    expect((await record(winner.player)).json().fairness.serverSeed).toBeNull();
    expect((await record(outsider.player)).statusCode).toBe(404);
    // Once the winner has left too, both read the seed, and it deals the folded cards.
    expect((await api(h, winner.token, 'POST', `/tables/${TABLE}/leave`)).statusCode).toBe(200);
    const revealed = await read(winner.token);
    expect(revealed.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect((await record(folded.player)).json().fairness.serverSeed).toBe(revealed.fairness.serverSeed);
    expect((await api(h, outsider.token, 'GET', `/hands/${handId}`)).statusCode).toBe(404);
    await Promise.all(pages.map((p) => p.close()));
  });

  it('takes only the top-ups that fit under the maximum when several are sent at once', async () => {
    const h = shared();
    const { a, pages } = await headsUp(h, '10.0.10');
    await h.runtime.pvp.tick();
    expect((await h.runtime.pvp.view(TABLE, null)).hand?.over).toBe(false);
    // 5,000 on the table (stack and blind) under a maximum of 10,000: one top-up of 3,000 fits, not two.
    // The wallet holds its answers to the top-ups until each of the three has either reached it or
    // been refused, so all three are under way at once.
    let settled = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const count = () => {
      if (++settled === 3) release();
    };
    h.wallet.fault = (path) => {
      if (path !== 'bet') return undefined;
      count();
      return { hang: gate };
    };
    const sent = await Promise.all(
      [1, 2, 3].map(() =>
        api(h, a.token, 'POST', `/tables/${TABLE}/top-up`, { amount: 3_000 }).then((r) => {
          if (r.statusCode !== 200) count();
          return r;
        }),
      ),
    );
    h.wallet.fault = () => undefined;
    const taken = sent.filter((r) => r.statusCode === 200);
    expect(taken).toHaveLength(1);
    for (const r of sent.filter((x) => x.statusCode !== 200)) {
      expect(r.json().error).toMatchObject({ code: 'STUDIO_PVP_REFUSED', detail: { reason: 'PVP_TOP_UP_OVER_MAX' } });
    }
    // Refused before any money moved: the wallet gave 3,000 and nothing comes back later.
    expect(h.wallet.balances.get(a.player)).toBe(12_000);
    const bets = await h.runtime.db
      .selectFrom('studio_pvp_transfers as t')
      .innerJoin('studio_pvp_seats as s', 's.id', 't.seat_id')
      .select(['t.kind', 't.amount'])
      .where('s.table_id', '=', TABLE)
      .where('t.kind', 'in', ['top_up', 'return'])
      .execute();
    expect(bets.map((t) => [t.kind, Number(t.amount)])).toEqual([['top_up', 3_000]]);
    await expectConserved(h);
    await Promise.all(pages.map((p) => p.close()));
  });

  it('does not seat two members launched from one device at one table, and seats two devices', async () => {
    const h = shared();
    await openTable(h);
    const a = await member(h, 20_000, 'device-aaaa-0000-0001');
    const b = await member(h, 20_000, 'device-aaaa-0000-0001');
    const c = await member(h, 20_000, 'device-bbbb-0000-0002');
    // Different addresses: only the device is shared.
    await sit(h, a.token, 0, 5_000, '10.0.6.1');
    const refused = await api(h, b.token, 'POST', `/tables/${TABLE}/sit`, { seat: 1, buyIn: 5_000 }, '10.0.6.2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STUDIO_PVP_SAME_DEVICE');
    expect(h.wallet.balances.get(b.player)).toBe(20_000);
    expect((await h.runtime.pvp.view(TABLE, null)).seats[1]).toBeNull();
    await sit(h, c.token, 1, 5_000, '10.0.6.3');
    // Once the first member has left, the device's other member may sit.
    expect((await api(h, a.token, 'POST', `/tables/${TABLE}/leave`)).statusCode).toBe(200);
    await sit(h, b.token, 2, 5_000, '10.0.6.2');
  });

  it('does not seat two members from one address at one table (loopback aside), nor a trial session', async () => {
    const h = shared();
    await openTable(h);
    const a = await member(h, 20_000);
    const b = await member(h, 20_000);
    await sit(h, a.token, 0, 5_000, '10.0.5.1');
    const refused = await api(h, b.token, 'POST', `/tables/${TABLE}/sit`, { seat: 1, buyIn: 5_000 }, '10.0.5.1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STUDIO_PVP_SAME_ADDRESS');
    // Nothing moved for the refused member.
    expect(h.wallet.balances.get(b.player)).toBe(20_000);
    const outOfRange = await api(h, b.token, 'POST', `/tables/${TABLE}/sit`, { seat: 1, buyIn: 50 }, '10.0.5.2');
    expect(outOfRange.json().error).toMatchObject({
      code: 'STUDIO_PVP_REFUSED',
      detail: { reason: 'PVP_BUY_IN_RANGE' },
    });
    const poor = await member(h, 1_000);
    const broke = await api(h, poor.token, 'POST', `/tables/${TABLE}/sit`, { seat: 2, buyIn: 5_000 }, '10.0.5.3');
    expect(broke.json().error.code).toBe('STUDIO_INSUFFICIENT_FUNDS');
    expect((await h.runtime.pvp.view(TABLE, null)).seats[2]).toBeNull();
    // A loopback address (a local proxy, or a demo on one machine) is everyone's: it does not count.
    const c = await member(h, 20_000);
    const d = await member(h, 20_000);
    await sit(h, c.token, 4, 5_000, '127.0.0.1');
    await sit(h, d.token, 5, 5_000, '127.0.0.1');
    // A free trial watches but does not sit: play money never shares a table with real balances.
    const trial = 't'.repeat(40);
    const page = await h.app.inject({
      method: 'GET',
      url: `/studio/play?token=${trial}&game=${GAME}&vendor=${VENDOR}&mode=trial`,
    });
    expect(page.statusCode).toBe(200);
    expect((await api(h, trial, 'GET', `/tables/${TABLE}`)).statusCode).toBe(200);
    const trialSit = await api(h, trial, 'POST', `/tables/${TABLE}/sit`, { seat: 3, buyIn: 5_000 }, '10.0.5.4');
    expect(trialSit.json().error.code).toBe('STUDIO_PVP_REAL_ONLY');
  });

  it('returns a buy-in whose answer was lost, and pays a cash-out whose answer was lost once', async () => {
    const h = shared();
    await openTable(h);
    const a = await member(h, 20_000);
    const b = await member(h, 20_000);
    // The wallet takes the buy-in but its answer never arrives: the bet is rolled back at once.
    let lose: (path: string) => boolean = (path) => path === 'bet';
    h.wallet.fault = (path) => (lose(path) ? 'lose-answer' : undefined);
    const lost = await api(h, a.token, 'POST', `/tables/${TABLE}/sit`, { seat: 0, buyIn: 5_000 }, '10.0.8.1');
    expect(lost.json().error.code).toBe('STUDIO_WALLET_UNAVAILABLE');
    expect(h.wallet.balances.get(a.player)).toBe(20_000);
    expect((await h.runtime.pvp.view(TABLE, null)).seats[0]).toBeNull();
    // The seat is free again, and the member can sit down.
    lose = () => false;
    await sit(h, a.token, 0, 5_000, '10.0.8.1');
    await sit(h, b.token, 1, 5_000, '10.0.8.2');
    // Leaving: the cash-out's answer is lost; the sitting stays owed and the loop pays it once.
    lose = (path) => path === 'win';
    const left = await api(h, a.token, 'POST', `/tables/${TABLE}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    expect(h.wallet.balances.get(a.player)).toBe(20_000);
    lose = () => false;
    h.clock.now += 31_000;
    await h.runtime.pvp.tick();
    expect(h.wallet.balances.get(a.player)).toBe(20_000);
    const seat = await h.runtime.db
      .selectFrom('studio_pvp_seats')
      .select('status')
      .where('table_id', '=', TABLE)
      .where('seat', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(seat.status).toBe('closed');
    h.wallet.fault = () => undefined;
    await expectConserved(h);
  });

  it('settles every stack after the studio stops mid-hand and starts again on its database', async () => {
    const disk = studioOnDisk('gh-pvp-');
    const clock = disk.clock;
    const h1 = await disk.start();
    await openTable(h1);
    const ms = [await member(h1, 30_000), await member(h1, 30_000), await member(h1, 30_000)];
    const players = ms.map((m) => m.player);
    const before = balances(h1, players);
    for (const [i, m] of ms.entries()) await sit(h1, m.token, i, 8_000, `10.0.6.${i + 1}`);
    const pages = await Promise.all(ms.map((m) => Page.open(h1, m.token)));
    await h1.runtime.pvp.tick();
    // A few moves into the hand: a call and a raise put chips in the pot.
    for (let i = 0; i < 3; i++) {
      const v = await h1.runtime.pvp.view(TABLE, null);
      const seat = v.hand!.toAct!;
      const legal = (await h1.runtime.pvp.view(TABLE, `${VENDOR}:${ms[seat]!.player}`)).you.legal!;
      await pages[seat]!.act(i === 1 && legal.canRaise ? { type: 'raise', to: legal.minRaiseTo } : { type: 'call' });
    }
    const mid = await tableState(h1);
    expect(mid.hand?.result).toBeNull();
    expect(balances(h1, players)).toBe(before - 24_000);
    // The studio stops mid-hand (its pages go with it).
    await Promise.all(pages.map((p) => p.close()));
    await h1.app.close();
    stopped(h1);

    const h2 = await disk.start();
    // The hand is continued from its snapshot: nobody comes back, so the clock checks or folds them.
    for (let i = 0; i < 40; i++) {
      await h2.runtime.pvp.tick();
      clock.now += TIMING.turnMs + TIMING.timeBankMs + 1;
    }
    const hand = await h2.runtime.db
      .selectFrom('studio_pvp_hands')
      .select(['status', 'rake'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(hand.status).toBe('over');
    // Past the grace period every seat was cashed out through the wallet.
    clock.now += TIMING.graceMs + 1;
    await h2.runtime.pvp.tick();
    clock.now += 60_000;
    await h2.runtime.pvp.tick();
    await expectAllSettled(h2, TABLE, players, before);
    // Two studio start-ups, each opening its database on disk and migrating it.
  }, 60_000);

  it('deals the deck the committed seed and the players\u2019 client seeds make', async () => {
    const h = shared();
    await openTable(h);
    const a = await member(h, 20_000);
    const b = await member(h, 20_000);
    await sit(h, a.token, 0, 5_000, '10.0.7.1');
    await sit(h, b.token, 1, 5_000, '10.0.7.2');
    // A seed outside the rule is refused, on sitting down (before any money moves) and later.
    const c = await member(h, 20_000);
    const badSit = await api(h, c.token, 'POST', `/tables/${TABLE}/sit`, { seat: 2, buyIn: 5_000, clientSeed: 'a.b' });
    expect(badSit.json().error).toMatchObject({
      code: 'STUDIO_BAD_REQUEST',
      detail: { fields: ['clientSeed'] },
      // The rule the table keeps: the instant games' seeds may also hold '.' and ':'.
      message: 'At a card table the client seed must be 1 to 64 letters, digits, _ or -',
    });
    expect(h.wallet.balances.get(c.player)).toBe(20_000);
    const badSeed = await api(h, a.token, 'PUT', `/tables/${TABLE}/client-seed`, { clientSeed: 'x'.repeat(65) });
    expect(badSeed.statusCode).toBe(400);
    expect(badSeed.json().error).toMatchObject({ code: 'STUDIO_BAD_REQUEST', detail: { fields: ['clientSeed'] } });
    const seeded = await api(h, a.token, 'PUT', `/tables/${TABLE}/client-seed`, { clientSeed: 'alice-seed' });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const committed = (await h.runtime.pvp.view(TABLE, null)).nextServerSeedHash;
    // After the commitment, B's page sends its own value for it (over the socket, as the page does);
    // a value for another commitment is refused, so none can be meant for a seed not yet shown.
    const pageB = await Page.open(h, b.token);
    expect(await pageB.send({ type: 'entropy', id: 'e1', hash: committed, value: 'b-page-random' })).toMatchObject({
      ok: true,
    });
    const stale = await api(h, a.token, 'PUT', `/tables/${TABLE}/entropy`, { hash: 'f'.repeat(64), value: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'STUDIO_PVP_REFUSED', detail: { reason: 'PVP_SEED_MOVED' } });
    const badValue = await api(h, a.token, 'PUT', `/tables/${TABLE}/entropy`, { hash: committed, value: 'a.b' });
    expect(badValue.statusCode).toBe(400);
    await api(h, a.token, 'GET', `/tables/${TABLE}`);
    await h.runtime.pvp.tick();
    const hands = () =>
      h.runtime.db
        .selectFrom('studio_pvp_hands')
        .select(['id', 'server_seed', 'server_seed_hash', 'client_seeds', 'state'])
        .where('table_id', '=', TABLE)
        .orderBy('id')
        .execute();
    const row = (await hands())[0]!;
    expect(row.server_seed_hash).toBe(committed);
    const seeds = row.client_seeds as string[];
    // A's page sent nothing: A's own seed; B's: what B's page sent after the commitment.
    expect(seeds).toEqual(['alice-seed', 'b-page-random']);
    const deck = dealDeck({ serverSeed: row.server_seed, clientSeeds: seeds, nonce: 0 });
    expect((row.state as TableState).hand?.deck).toEqual(deck);
    // Not revealed while the hand is in play; the next hand's seed is committed already, another one.
    const live = (await api(h, a.token, 'GET', `/tables/${TABLE}`)).json() as PvpTableView;
    expect(live.hand?.fairness.serverSeed).toBeNull();
    expect(live.hand?.fairness.serverSeedHash).toBe(committed);
    expect(live.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(live.nextServerSeedHash).not.toBe(committed);
    const nextCommitted = live.nextServerSeedHash;
    // The hand ends; the next one is dealt from the seed committed during it. B's page sent nothing
    // for it and B set no seed: B's part is '-', never a value the server made.
    const toAct = live.hand!.toAct!;
    const folder = toAct === 0 ? a : b;
    await api(h, folder.token, 'POST', `/tables/${TABLE}/act`, { seq: 1, action: { type: 'fold' } });
    expect((await h.runtime.pvp.view(TABLE, null)).nextServerSeedHash).toBe(nextCommitted);
    h.clock.now += TIMING.betweenHandsMs;
    await api(h, a.token, 'GET', `/tables/${TABLE}`);
    await api(h, b.token, 'GET', `/tables/${TABLE}`);
    await h.runtime.pvp.tick();
    const second = (await hands())[1]!;
    expect(second.server_seed_hash).toBe(nextCommitted);
    expect(second.client_seeds).toEqual(['alice-seed', '-']);
    expect((second.state as TableState).hand?.deck).toEqual(
      dealDeck({ serverSeed: second.server_seed, clientSeeds: ['alice-seed', '-'], nonce: 0 }),
    );
    // The public verifier deals it from the published inputs.
    const verified = verifyPvpDeal({
      game: 'holdem',
      serverSeed: second.server_seed,
      clientSeeds: ['alice-seed', '-'],
      nonce: 0,
      serverSeedHash: nextCommitted,
    });
    expect(verified.hashMatches).toBe(true);
    await pageB.close();
  });
});
