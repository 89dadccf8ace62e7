import { expect } from 'vitest';
import type { PvpTableView } from '../../../studio/src/cardroom/room/view';
import type { StudioRuntime } from '../../../studio/src/plugin';
import type { TestApp } from './harness';
import { launchAs, studioApi } from './studio-fixture';

// The card room's platform tests (modules/pvp): a heads-up Hold'em table at the studio mounted in
// the platform, two members launched from the catalogue's PVP game and seated with 200 big blinds,
// and a scripted hand whose chips always go one way (A opens to 20 big blinds and folds to B's
// re-raise), which the integrity report's lowered thresholds flag as chip dumping.

export type PvpMember = { memberId: number; token: string; auth: string; seq: number };

/** The catalogue node of the house studio's PVP game (vendor KX), as members launch it. */
export async function pvpNode(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('game_code', 'like', 'PVP-%')
    .where('vendor_code', '=', 'KX')
    .where('status', '=', 'active')
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  return Number(row.node_id);
}

/** A member launched into the PVP game with 1,000.00 in their wallet. */
export async function pvpMember(t: TestApp, node: number): Promise<PvpMember> {
  return { ...(await launchAs(t, node, 100_000, 'https://site.test/')), seq: 0 };
}

/** A heads-up no-limit table (blinds 50/100, rake 5% capped at 300) with A in seat 0 and B in seat 1. */
export async function headsUpTable(
  t: TestApp,
  studio: StudioRuntime,
  table: { id: string; name: string },
): Promise<[PvpMember, PvpMember]> {
  await studio.pvp.createTable({
    ...table,
    betting: 'no-limit',
    seats: 2,
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 2_000,
    maxBuyIn: 20_000,
    rake: { basisPoints: 500, cap: 300 },
    currency: 'PHP',
  });
  const node = await pvpNode(t);
  const a = await pvpMember(t, node);
  const b = await pvpMember(t, node);
  for (const [m, seat] of [
    [a, 0],
    [b, 1],
  ] as const) {
    const res = await studioApi(t, m.token, 'POST', `/api/pvp/tables/${table.id}/sit`, { seat, buyIn: 20_000 });
    expect(res.statusCode, res.body).toBe(200);
  }
  return [a, b];
}

export async function tableView(t: TestApp, tableId: string, m: PvpMember): Promise<PvpTableView> {
  const res = await studioApi(t, m.token, 'GET', `/api/pvp/tables/${tableId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PvpTableView;
}

/**
 * Plays one hand: A opens to 2,000 (20 big blinds) and folds to B's re-raise to 6,000; B otherwise
 * checks or calls. So A loses 2,000 to B every hand, each time folding 20 big blinds.
 */
export async function playDumpingHand(
  t: TestApp,
  studio: StudioRuntime,
  tableId: string,
  a: PvpMember,
  b: PvpMember,
): Promise<void> {
  await studio.pvp.tick();
  for (let moves = 0; moves < 20; moves++) {
    const [va, vb] = [await tableView(t, tableId, a), await tableView(t, tableId, b)];
    if (!va.hand || va.hand.over) return;
    const [m, v] = va.you?.legal ? [a, va] : [b, vb];
    const legal = v.you?.legal;
    if (!legal) throw new Error('no one to act');
    const current = v.hand?.currentBet ?? 0;
    const action =
      m === a
        ? current < 2_000
          ? { type: current > 0 ? 'raise' : 'bet', to: 2_000 }
          : { type: 'fold' }
        : current >= 2_000 && current < 6_000
          ? { type: 'raise', to: 6_000 }
          : legal.canCheck
            ? { type: 'check' }
            : { type: 'call' };
    const res = await studioApi(t, m.token, 'POST', `/api/pvp/tables/${tableId}/act`, { seq: ++m.seq, action });
    expect(res.statusCode, res.body).toBe(200);
  }
  throw new Error('the hand did not end');
}

/** The back office's integrity report of one brand day (optionally of one review state), as `auth` reads it. */
export async function integrityReport<T>(t: TestApp, auth: string, day: string, state?: string): Promise<T> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/admin/pvp/integrity?from=${day}&to=${day}${state ? `&state=${state}` : ''}`,
    headers: { authorization: auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

/** A decision on a flag of one brand day's report, at the revision and hands the report showed. */
export async function decideFlag(
  t: TestApp,
  auth: string,
  day: string,
  flag: { key: string; firstHandId: number; lastHandId: number; review: { revision: number } },
  body: Record<string, unknown>,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/pvp/integrity/reviews',
    headers: { authorization: auth },
    payload: {
      from: day,
      to: day,
      key: flag.key,
      revision: flag.review.revision,
      firstHandId: flag.firstHandId,
      lastHandId: flag.lastHandId,
      ...body,
    },
  });
  return { status: res.statusCode, json: res.json() };
}
