import { gameIconUrl } from '@gamehall/shared/api/catalogue';
import { BettingRecordList, GameProfitLoss, GameRecall, RankList } from '@gamehall/shared/api/games';
import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';
import { clearWinnerCache, maskName } from './records.service';

let t: TestApp;
let member: string;
let memberId: number;
let other: number;
let trial: string;
const DAY = 86_400_000;
let rng: number[];
let live: number;
let fish: number;

async function sessionFor(id: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId: id, area: 'member', ip: '127.0.0.1', userAgent: null });
}
function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}
async function nodes(gameType: string, n: number) {
  const rows = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('game_type', '=', gameType)
    .where('status', '=', 'active')
    .orderBy('node_id')
    .limit(n)
    .execute();
  return rows.map((r) => Number(r.node_id));
}
async function records(query: string, token = member) {
  const res = await get(`/wps/member/bettingRecord?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return BettingRecordList.parse(res.json().value);
}

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMember(t.ctx, { username: 'deltaplayer01' });
  memberId = m.id;
  member = await sessionFor(m.id);
  other = (await createMember(t.ctx, { username: 'omega77' })).id;
  trial = await sessionFor((await createMember(t.ctx, { type: 4 })).id);
  rng = await nodes('RNG', 2);
  live = (await nodes('LIVE', 1))[0]!;
  fish = (await nodes('FISH', 1))[0]!;
  const now = t.ctx.now().getTime();
  // 12 rounds on rng[0] over the last 12 hours, alternating win and loss; then other games and ages.
  for (let i = 0; i < 12; i++)
    await insertRound(t.ctx, {
      memberId,
      nodeId: rng[0]!,
      bet: 100,
      win: i % 3 === 0 ? 250 : i % 3 === 1 ? 0 : 100,
      at: new Date(now - (i + 1) * 3_600_000),
      roundId: `RNG0-${i}`,
    });
  await insertRound(t.ctx, { memberId, nodeId: rng[1]!, bet: 500, status: 'open', at: new Date(now - 60_000) });
  await insertRound(t.ctx, { memberId, nodeId: live, bet: 2000, win: 3900, at: new Date(now - 3 * DAY) });
  await insertRound(t.ctx, { memberId, nodeId: fish, bet: 300, status: 'rolled_back', at: new Date(now - 2 * DAY) });
  await insertRound(t.ctx, { memberId, nodeId: live, bet: 1000, win: 0, at: new Date(now - 20 * DAY) });
  await insertRound(t.ctx, { memberId: other, nodeId: rng[0]!, bet: 100, win: 99_900, at: new Date(now - 5_000) });
});
afterAll(() => t.close());

describe('GET /wps/member/bettingRecord', () => {
  it("lists only the member's rounds, newest first, paged, with totals over settled rounds", async () => {
    const all = await records('pageSize=100');
    expect(all.totalElements).toBe(16);
    expect(all.content.map((r) => r.time)).toEqual([...all.content.map((r) => r.time)].sort().reverse());
    expect(all.content.some((r) => r.win === 999)).toBe(false);
    const open = all.content[0]!;
    expect(open).toMatchObject({ status: 'open', bet: 5, win: 0, net: 0, settledAt: null, gameType: 'RNG' });
    // Settled: 12 x 1.00 bet + 20 + 10 = 42; wins 4 x 2.50 + 4 x 1.00 + 39 = 53.
    expect(all.totals).toEqual({ bet: 42, win: 53, net: 11 });
    expect(all.currency).toBe('PHP');
    const win = all.content.find((r) => r.roundId === 'RNG0-0')!;
    expect(win).toMatchObject({ bet: 1, win: 2.5, net: 1.5, status: 'closed', nodeId: rng[0] });
    expect(win.gameName.length).toBeGreaterThan(0);

    const p1 = await records('pageSize=5&pageNo=1');
    const p4 = await records('pageSize=5&pageNo=4');
    expect(p1).toMatchObject({ pageNum: 1, totalPages: 4, totalElements: 16 });
    expect(p4.content).toHaveLength(1);
    const ids = new Set<string>();
    for (let p = 1; p <= 4; p++) for (const r of (await records(`pageSize=5&pageNo=${p}`)).content) ids.add(r.roundId);
    expect(ids.size).toBe(16);
  });

  it('filters by game type, vendor, status and date range', async () => {
    expect((await records('gameType=LIVE')).totalElements).toBe(2);
    expect((await records('gameType=LIVE&range=past7')).totalElements).toBe(1);
    expect((await records('range=past30')).totalElements).toBe(16);
    expect((await records('range=past7')).totalElements).toBe(15);
    expect((await records('status=rolled_back')).content.map((r) => r.nodeId)).toEqual([fish]);
    const vendor = (await records('pageSize=1')).content[0]!.vassalage;
    const byVendor = await records(`vassalage=${vendor}&pageSize=100`);
    expect(byVendor.content.every((r) => r.vassalage === vendor)).toBe(true);
    // Dates are the brand's days, whatever the UTC date is.
    const zone = (await getBrand(t.ctx.db)).timeZone;
    const today = brandDay(t.ctx.now(), zone);
    const old = brandDay(new Date(t.ctx.now().getTime() - 20 * DAY), zone);
    expect((await records(`startDate=${old}&endDate=${old}`)).totalElements).toBe(1);
    expect((await records(`startDate=${today}`)).totalElements).toBeGreaterThan(0);
  });

  it('refuses bad input, guests and trial members', async () => {
    for (const q of [
      'range=past9',
      'startDate=2026-13-01',
      'startDate=2026-05-02&endDate=2026-05-01',
      'pageSize=0',
      'gameType=DICE',
    ]) {
      const res = await get(`/wps/member/bettingRecord?${q}`, member);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/wps/member/bettingRecord')).statusCode).toBe(401);
    expect((await get('/wps/member/bettingRecord', trial)).statusCode).toBe(403);
  });
});

describe('GET /wps/member/gameRecall', () => {
  it('answers the last 10 rounds of one game with their outcome', async () => {
    const res = await get(`/wps/member/gameRecall?nodeId=${rng[0]}`, member);
    expect(res.statusCode, res.body).toBe(200);
    const v = GameRecall.parse(res.json().value);
    expect(v.game.nodeId).toBe(rng[0]);
    expect(v.list.map((r) => r.roundId)).toEqual(Array.from({ length: 10 }, (_, i) => `RNG0-${i}`));
    expect(v.list.slice(0, 3).map((r) => r.outcome)).toEqual(['win', 'loss', 'push']);
    const open = GameRecall.parse((await get(`/wps/member/gameRecall?nodeId=${rng[1]}`, member)).json().value);
    expect(open.list.map((r) => r.outcome)).toEqual(['open']);
    expect((await get('/wps/member/gameRecall?nodeId=999999999', member)).statusCode).toBe(404);
    expect((await get('/wps/member/gameRecall', member)).statusCode).toBe(400);
  });
});

describe('GET /wps/member/gameProfitLoss', () => {
  it('sums settled rounds per game type over the period', async () => {
    const res = await get('/wps/member/gameProfitLoss?range=past30', member);
    expect(res.statusCode, res.body).toBe(200);
    const v = GameProfitLoss.parse(res.json().value);
    expect(v.list).toEqual([
      { gameType: 'LIVE', rounds: 2, bet: 30, win: 39, net: 9 },
      { gameType: 'RNG', rounds: 12, bet: 12, win: 14, net: 2 },
    ]);
    expect(v.totals).toEqual({ rounds: 14, bet: 42, win: 53, net: 11 });
    const week = GameProfitLoss.parse((await get('/wps/member/gameProfitLoss?range=past7', member)).json().value);
    expect(week.totals).toEqual({ rounds: 13, bet: 32, win: 53, net: 21 });
    expect((await get('/wps/member/gameProfitLoss?range=year', member)).statusCode).toBe(400);
  });
});

describe('GET /wps/relay/GCSGAME_getRankList', () => {
  it('shows the biggest settled wins of the window, masked, biggest first', async () => {
    clearWinnerCache(t.ctx);
    const res = await get('/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=3');
    expect(res.statusCode, res.body).toBe(200);
    const list = RankList.parse(res.json().value).list;
    expect(list.map((w) => [w.vo.customerName, w.vo.winAmount])).toEqual([
      ['om***77', 999],
      ['de***01', 39],
      ['de***01', 2.5],
    ]);
    expect(list[0]!.vo.iconUrl).toBe(gameIconUrl(rng[0]!));
    expect(list[0]!.vo.nodeId).toBe(rng[0]);
    expect(list[0]!.vo.gameName.length).toBeGreaterThan(0);
  });

  it('is cached briefly: a new win shows after the cache time', async () => {
    clearWinnerCache(t.ctx);
    const first = RankList.parse((await get('/wps/relay/GCSGAME_getRankList?limitNum=1')).json().value).list;
    await insertRound(t.ctx, { memberId, nodeId: live, bet: 100, win: 5_000_000, at: t.ctx.now() });
    const cached = RankList.parse((await get('/wps/relay/GCSGAME_getRankList?limitNum=1')).json().value).list;
    expect(cached).toEqual(first);
    clearWinnerCache(t.ctx);
    const fresh = RankList.parse((await get('/wps/relay/GCSGAME_getRankList?limitNum=1')).json().value).list;
    expect(fresh[0]!.vo).toMatchObject({ customerName: 'de***01', winAmount: 50_000 });
  });

  it('masks names', () => {
    expect(maskName('demo01')).toBe('de***01');
    expect(maskName('abc')).toBe('a***');
  });
});
