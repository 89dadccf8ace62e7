import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StudioRuntime, studioPlugin } from '../../plugin';
import { FakeWallet, HOUSE } from '../../sportsbook/book/test-fixture';
import { studioTestApp } from '../../standalone-fixture';
import type { LobbyTable, TongitsLobbyTable } from './lobby';
import type { PvpTableView } from './view';

// The card room's lobby through the studio's HTTP API on PGlite, with a fake platform wallet: the
// lobby's figures from the hands played, "join the next free seat" with its filter, the waiting list
// (a freed seat offered to the first in line for a short time, then to the next) and the time bank
// refill every few hands.

const VENDOR = 'KX';
const GAME = 'PVP-001';
const OFFER_MS = 5000;
const TIMING = {
  tickMs: 0,
  turnMs: 1000,
  timeBankMs: 2000,
  timeBankRefill: { every: 2, refillMs: 500, capMs: 2000 },
  graceMs: 600_000,
  presenceMs: 600_000,
  betweenHandsMs: 500,
};

type Harness = { app: FastifyInstance; runtime: StudioRuntime; wallet: FakeWallet; clock: { now: number } };
let h: Harness;

beforeAll(async () => {
  const wallet = new FakeWallet();
  const clock = { now: Date.now() };
  const app = studioTestApp();
  let runtime: StudioRuntime | undefined;
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://platform.test',
    houseSecret: HOUSE,
    dataDir: '',
    retryIntervalMs: 0,
    fetch: wallet.fetch,
    now: () => new Date(clock.now),
    crash: { tickMs: 0 },
    tables: { tickMs: 0 },
    sportsbook: { tickMs: 0 },
    pvp: TIMING,
    pvpLobby: { offerMs: OFFER_MS },
    onStart: (r) => {
      runtime = r;
    },
  });
  await app.ready();
  if (!runtime) throw new Error('the studio did not start');
  h = { app, runtime, wallet, clock };
});
afterAll(async () => {
  await h.app.close();
});

let tables = 0;
/** A table of its own for each test; its big blind tells the tests' tables apart in join-next filters. */
async function openTable(seats: number, bigBlind: number, betting: 'no-limit' | 'pot-limit' = 'no-limit') {
  const id = `lobby${++tables}`;
  await h.runtime.pvp.createTable({
    id,
    name: `Test ${id}`,
    betting,
    seats,
    smallBlind: bigBlind / 2,
    bigBlind,
    minBuyIn: 20 * bigBlind,
    maxBuyIn: 100 * bigBlind,
    rake: { basisPoints: 500, cap: 300 },
    currency: 'PHP',
  });
  return id;
}

let nextPlayer = 9100;
let nextIp = 10;
async function member(mode: 'real' | 'trial' = 'real') {
  const player = String(nextPlayer++);
  const token = h.wallet.player(player, 1_000_000);
  const page = await h.app.inject({
    method: 'GET',
    url: `/studio/play?token=${token}&game=${GAME}&vendor=${VENDOR}&mode=${mode}`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return { player, token, ip: `10.0.0.${nextIp++}` };
}
type Member = Awaited<ReturnType<typeof member>>;

function api(m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return h.app.inject({
    method,
    url: `/studio/api/pvp${url}`,
    headers: { 'x-game-token': m.token },
    remoteAddress: m.ip,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function lobbyRow(m: Member, tableId: string): Promise<LobbyTable> {
  const res = await api(m, 'GET', '/lobby');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tables: LobbyTable[] }).tables.find((t) => t.id === tableId)!;
}

async function sit(m: Member, tableId: string, seat: number, buyIn: number) {
  return api(m, 'POST', `/tables/${tableId}/sit`, { seat, buyIn });
}

async function view(m: Member, tableId: string): Promise<PvpTableView> {
  const res = await api(m, 'GET', `/tables/${tableId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PvpTableView;
}

let seq = 0;
/** Deals a hand and lets the player to act fold it; `wait` ms pass before the fold. Answers the hand's id. */
async function dealAndFold(players: Member[], tableId: string, wait = 0): Promise<number> {
  h.clock.now += TIMING.betweenHandsMs + 1;
  await h.runtime.pvp.tick();
  const v = await view(players[0]!, tableId);
  const hand = v.hand!;
  expect(hand.over).toBe(false);
  // Whose turn it is: the member whose own view has them at the seat to act.
  let who: Member | undefined;
  for (const p of players) if ((await view(p, tableId)).you?.seat === hand.toAct) who = p;
  expect(who).toBeDefined();
  h.clock.now += wait;
  const res = await api(who!, 'POST', `/tables/${tableId}/act`, { seq: ++seq, action: { type: 'fold' } });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { view: PvpTableView }).view.hand?.over).toBe(true);
  return hand.id;
}

describe('the card room lobby', () => {
  it('shows each table with seats taken, hands per hour and the average pot of the last hour', async () => {
    const table = await openTable(2, 120);
    const a = await member();
    const b = await member();
    const before = await lobbyRow(a, table);
    expect(before).toMatchObject({ seats: 2, seated: 0, open: 2, handsPerHour: 0, averagePot: null, waiting: 0 });
    expect((await sit(a, table, 0, 4000)).statusCode).toBe(200);
    expect((await sit(b, table, 1, 6000)).statusCode).toBe(200);
    const hands: number[] = [];
    for (let i = 0; i < 3; i++) hands.push(await dealAndFold([a, b], table));
    const pots: number[] = [];
    for (const id of hands) pots.push((await api(a, 'GET', `/hands/${id}`)).json().pot as number);
    const row = await lobbyRow(a, table);
    expect(row).toMatchObject({ seated: 2, open: 0, handsPerHour: 3 });
    expect(row.averagePot).toBe(Math.round(pots.reduce((x, y) => x + y, 0) / pots.length));
    expect(row.averagePot).toBeGreaterThan(0);
    expect(row.you).toEqual({ seated: true, waitingPosition: null, offerEndsAt: null });
    // An hour later the hands are out of the window.
    h.clock.now += 3_600_000;
    expect(await lobbyRow(a, table)).toMatchObject({ handsPerHour: 0, averagePot: null });
    for (const m of [a, b]) await api(m, 'POST', `/tables/${table}/leave`);
  });

  it('joins the next free seat of a table that fits the filter, the fullest first', async () => {
    const empty = await openTable(6, 140);
    const busy = await openTable(6, 140);
    const other = await openTable(6, 160);
    const first = await member();
    expect((await sit(first, busy, 0, 5000)).statusCode).toBe(200);
    const m = await member();
    const joined = await api(m, 'POST', '/join-next', { seats: 6, bigBlind: 140, buyInBigBlinds: 50 });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ tableId: busy, seat: 1 });
    const seatView = (joined.json() as { view: PvpTableView }).view;
    expect(seatView.you?.seat).toBe(1);
    expect(seatView.seats.find((s) => s?.seat === 1)?.stack).toBe(50 * 140);
    // A buy-in in big blinds beyond the table's limits is held to them.
    const big = await member();
    const capped = await api(big, 'POST', '/join-next', { bigBlind: 160, buyInBigBlinds: 1000 });
    expect(capped.json()).toMatchObject({ tableId: other, seat: 0 });
    expect((capped.json() as { view: PvpTableView }).view.seats[0]?.stack).toBe(100 * 160);
    // Nothing fits: a clear refusal, and no seat or money moved.
    const none = await member();
    const refused = await api(none, 'POST', '/join-next', { seats: 9, bigBlind: 140 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STUDIO_PVP_NO_FREE_SEAT');
    expect(h.wallet.balances.get(none.player)).toBe(1_000_000);
    const bad = await api(none, 'POST', '/join-next', { seats: 12 });
    expect(bad.statusCode).toBe(400);
    // A trial session cannot sit.
    const trial = await member('trial');
    expect((await api(trial, 'POST', '/join-next', {})).json().error.code).toBe('STUDIO_PVP_REAL_ONLY');
    expect((await lobbyRow(m, empty)).seated).toBe(0);
    for (const [p, t] of [
      [first, busy],
      [m, busy],
      [big, other],
    ] as const)
      await api(p, 'POST', `/tables/${t}/leave`);
  });

  it('offers a freed seat to the first player waiting for a short time, then to the next', async () => {
    const table = await openTable(2, 180);
    const [a, b, c, d, e] = [await member(), await member(), await member(), await member(), await member()];
    expect((await sit(a, table, 0, 4000)).statusCode).toBe(200);
    expect((await sit(b, table, 1, 4000)).statusCode).toBe(200);
    // A seated player cannot wait; others join in order, once each.
    expect((await api(a, 'POST', `/tables/${table}/wait`)).json().error.detail.reason).toBe('PVP_ALREADY_SEATED');
    expect((await api(c, 'POST', `/tables/${table}/wait`)).json().table.you.waitingPosition).toBe(1);
    expect((await api(d, 'POST', `/tables/${table}/wait`)).json().table.you.waitingPosition).toBe(2);
    expect((await api(d, 'POST', `/tables/${table}/wait`)).json().table.you.waitingPosition).toBe(2);
    expect((await lobbyRow(e, table)).waiting).toBe(2);
    expect((await lobbyRow(c, table)).you.offerEndsAt).toBeNull();

    // A seat frees: the first in line is offered it; it is theirs, not the next's nor a passer-by's.
    expect((await api(a, 'POST', `/tables/${table}/leave`)).statusCode).toBe(200);
    const offered = await lobbyRow(c, table);
    expect(offered.you.offerEndsAt).toBe(new Date(h.clock.now + OFFER_MS).toISOString());
    expect(offered.open).toBe(1);
    expect(await lobbyRow(d, table)).toMatchObject({ open: 0, you: { waitingPosition: 2, offerEndsAt: null } });
    expect(await lobbyRow(e, table)).toMatchObject({ open: 0, seated: 1 });
    expect((await sit(e, table, 0, 4000)).json().error.code).toBe('STUDIO_PVP_SEAT_OFFERED');
    expect((await sit(d, table, 0, 4000)).json().error.code).toBe('STUDIO_PVP_SEAT_OFFERED');
    expect((await api(e, 'POST', '/join-next', { bigBlind: 180 })).json().error.code).toBe('STUDIO_PVP_NO_FREE_SEAT');
    expect(h.wallet.balances.get(e.player)).toBe(1_000_000);

    // The offer runs out: the first loses the place and the next is offered the seat.
    h.clock.now += OFFER_MS;
    expect((await lobbyRow(c, table)).you).toEqual({ seated: false, waitingPosition: null, offerEndsAt: null });
    const next = await lobbyRow(d, table);
    expect(next.you).toEqual({
      seated: false,
      waitingPosition: 1,
      offerEndsAt: new Date(h.clock.now + OFFER_MS).toISOString(),
    });
    expect((await sit(c, table, 0, 4000)).json().error.code).toBe('STUDIO_PVP_SEAT_OFFERED');
    // The offered player sits and leaves the list.
    expect((await sit(d, table, 0, 4000)).statusCode).toBe(200);
    expect(await lobbyRow(e, table)).toMatchObject({ seated: 2, waiting: 0 });

    // Leaving the list passes an offer on at once.
    expect((await api(c, 'POST', `/tables/${table}/wait`)).statusCode).toBe(200);
    expect((await api(e, 'POST', `/tables/${table}/wait`)).statusCode).toBe(200);
    expect((await api(b, 'POST', `/tables/${table}/leave`)).statusCode).toBe(200);
    expect((await lobbyRow(c, table)).you.offerEndsAt).not.toBeNull();
    const left = await api(c, 'DELETE', `/tables/${table}/wait`);
    expect(left.json().table.you.waitingPosition).toBeNull();
    expect((await lobbyRow(e, table)).you).toMatchObject({ waitingPosition: 1 });
    expect((await lobbyRow(e, table)).you.offerEndsAt).not.toBeNull();
    expect((await api(e, 'POST', '/join-next', { bigBlind: 180 })).json()).toMatchObject({ tableId: table, seat: 1 });
    for (const m of [d, e]) await api(m, 'POST', `/tables/${table}/leave`);
  });

  it('passes a running-out offer to the next player by the table clock, with nobody reading the lobby', async () => {
    const table = await openTable(2, 190);
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    expect((await sit(a, table, 0, 4000)).statusCode).toBe(200);
    expect((await sit(b, table, 1, 4000)).statusCode).toBe(200);
    expect((await api(c, 'POST', `/tables/${table}/wait`)).statusCode).toBe(200);
    expect((await api(d, 'POST', `/tables/${table}/wait`)).statusCode).toBe(200);
    // The list as stored (a lobby read must not be what moves it).
    const stored = async () =>
      (
        await h.runtime.db
          .selectFrom('studio_pvp_waiting')
          .select(['player', 'offer_expires_at'])
          .where('table_id', '=', table)
          .orderBy('id')
          .execute()
      ).map((w) => [w.player, w.offer_expires_at === null ? null : new Date(w.offer_expires_at).getTime()]);
    const freed = h.clock.now;
    expect((await api(a, 'POST', `/tables/${table}/leave`)).statusCode).toBe(200);
    expect(await stored()).toEqual([
      [c.player, freed + OFFER_MS],
      [d.player, null],
    ]);
    // The offer runs out while the table's clock keeps going: it passes on from the moment it ended.
    h.clock.now += OFFER_MS + 1500;
    await h.runtime.pvp.tick();
    expect(await stored()).toEqual([[d.player, freed + 2 * OFFER_MS]]);
    expect((await sit(c, table, 0, 4000)).json().error.code).toBe('STUDIO_PVP_SEAT_OFFERED');
    // The other player leaves too and the table empties: its clock still runs the list's offers.
    expect((await api(b, 'POST', `/tables/${table}/leave`)).statusCode).toBe(200);
    expect((await api(c, 'POST', `/tables/${table}/wait`)).statusCode).toBe(200);
    const rejoined = h.clock.now;
    expect(await stored()).toEqual([
      [d.player, freed + 2 * OFFER_MS],
      [c.player, rejoined + OFFER_MS],
    ]);
    h.clock.now = freed + 2 * OFFER_MS + 10;
    await h.runtime.pvp.tick();
    expect(await stored()).toEqual([[c.player, rejoined + OFFER_MS]]);
  });

  it("lists the Tongits tables beside the Hold'em ones, each with its page's link", async () => {
    const created = await h.runtime.tongits.createTable({
      id: 'lobby-tongits',
      name: 'Lobby Tongits',
      stake: 500,
      minBuyIn: 10_000,
      maxBuyIn: 50_000,
      rake: { basisPoints: 500, cap: 300 },
      currency: 'PHP',
    });
    expect(created).toBe(true);
    const holdem = await openTable(2, 220);
    const a = await member();
    const res = await api(a, 'GET', '/lobby');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { tables: LobbyTable[]; tongitsTables: TongitsLobbyTable[] };
    expect(body.tables.some((t) => t.id === holdem)).toBe(true);
    expect(body.tables.every((t) => t.game === 'holdem')).toBe(true);
    expect(body.tongitsTables).toEqual([
      expect.objectContaining({
        id: 'lobby-tongits',
        game: 'tongits',
        stake: 500,
        seats: 3,
        seated: 0,
        handsPerHour: 0,
        link: '?table=lobby-tongits',
        you: { seated: false },
      }),
    ]);
    // The list for API users stays as it was: every table of both games.
    const all = (await api(a, 'GET', '/tables')).json() as { tables: { id: string; game: string }[] };
    expect(all.tables.find((t) => t.id === 'lobby-tongits')?.game).toBe('tongits');
    expect(all.tables.find((t) => t.id === holdem)?.game).toBe('holdem');
  });

  it('gives back part of the time bank every few hands dealt in, up to its cap', async () => {
    const table = await openTable(2, 200);
    const a = await member();
    const b = await member();
    expect((await sit(a, table, 0, 4000)).statusCode).toBe(200);
    expect((await sit(b, table, 1, 4000)).statusCode).toBe(200);
    const bank = async () => {
      const [va, vb] = [await view(a, table), await view(b, table)];
      return [va.you.timeBankMs ?? 0, vb.you.timeBankMs ?? 0];
    };
    expect(await bank()).toEqual([2000, 2000]);
    // Hand 1: the player to act runs 1,500 ms over the turn, spending that much of the bank.
    await dealAndFold([a, b], table, TIMING.turnMs + 1500);
    const afterOne = await bank();
    expect(afterOne.sort((x, y) => x - y)).toEqual([500, 2000]);
    // Hand 2 is the second hand each was dealt in to: 500 ms back each, the full bank stays at its cap.
    await dealAndFold([a, b], table);
    expect((await bank()).sort((x, y) => x - y)).toEqual([1000, 2000]);
    await dealAndFold([a, b], table);
    expect((await bank()).sort((x, y) => x - y)).toEqual([1000, 2000]);
    await dealAndFold([a, b], table);
    expect((await bank()).sort((x, y) => x - y)).toEqual([1500, 2000]);
    for (const m of [a, b]) await api(m, 'POST', `/tables/${table}/leave`);
  });
});
