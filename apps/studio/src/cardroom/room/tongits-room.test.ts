import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../../kit/fair/seeds';
import type { PvpVerification } from '../../verify';
import { cardText, parseCard } from '../engine/cards';
import { dealDeck, verifyHandDeck } from '../engine/deck';
import { act, canCallDraw, startGame } from '../engine/tongits/game';
import { handPoints, highestCard } from '../engine/tongits/rules';
import { chipsOnTable, type TongitsTableState } from '../engine/tongits/table';
import { meldsIn, sapawsFor } from '../engine/tongits/test-support';
import type { Action, EndKind, Seat, TongitsState } from '../engine/tongits/types';
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
  useSharedStudio,
  VENDOR,
} from './test-harness';
import type { TongitsTableView } from './tongits-view';

// The Tongits table service through the studio's HTTP API and its table WebSocket, on PGlite, with
// the fake platform wallet (idempotent on transaction ids) behind the signed wallet client. The
// players are a fixed greedy strategy (meld what it can, lay off what fits, throw the highest card;
// call a draw at low points when told to), so a deal's course is known from its deck: the test
// picks the server seed whose deal ends the way it wants (tongits, stock-out, draw) by playing it
// on the engine first, commits it as the house does, and then plays it through the service.

const STAKE = 100;
const CLIENT_SEEDS = ['seat-zero', 'seat-one', 'seat-two'];
let TABLE = '';
let tables = 0;
const shared = useSharedStudio();

async function openTable(h: Harness) {
  TABLE = `tg${++tables}`;
  const created = await h.runtime.tongits.createTable({
    id: TABLE,
    name: 'Tongits test',
    stake: STAKE,
    minBuyIn: 2_000,
    maxBuyIn: 10_000,
    rake: { basisPoints: 500, cap: 300 },
    currency: 'PHP',
  });
  expect(created).toBe(true);
}

const api = tableApi('/studio/api/pvp/tongits');

async function seatThree(h: Harness, balance = 20_000, buyIn = 5_000) {
  const ms = [await member(h, balance), await member(h, balance), await member(h, balance)];
  for (const [i, m] of ms.entries()) {
    const res = await api(
      h,
      m.token,
      'POST',
      `/tables/${TABLE}/sit`,
      { seat: i, buyIn, clientSeed: CLIENT_SEEDS[i] },
      `10.1.${tables}.${i + 1}`,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return ms;
}

/** A player's page on the test's Tongits table. */
const Page = {
  open: (h: Harness, token: string) =>
    TablePage.open<TongitsTableView>(h, `/ws/pvp/tongits?token=${token}&table=${TABLE}`),
};

const tableState = (h: Harness) => storedState<TongitsTableState>(h, TABLE);

const totalRake = (h: Harness) => rakeOf(h, TABLE);
const netIn = (h: Harness) => netInOf(h, TABLE);

async function expectConserved(h: Harness) {
  const state = await tableState(h);
  expect(chipsOnTable(state) + (await totalRake(h))).toBe(await netIn(h));
  expect(state.ledger.rake).toBe(await totalRake(h));
}

// ---- the players' strategy, the same on the engine and through the service ----

/** The player's next move: `callAt` is the hand's points at or under which it calls a draw (-1: never). */
function nextMove(d: TongitsState, seat: Seat, callAt: number): Action {
  const hand = d.hands[seat];
  if (d.phase === 'challenge') {
    const mine = d.melds.some((m) => m.owner === seat);
    return mine && handPoints(hand) <= callAt ? { type: 'challenge' } : { type: 'fold' };
  }
  if (d.phase === 'draw') {
    if (canCallDraw(d, seat) && handPoints(hand) <= callAt) return { type: 'callDraw' };
    return { type: 'drawStock' };
  }
  const meld = meldsIn(hand)[0];
  if (meld) return { type: 'meld', cards: meld };
  const sapaw = sapawsFor(d, hand)[0];
  if (sapaw) return { type: 'sapaw', ...sapaw };
  return { type: 'discard', card: highestCard(hand) };
}

/** The action as the page sends it (cards as text). */
function wire(a: Action): object {
  if (a.type === 'meld' || a.type === 'takeDiscard') return { type: a.type, cards: a.cards.map(cardText) };
  if (a.type === 'sapaw') return { type: 'sapaw', meldId: a.meldId, cards: a.cards.map(cardText) };
  if (a.type === 'discard') return { type: 'discard', card: cardText(a.card) };
  return a;
}

/** A server seed whose deal, dealt by `dealer` and played by the strategy, ends by `end`. */
function seedFor(end: EndKind, dealer: Seat, callAt: number): string {
  for (let i = 0; i < 5000; i++) {
    const serverSeed = `tongits-test-${end}-${dealer}-${i}`.padEnd(64, '0');
    let d = startGame({ stake: STAKE }, dealDeck({ serverSeed, clientSeeds: CLIENT_SEEDS, nonce: 0 }), dealer);
    for (let n = 0; n < 400 && !d.result; n++) d = act(d, d.turn, nextMove(d, d.turn, callAt));
    if (d.result?.end === end) return serverSeed;
  }
  throw new Error(`no seed found for ${end}`);
}

/** Commits the next deal's server seed (what the house does after every deal, here a chosen one). */
async function commitSeed(h: Harness, serverSeed: string) {
  await h.runtime.db
    .updateTable('studio_pvp_tables')
    .set({ next_server_seed: serverSeed, next_server_seed_hash: hashServerSeed(serverSeed) })
    .where('id', '=', TABLE)
    .execute();
}

/** Plays the deal in progress to its end through the pages; answers the final view. */
async function playDeal(h: Harness, pages: TablePage<TongitsTableView>[], callAt: number): Promise<TongitsTableView> {
  for (let n = 0; n < 400; n++) {
    const state = await tableState(h);
    const d = state.deal!;
    if (d.result) break;
    const answer = await pages[d.turn]!.act(wire(nextMove(d, d.turn, callAt)));
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    expect(answer.applied).toBe(true);
  }
  return h.runtime.tongits.view(TABLE, null);
}

describe('the Tongits table service', () => {
  it('three members play deals ending by tongits, stock-out and draw; stacks plus rake equal the buy-ins', async () => {
    const h = shared();
    await openTable(h);
    const ms = await seatThree(h);
    const players = ms.map((m) => m.player);
    // What they had before the buy-ins.
    const before = balances(h, players) + 15_000;
    expect(h.wallet.balances.get(players[0]!)).toBe(15_000);
    const pages = await Promise.all(ms.map((m) => Page.open(h, m.token)));
    let dealer: Seat = 0;
    for (const [end, callAt] of [
      ['tongits', -1],
      ['stock-out', -1],
      ['draw', 30],
    ] as const) {
      const seed = seedFor(end, dealer, callAt);
      await commitSeed(h, seed);
      const stacksBefore = (await tableState(h)).seats.map((s) => s!.stack);
      h.clock.now += TIMING.betweenHandsMs;
      await h.runtime.tongits.tick();
      const dealt = await h.runtime.tongits.view(TABLE, `${VENDOR}:${players[1]}`);
      expect(dealt.deal?.over).toBe(false);
      expect(dealt.deal?.dealer).toBe(dealer);
      // Only the player's own hand before the deal is over; the stock's order never.
      expect(dealt.deal!.players.map((p) => p.cards === null)).toEqual([true, false, true]);
      expect(dealt.deal!.fairness.serverSeed).toBeNull();
      expect(JSON.stringify(dealt)).not.toContain('"stock"');
      const view = await playDeal(h, pages, callAt);
      const deal = view.deal!;
      expect(deal.over).toBe(true);
      expect(deal.result?.end).toBe(end);
      // The deck is the committed seed's with the three client seeds, checkable once revealed.
      const checked = verifyHandDeck({
        serverSeed: deal.fairness.serverSeed!,
        clientSeeds: deal.fairness.clientSeeds,
        nonce: deal.fairness.nonce,
        serverSeedHash: deal.fairness.serverSeedHash,
      });
      expect(checked.hashMatches).toBe(true);
      const recomputed = startGame({ stake: STAKE }, checked.cards.map(parseCard), dealer);
      expect(recomputed.hands[1].map(cardText).sort()).toEqual([...dealt.deal!.players[1]!.cards!].sort());
      // The public verifier, given the seeds and the dealer as the hand history shows them, deals the
      // player the same hand and the same stock.
      const asked = {
        game: 'tongits',
        serverSeed: deal.fairness.serverSeed,
        clientSeeds: deal.fairness.clientSeeds,
        nonce: deal.fairness.nonce,
        serverSeedHash: deal.fairness.serverSeedHash,
        dealer,
      };
      const verify = (payload: object) => h.app.inject({ method: 'POST', url: '/studio/api/verify/pvp', payload });
      const verified = await verify(asked);
      expect(verified.statusCode, verified.body).toBe(200);
      const v = verified.json() as PvpVerification;
      expect(v.hashMatches).toBe(true);
      expect([...v.hands[1]!.cards].sort()).toEqual([...dealt.deal!.players[1]!.cards!].sort());
      expect(v.stock).toEqual(recomputed.stock.map(cardText));
      const another = await verify({ ...asked, serverSeedHash: 'ab'.repeat(32) });
      expect((another.json() as PvpVerification).hashMatches).toBe(false);
      const short = await verify({ ...asked, clientSeeds: asked.clientSeeds.slice(0, 2) });
      expect(short.json()).toMatchObject({
        error: { code: 'STUDIO_BAD_REQUEST', detail: { fields: ['clientSeeds'] } },
      });
      const left = (await tableState(h)).deal!.stock;
      expect(recomputed.stock.slice(recomputed.stock.length - left.length)).toEqual(left);
      // Bills: each loser pays the winner; the rake comes from the collection.
      const s = deal.settlement!;
      expect(s.winner).toBe(deal.result!.winner);
      expect(s.collection).toBe(deal.result!.collection);
      expect(s.rake).toBe(Math.min(Math.floor((s.collection * 500) / 10_000), 300));
      const after = view.seats.map((x) => x!.stack);
      for (let seat = 0; seat < 3; seat++) expect(after[seat]! - stacksBefore[seat]!).toBe(s.net[seat]);
      await expectConserved(h);
      dealer = deal.result!.winner;
    }
    // The lobby's list carries the game of each table.
    const list = await h.app.inject({
      method: 'GET',
      url: '/studio/api/pvp/tables',
      headers: { 'x-game-token': ms[0]!.token },
    });
    const listed = (list.json() as { tables: { id: string; game: string; seated: number; handsPlayed: number }[] })
      .tables;
    expect(listed.find((t) => t.id === TABLE)).toMatchObject({ game: 'tongits', seated: 3, handsPlayed: 3 });
    // The player's history lists the deals.
    const history = await api(h, ms[0]!.token, 'GET', '/history');
    expect((history.json() as { hands: unknown[] }).hands.length).toBeGreaterThanOrEqual(3);
    // The card room's own history names each hand's game, and its hand call answers a Tongits deal
    // too (both games' hands share one id sequence), as the Tongits path does.
    const asMember = { 'x-game-token': ms[0]!.token };
    const room = await h.app.inject({ method: 'GET', url: '/studio/api/pvp/history', headers: asMember });
    const listedHands = (room.json() as { hands: { game: string; handId: number; tableId: string }[] }).hands;
    expect(listedHands.filter((x) => x.tableId === TABLE).length).toBe(3);
    expect(listedHands.every((x) => x.game === 'tongits')).toBe(true);
    // The member played Tongits alone: the Tongits history is the card room's, entry for entry.
    expect(history.json()).toEqual(room.json());
    const lastDeal = listedHands[0]!.handId;
    const viaRoom = await h.app.inject({ method: 'GET', url: `/studio/api/pvp/hands/${lastDeal}`, headers: asMember });
    expect(viaRoom.statusCode, viaRoom.body).toBe(200);
    expect(viaRoom.json()).toMatchObject({ game: 'tongits', id: lastDeal, tableId: TABLE, deal: { over: true } });
    expect(viaRoom.json()).toEqual((await api(h, ms[0]!.token, 'GET', `/hands/${lastDeal}`)).json());
    const none = await h.app.inject({ method: 'GET', url: '/studio/api/pvp/hands/99999999', headers: asMember });
    expect(none.statusCode).toBe(404);
    // A member who was not dealt in reads nothing of the deal, on either path, over or not.
    const outsider = { 'x-game-token': (await member(h, 1_000)).token };
    for (const url of [`/studio/api/pvp/hands/${lastDeal}`, `/studio/api/pvp/tongits/hands/${lastDeal}`]) {
      const peek = await h.app.inject({ method: 'GET', url, headers: outsider });
      expect(peek.statusCode, url).toBe(404);
    }
    // Everyone leaves between deals: the stacks go back; together they lost the rake.
    for (const m of ms) {
      const res = await api(h, m.token, 'POST', `/tables/${TABLE}/leave`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().queued).toBe(false);
    }
    const rake = await totalRake(h);
    expect(rake).toBeGreaterThan(0);
    expect(balances(h, players)).toBe(before - rake);
    const report = await h.runtime.pvp.rakeReport(new Date(0), new Date(h.clock.now + 86_400_000));
    expect(report.filter((r) => r.tableId === TABLE).reduce((sum, r) => sum + r.rake, 0)).toBe(rake);
    await Promise.all(pages.map((p) => p.close()));
  });

  it('applies a resent move once and refuses a move out of turn or a bad card', async () => {
    const h = shared();
    await openTable(h);
    const ms = await seatThree(h);
    const pages = await Promise.all(ms.map((m) => Page.open(h, m.token)));
    await h.runtime.tongits.tick();
    const d = (await tableState(h)).deal!;
    expect(d.turn).toBe(0);
    const wrong = await pages[1]!.act({ type: 'drawStock' }, 1);
    expect(wrong.error).toMatchObject({ code: 'STUDIO_PVP_REFUSED', detail: { reason: 'TONGITS_NOT_YOUR_TURN' } });
    const bad = await pages[0]!.act({ type: 'discard', card: 'Zz' }, 2);
    expect(bad.error).toMatchObject({ code: 'STUDIO_PVP_REFUSED', detail: { reason: 'TONGITS_UNKNOWN_ACTION' } });
    const card = cardText(highestCard(d.hands[0]));
    const once = await pages[0]!.act({ type: 'discard', card }, 5);
    expect(once).toMatchObject({ ok: true, applied: true, seq: 5 });
    const after = await tableState(h);
    const again = await pages[0]!.act({ type: 'discard', card }, 5);
    expect(again).toMatchObject({ ok: true, applied: false, seq: 5 });
    expect(await tableState(h)).toEqual(after);
    expect(after.deal!.discards.map(cardText)).toEqual([card]);
    // A leave asked during the deal waits for its end.
    const leave = await api(h, ms[2]!.token, 'POST', `/tables/${TABLE}/leave`);
    expect(leave.json().queued).toBe(true);
    await Promise.all(pages.map((p) => p.close()));
  });

  it('keeps the seat of a player who disconnects, times out their turns, and takes them back on resume', async () => {
    const h = shared();
    await openTable(h);
    const ms = await seatThree(h);
    const pages = await Promise.all(ms.map((m) => Page.open(h, m.token)));
    await h.runtime.tongits.tick();
    // Seat 0 (the dealer, to move) loses the network.
    await pages[0]!.close();
    h.clock.now += TIMING.turnMs + TIMING.timeBankMs + 1;
    await h.runtime.tongits.tick();
    const d = (await tableState(h)).deal!;
    expect(d.events.at(-1)).toMatchObject({ type: 'discard', seat: 0, timeout: true });
    expect(d.turn).toBe(1);
    // The time bank was spent by the turn that ran over.
    const bank = await h.runtime.db
      .selectFrom('studio_pvp_seats')
      .select('time_bank_ms')
      .where('table_id', '=', TABLE)
      .where('seat', '=', 0)
      .where('status', '=', 'seated')
      .executeTakeFirstOrThrow();
    expect(bank.time_bank_ms).toBe(0);
    // The seat is kept, shown as not connected.
    const watcher = await h.runtime.tongits.view(TABLE, null);
    expect(watcher.seats[0]).toMatchObject({ connected: false, stack: 5_000 });
    // Within the grace period the member comes back to the same seat.
    const back = await Page.open(h, ms[0]!.token);
    const resumed = await back.send({ type: 'resume' });
    expect(resumed).toMatchObject({ type: 'resume-result', ok: true });
    expect(back.view?.you.seat).toBe(0);
    expect(back.view?.deal?.players[0]?.cards).toHaveLength(12);
    await back.close();
    await Promise.all(pages.slice(1).map((p) => p.close()));
  });

  it('refuses a buy-in out of range, a second seat, an address already seated and a trial session', async () => {
    const h = shared();
    await openTable(h);
    const a = await member(h, 50_000);
    const low = await api(h, a.token, 'POST', `/tables/${TABLE}/sit`, { seat: 0, buyIn: 1_000 }, '10.2.0.1');
    expect(low.json().error).toMatchObject({ code: 'STUDIO_PVP_REFUSED', detail: { reason: 'TONGITS_BUY_IN_RANGE' } });
    expect(h.wallet.balances.get(a.player)).toBe(50_000);
    const ok = await api(h, a.token, 'POST', `/tables/${TABLE}/sit`, { seat: 0, buyIn: 2_000 }, '10.2.0.1');
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await api(h, a.token, 'POST', `/tables/${TABLE}/sit`, { seat: 1, buyIn: 2_000 }, '10.2.0.1');
    expect(twice.json().error.detail.reason).toBe('TONGITS_ALREADY_SEATED');
    const b = await member(h, 50_000);
    const same = await api(h, b.token, 'POST', `/tables/${TABLE}/sit`, { seat: 1, buyIn: 2_000 }, '10.2.0.1');
    expect(same.json().error.code).toBe('STUDIO_PVP_SAME_ADDRESS');
    expect(h.wallet.balances.get(b.player)).toBe(50_000);
    const bad = await api(h, b.token, 'POST', `/tables/${TABLE}/sit`, { seat: 3, buyIn: 2_000 }, '10.2.0.2');
    expect(bad.json().error.detail.reason).toBe('TONGITS_BAD_SEAT');
    // A client seed outside the rule is refused before any money moves.
    const seed = { seat: 1, buyIn: 2_000, clientSeed: 'not a seed' };
    const badSeed = await api(h, b.token, 'POST', `/tables/${TABLE}/sit`, seed, '10.2.0.2');
    expect(badSeed.statusCode).toBe(400);
    expect(badSeed.json().error).toMatchObject({ code: 'STUDIO_BAD_REQUEST', detail: { fields: ['clientSeed'] } });
    expect(h.wallet.balances.get(b.player)).toBe(50_000);
    // A top-up over the maximum is refused; one within it reaches the stack.
    const over = await api(h, a.token, 'POST', `/tables/${TABLE}/top-up`, { amount: 9_000 });
    expect(over.json().error.detail.reason).toBe('TONGITS_TOP_UP_OVER_MAX');
    const up = await api(h, a.token, 'POST', `/tables/${TABLE}/top-up`, { amount: 1_000 });
    expect(up.statusCode, up.body).toBe(200);
    expect((up.json().view as TongitsTableView).seats[0]?.stack).toBe(3_000);
    expect(h.wallet.balances.get(a.player)).toBe(47_000);
    const trial = 'u'.repeat(40);
    await h.app.inject({ method: 'GET', url: `/studio/play?token=${trial}&game=${GAME}&vendor=${VENDOR}&mode=trial` });
    const trialSit = await api(h, trial, 'POST', `/tables/${TABLE}/sit`, { seat: 2, buyIn: 2_000 }, '10.2.0.3');
    expect(trialSit.json().error.code).toBe('STUDIO_PVP_REAL_ONLY');
    await expectConserved(h);
  });

  it('settles every stack after the studio stops mid-deal and starts again on its database', async () => {
    const disk = studioOnDisk('gh-tongits-');
    const clock = disk.clock;
    const h1 = await disk.start();
    await openTable(h1);
    const ms = await seatThree(h1, 30_000, 8_000);
    const players = ms.map((m) => m.player);
    const before = balances(h1, players) + 24_000;
    const pages = await Promise.all(ms.map((m) => Page.open(h1, m.token)));
    await h1.runtime.tongits.tick();
    for (let i = 0; i < 6; i++) {
      const d = (await tableState(h1)).deal!;
      await pages[d.turn]!.act(wire(nextMove(d, d.turn, -1)));
    }
    expect((await tableState(h1)).deal?.result).toBeNull();
    await Promise.all(pages.map((p) => p.close()));
    await h1.app.close();
    stopped(h1);

    const h2 = await disk.start();
    // Nobody comes back: the clock plays every turn (draw, throw the highest card) to the deal's end.
    for (let i = 0; i < 80 && !(await tableState(h2)).deal?.result; i++) {
      await h2.runtime.tongits.tick();
      clock.now += TIMING.turnMs + TIMING.timeBankMs + 1;
    }
    expect((await tableState(h2)).deal?.result).not.toBeNull();
    clock.now += TIMING.graceMs + 1;
    await h2.runtime.tongits.tick();
    clock.now += 60_000;
    await h2.runtime.tongits.tick();
    await expectAllSettled(h2, TABLE, players, before);
  }, 60_000);
});
