import { GameList, HOT_MIN_PLAYERS, HOT_SHARE, HOT_WINDOW_DAYS } from '@gamehall/shared/api/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { playedBy } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { catalogueNotifications } from './catalogue-index';
import { hotGamesOf, refreshPopularity } from './popularity.service';

// The lobby's orders and its HOT tag through HTTP: HOT and "popular" stand on the distinct players
// of the last days' rounds, counted by the job; "new" is the newest in the catalogue; A-Z the names
// of the page's language.

let t: TestApp;
let slots: { node_id: number; name: string; names: Record<string, string> }[];
let members: number[];

function list(query: string) {
  return t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}` });
}
async function games(query: string) {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return GameList.parse(res.json().value);
}
async function allIds(query: string) {
  const first = await games(`${query}&pageSize=100&pageNo=1`);
  const ids = first.games.map((g) => g.nodeId);
  for (let p = 2; p <= first.totalPages; p++)
    ids.push(...(await games(`${query}&pageSize=100&pageNo=${p}`)).games.map((g) => g.nodeId));
  return ids;
}

/** A catalogue write the lists must see (catalogue-index.ts): waits for the node to hear of it. */
async function catalogueWrite<T>(write: () => Promise<T>): Promise<T> {
  const sleep = () => new Promise((resolve) => setTimeout(resolve, 2));
  for (let i = 0; i < 1000 && catalogueNotifications(t.ctx) === undefined; i++) await sleep();
  const seen = catalogueNotifications(t.ctx) ?? -1;
  const result = await write();
  const deadline = Date.now() + (t.ctx.database.kind === 'pglite' ? 0 : 2_000);
  while (catalogueNotifications(t.ctx) === seen && Date.now() < deadline) await sleep();
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'name', 'names'])
    .where('game_type', '=', 'RNG')
    .where('sub_category', 'is', null)
    .where('lobby', '=', false)
    .orderBy('node_id')
    .execute();
  slots = rows.map((r) => ({
    node_id: Number(r.node_id),
    name: r.name,
    names: (typeof r.names === 'string' ? JSON.parse(r.names) : r.names) as Record<string, string>,
  }));
  members = [];
  for (let i = 0; i < 8; i++) members.push((await createMember(t.ctx)).id);
  // The first list call starts the node listening for catalogue changes.
  await games('gameType=RNG&pageSize=1');
});
afterAll(() => t.close());

describe('popular and hot', () => {
  it('marks hot only the most played games of the last days, with enough players, and orders popular by players', async () => {
    const [a, b, c, d, e, old, ...more] = slots.slice(40, 50).map((s) => s.node_id) as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      ...number[],
    ];
    await playedBy(t.ctx, a, members.slice(0, 6));
    await playedBy(t.ctx, b, members.slice(0, 5));
    await playedBy(t.ctx, c, members.slice(0, 4));
    // One player playing a lot is not a crowd: the count is of distinct players.
    await playedBy(t.ctx, d, [members[0]!, members[0]!, members[0]!, members[0]!, members[1]!]);
    for (const game of [e, ...more]) await playedBy(t.ctx, game, members.slice(0, HOT_MIN_PLAYERS));
    // Many players, but before the window: not hot now.
    const before = new Date(t.ctx.now().getTime() - (HOT_WINDOW_DAYS + 1) * 86_400_000);
    await playedBy(t.ctx, old, members, before);

    const first = await catalogueWrite(() => refreshPopularity(t.ctx));
    // At most the top share of the listed tiles: fewer than the eight games with enough players.
    const cap = Math.ceil((await allIds('language=EN')).length * HOT_SHARE);
    expect(cap).toBeGreaterThanOrEqual(4);
    expect(cap).toBeLessThan(8);
    // Most players first; equal counts by node id.
    const expectedHot = [a, b, c, e, ...more].slice(0, cap);
    expect(first.hot).toEqual(expectedHot);

    const rng = await games('gameType=RNG&pageSize=100');
    expect(
      rng.games
        .filter((g) => g.isHot)
        .map((g) => g.nodeId)
        .sort(),
    ).toEqual([...expectedHot].sort());
    // The featured order puts the hot ones first.
    expect(rng.games.slice(0, cap).every((g) => g.isHot)).toBe(true);

    // Popular: most players first, the hot tag or not; the game one member played four times
    // comes after every game of three players.
    const popular = await games('gameType=RNG&sort=popular&pageSize=10');
    const top = popular.games.slice(0, 9).map((g) => g.nodeId);
    // The hot ones lead; the games of three players that are not hot follow in the featured order
    // (which depends on how many tiles the catalogue lists, so only their set is pinned).
    expect(top.slice(0, cap)).toEqual(expectedHot);
    expect(top.slice(cap, 8).sort()).toEqual([a, b, c, e, ...more].slice(cap).sort());
    expect(top[8]).toBe(d);
    expect(popular.games.filter((g) => g.isHot)).toHaveLength(cap);
    const players = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'recent_players'])
      .where('node_id', 'in', [a, d, old])
      .execute();
    expect(Object.fromEntries(players.map((p) => [Number(p.node_id), p.recent_players]))).toEqual({
      [a]: 6,
      [d]: 2,
      [old]: 0,
    });

    // Nothing changed: the job writes nothing (and the catalogue copies are not rebuilt).
    expect((await refreshPopularity(t.ctx)).changed).toBe(0);

    // Days later, without new rounds, nothing is hot any more.
    t.advance((HOT_WINDOW_DAYS + 1) * 86_400_000);
    try {
      await catalogueWrite(() => refreshPopularity(t.ctx));
      expect((await games('gameType=RNG&pageSize=100')).games.some((g) => g.isHot)).toBe(false);
    } finally {
      t.advance(-(HOT_WINDOW_DAYS + 1) * 86_400_000);
      await catalogueWrite(() => refreshPopularity(t.ctx));
    }
  });

  it('takes at most the hot share of the listed games, most players first', () => {
    const players = new Map<number, number>();
    const listed: number[] = [];
    for (let id = 1; id <= 1000; id++) {
      listed.push(id);
      players.set(id, id % 7 === 0 ? 3 + (id % 11) : 1);
    }
    const hot = hotGamesOf(players, listed);
    expect(hot).toHaveLength(20);
    const counts = hot.map((id) => players.get(id)!);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(HOT_MIN_PLAYERS);
    // A quiet site has nothing hot, however few games it lists.
    expect(hotGamesOf(new Map([[1, 2]]), [1, 2, 3])).toEqual([]);
  });
});

describe('sorts', () => {
  it('A to Z follows the names of the page language', async () => {
    const en = (await games('gameType=RNG&sort=name&language=EN&pageSize=100')).games;
    const names = en.map((g) => g.gameName);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare));
    const ty = (await games('gameType=RNG&sort=name&language=TY&pageSize=100')).games;
    const tyNames = ty.map((g) => g.gameName);
    expect(tyNames).toEqual(
      [...tyNames].sort(new Intl.Collator('fil', { sensitivity: 'base', numeric: true }).compare),
    );
    // The Filipino names sort differently from the English ones: a real per-language order.
    expect(ty.map((g) => g.nodeId)).not.toEqual(en.map((g) => g.nodeId));
  });

  it('new puts the games added last to the catalogue first', async () => {
    const newest = slots[10]!.node_id;
    await catalogueWrite(() =>
      sql`UPDATE games SET created_at = now() + interval '1 minute' WHERE node_id = ${newest}`.execute(t.ctx.db),
    );
    const page = await games('gameType=RNG&sort=new&pageSize=5');
    expect(page.games[0]!.nodeId).toBe(newest);
    // The same filter, every order, the same games.
    const featured = await allIds('gameType=RNG');
    for (const sort of ['new', 'name', 'popular'])
      expect((await allIds(`gameType=RNG&sort=${sort}`)).sort()).toEqual([...featured].sort());
  });

  it('keeps filters and paging under every order, and refuses an unknown one', async () => {
    const vendor = (await games('gameType=RNG&pageSize=1')).games[0]!.vassalage;
    const byName = await allIds(`gameType=RNG&vassalage=${vendor}&sort=name&language=EN`);
    const page2 = await games(`gameType=RNG&vassalage=${vendor}&sort=name&language=EN&pageSize=5&pageNo=2`);
    expect(page2.games.map((g) => g.nodeId)).toEqual(byName.slice(5, 10));
    expect(page2.games.every((g) => g.vassalage === vendor)).toBe(true);
    const res = await list('sort=cheapest');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
