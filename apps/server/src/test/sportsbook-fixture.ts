import { randomUUID } from 'node:crypto';
import { LaunchGameValue } from '@gamehall/shared/api/games';
import { expect } from 'vitest';
import type { StudioRuntime } from '../../../studio/src/plugin';
import type { MyBet, PlaceAnswer, PlaceRequest } from '../../../studio/src/sportsbook/api';
import type { BookHarness } from '../../../studio/src/sportsbook/book/test-fixture';
import { issueSession } from '../modules/accounts/sessions.service';
import { deriveVendorSecret } from '../modules/vendor-gateway/vendor-signature';
import { createMember } from './factories';
import type { TestApp } from './harness';
import { launchAs, studioApi } from './studio-fixture';

// The house sportsbook on the platform (docs/sportsbook.md "On the platform"): a member opens a
// sportsbook lobby game from the lobby as the site does, the test feeds the mounted studio's book by
// hand with the book's own feed helpers (apps/studio/src/sportsbook/book/test-fixture.ts), and the
// member bets through the page's API (/studio/api/sb), so every cent moves through the signed
// vendor wallet API over loopback HTTP.

export type Lobby = 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';

/**
 * The book's feed helpers take the book's test harness; of it they read only the runtime and the
 * clock, here the mounted studio and the real time (the studio's own clock).
 */
export function feedOf(studio: StudioRuntime): BookHarness {
  const clock = {
    get now() {
      return Date.now();
    },
  };
  return { runtime: studio, clock } as unknown as BookHarness;
}

/**
 * The lobby game of a category at one of its house sportsbook vendors (the first, or the `nth` in
 * code order): its catalogue node and vendor.
 */
export async function lobbyGame(t: TestApp, category: Lobby, nth = 0): Promise<{ nodeId: number; vendor: string }> {
  const row = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code'])
    .where('game_code', '=', `${category}-000`)
    .where('lobby', '=', true)
    .where('status', '=', 'active')
    .orderBy('vendor_code')
    .limit(1)
    .offset(nth)
    .executeTakeFirstOrThrow();
  return { nodeId: Number(row.node_id), vendor: row.vendor_code };
}

/**
 * An operator lists the category's house book under a second vendor too (a card of their own, played
 * by the house studio as the demo's is): vendor, menu card, lobby game and a seamless integration with
 * the secret the studio derives. Its code sorts after the demo's, so it is the category's `nth` 1.
 */
export async function listBookAgain(t: TestApp, category: Lobby, vendor = 'ZZB'): Promise<void> {
  const first = await t.ctx.db
    .selectFrom('games')
    .selectAll()
    .where('game_code', '=', `${category}-000`)
    .where('lobby', '=', true)
    .where('status', '=', 'active')
    .orderBy('vendor_code')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { node_id: _, created_at: __, ...game } = first;
  await t.ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('vendors')
      .values({ code: vendor, name: `Second ${category} card` })
      .execute();
    await trx
      .insertInto('vendor_game_types')
      .values({ vendor_code: vendor, game_type: category, account_type_name: `Second ${category} card` })
      .execute();
    await trx
      .insertInto('games')
      .values({ ...game, vendor_code: vendor, names: JSON.stringify(game.names) })
      .execute();
    await trx
      .insertInto('vendor_integrations')
      .values({
        vendor_code: vendor,
        secret: deriveVendorSecret(t.ctx.config.studioSecret, vendor),
        launch_url: '/studio/play',
      })
      .execute();
  });
}

/**
 * A new member, funded with `amount`, who launched the category's sportsbook (POST
 * /wps/game/launchGame) and opened the page it pointed at: the game token, the member session.
 */
export async function openSportsbook(
  t: TestApp,
  category: Lobby,
  amount: number,
  member: Parameters<typeof createMember>[1] = {},
) {
  const game = await lobbyGame(t, category);
  const p = await launchAs(t, game.nodeId, amount, `/${category.toLowerCase()}`, member);
  expect(p.page).toContain('/studio/assets/sportsbook.js');
  return { ...p, vendor: game.vendor, gameCode: `${category}-000` };
}

/**
 * The same member (their member session `auth`) opens a category's sportsbook again, at its first
 * vendor or the `nth`: the game token.
 */
export async function openAnother(t: TestApp, auth: string, category: Lobby, nth = 0): Promise<string> {
  const game = await lobbyGame(t, category, nth);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization: auth },
    payload: { nodeId: game.nodeId, language: 'en', backUrl: `/${category.toLowerCase()}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(LaunchGameValue.parse(res.json().value).url, 'http://site.test');
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.body).toContain('/studio/assets/sportsbook.js');
  return url.searchParams.get('token') ?? '';
}

export type PlaceResult = {
  status: number;
  body: PlaceAnswer & { error?: { code: string; detail: unknown } };
};

/** POST /studio/api/sb/bets with the game token. */
export async function placeSlip(
  t: TestApp,
  token: string,
  slip: Omit<PlaceRequest, 'requestId'> & { requestId?: string },
): Promise<PlaceResult> {
  const res = await studioApi(t, token, 'POST', '/api/sb/bets', { requestId: randomUUID(), ...slip });
  return { status: res.statusCode, body: res.json() };
}

/** The member's bet as the page lists it (open or settled). */
export async function myBet(t: TestApp, token: string, id: string): Promise<MyBet> {
  for (const status of ['open', 'settled'] as const) {
    const res = await studioApi(t, token, 'GET', `/api/sb/bets?status=${status}&limit=50`);
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as { bets: MyBet[] }).bets.find((b) => b.id === id);
    if (found) return found;
  }
  throw new Error(`bet ${id} not listed`);
}

/** A GET of the member API with the member's session. */
export async function memberGet(t: TestApp, auth: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

/** A back-office session of an operator holding `permissions` (every one by default). */
export async function operatorSession(t: TestApp, permissions: string[] = ['*']): Promise<string> {
  const op = await createMember(t.ctx, { type: 90, permissions });
  return issueSession(t.ctx, t.ctx.db, { memberId: op.id, area: 'admin', ip: '127.0.0.1', userAgent: null });
}

/** A single of `stake` on one selection at the quoted odds, placed whatever the odds do; its bet id. */
export async function placeSingle(
  t: TestApp,
  token: string,
  selectionId: string,
  odds1000: number,
  stake: number,
): Promise<string> {
  const placed = await placeSlip(t, token, {
    legs: [{ selectionId, odds1000 }],
    bets: [{ kind: 'single', selectionId, stake }],
    oddsChange: 'none',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.bets[0]?.id ?? '';
}

/**
 * Gives each named game type its own rebate rate (every VIP level, rebates claimed by hand) and its
 * own points rate, so a test sees a bet accrue at its type's; the other types keep theirs.
 */
export async function setGameTypeRates(
  t: TestApp,
  admin: string,
  rates: { rebatePpm: Record<string, number>; pointsPpm: Record<string, number> },
): Promise<void> {
  const call = async (method: 'GET' | 'PUT', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };
  const withRates = <R extends { gameType: string; ratePpm: number }>(current: R[], wanted: Record<string, number>) => [
    ...current.filter((r) => !(r.gameType in wanted)),
    ...Object.entries(wanted).map(([gameType, ratePpm]) => ({ gameType, ratePpm })),
  ];
  const vip = await call('GET', '/admin/vip');
  const levels = (vip.levels as { rebateRates: { gameType: string; ratePpm: number }[] }[]).map((l) => ({
    ...l,
    rebateRates: withRates(l.rebateRates, rates.rebatePpm),
  }));
  await call('PUT', '/admin/vip/levels', { levels });
  await call('PUT', '/admin/vip/settings', { windowDays: 90, rebateMode: 'manual', rebateHour: 0 });
  const points = await call('GET', '/admin/points/config');
  await call('PUT', '/admin/points/config', {
    exchangePoints: points.exchangePoints,
    exchangeAmount: points.exchangeAmount,
    minConvertPoints: points.minConvertPoints,
    convertEnabled: points.convertEnabled,
    rates: withRates(points.rates, rates.pointsPpm),
    rules: { EN: 'Earn points on every valid bet.' },
  });
}
