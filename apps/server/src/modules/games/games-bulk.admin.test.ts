import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

// Hiding and showing many games at once (the catalogue grid's selection): one audited action,
// all or nothing, and the lobby follows.

let t: TestApp;
let writer: string;
let reader: string;
const { operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  writer = (await operator(['games.read', 'games.write'])).token;
  reader = (await operator(['games.read'])).token;
});
afterAll(() => t.close());

function bulk(token: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/games/catalogue/status',
    headers: { authorization: token },
    payload: payload as Record<string, unknown>,
  });
}

/** Three active RNG games of one vendor, each with a name the lobby search finds alone. */
async function threeGames() {
  const rows = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'name'])
    .where('game_type', '=', 'RNG')
    .where('status', '=', 'active')
    .orderBy('node_id')
    .limit(3)
    .execute();
  expect(rows).toHaveLength(3);
  return rows.map((r) => ({ nodeId: Number(r.node_id), name: r.name }));
}

async function statuses(nodeIds: number[]) {
  const rows = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'status'])
    .where('node_id', 'in', nodeIds)
    .orderBy('node_id')
    .execute();
  return rows.map((r) => r.status);
}

async function lobbyIds(gameName: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=${encodeURIComponent(gameName)}&pageSize=100`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().value.games as { nodeId: number }[]).map((g) => g.nodeId);
}

async function lastAudit() {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select(['detail', 'success'])
    .where('event', '=', 'games.game.bulk')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { success: row.success, detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail };
}

describe('POST /admin/games/catalogue/status', () => {
  it('hides and shows many games in one audited action; the lobby follows', async () => {
    const games = await threeGames();
    const ids = games.map((g) => g.nodeId);
    const first = games[0] as { nodeId: number; name: string };
    expect(await lobbyIds(first.name)).toContain(first.nodeId);

    const hidden = await bulk(writer, { nodeIds: ids, status: 'hidden' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().value).toEqual({ changed: 3, unchanged: 0 });
    expect(await statuses(ids)).toEqual(['hidden', 'hidden', 'hidden']);
    expect(await lobbyIds(first.name)).not.toContain(first.nodeId);
    expect(await lastAudit()).toEqual({
      success: true,
      detail: { target: 'games', after: { status: 'hidden', nodeIds: ids }, unchanged: 0 },
    });

    // Again: nothing left to change, and the answer says so.
    expect((await bulk(writer, { nodeIds: ids, status: 'hidden' })).json().value).toEqual({ changed: 0, unchanged: 3 });

    const shown = await bulk(writer, { nodeIds: ids, status: 'active' });
    expect(shown.json().value).toEqual({ changed: 3, unchanged: 0 });
    expect(await statuses(ids)).toEqual(['active', 'active', 'active']);
    expect(await lobbyIds(first.name)).toContain(first.nodeId);
  });

  it('an unknown id changes nothing, and the refusal is audited', async () => {
    const ids = (await threeGames()).map((g) => g.nodeId);
    const res = await bulk(writer, { nodeIds: [...ids, 99_999_999], status: 'hidden' });
    expectFailure(res, 404, 'GAME_NOT_FOUND');
    expect(res.json().value).toEqual({ unknown: [99_999_999] });
    expect(await statuses(ids)).toEqual(['active', 'active', 'active']);
    expect(await lastAudit()).toEqual({ success: false, detail: { target: 'games', code: 'GAME_NOT_FOUND' } });
  });

  it('refuses bad input and operators without games.write, changing nothing', async () => {
    const ids = (await threeGames()).map((g) => g.nodeId);
    expectFailure(await bulk(reader, { nodeIds: ids, status: 'hidden' }), 403, 'AUTH_FORBIDDEN');
    for (const body of [
      { nodeIds: [], status: 'hidden' },
      { nodeIds: ids, status: 'maintenance' },
      { nodeIds: [ids[0], ids[0]], status: 'hidden' },
      { nodeIds: ['x'], status: 'hidden' },
      { nodeIds: Array.from({ length: 501 }, (_, i) => i + 1), status: 'hidden' },
      { nodeIds: ids, status: 'hidden', extra: true },
      { nodeIds: ids },
    ])
      expectFailure(await bulk(writer, body), 400, 'VALIDATION_FAILED');
    expect(await statuses(ids)).toEqual(['active', 'active', 'active']);
  });
});
