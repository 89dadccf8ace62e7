import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from './modules/ledger/ledger.service';
import type { TestApp } from './test/harness';
import { launchAs, mountStudio, platformBalance, studioApi } from './test/studio-fixture';

// The mini games category (game type MINI, spec §1 "mini games"): in the menu with its vendor,
// its page lists the studio's short games, and each launches and plays at the house studio through
// the signed wallet API, the round recorded under its category.

let t: TestApp;
beforeAll(async () => {
  ({ t } = await mountStudio({}));
});
afterAll(() => t.close());

type ListedGame = { nodeId: number; gameName: string; gameCode: string; gameType: string; vassalage: string };

async function miniGames(language = 'EN'): Promise<ListedGame[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/wps/relay/GCSGAME_gameList?gameType=MINI&pageSize=50&language=${language}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.games as ListedGame[];
}

describe('the mini games category', () => {
  it('shows in the game menu with its vendor, after the categories placed before it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus?language=EN' });
    expect(res.statusCode, res.body).toBe(200);
    const menus = res.json().value as {
      gameCategory: string;
      vendors: { vassalage: string; playableCount: number }[];
    }[];
    const mini = menus.find((c) => c.gameCategory === 'MINI');
    expect(mini?.vendors.map((v) => v.vassalage)).toEqual(['JILI']);
    expect(mini?.vendors[0]?.playableCount).toBe(2);
    expect(menus.findIndex((c) => c.gameCategory === 'MINI')).toBe(menus.length - 1);
  });

  it("lists the studio's short games under their own titles, in Filipino too", async () => {
    const games = await miniGames();
    expect(games.map((g) => [g.gameCode, g.gameName, g.gameType])).toEqual([
      ['MINI-001', 'Crash', 'MINI'],
      ['MINI-002', 'Three Card Duel vs the House', 'MINI'],
    ]);
    expect((await miniGames('TY')).map((g) => g.gameName)).toEqual([
      'Crash: Bagsak',
      'Tunggalian ng Tatlong Baraha laban sa Bahay',
    ]);
  });

  it('launches the duel, which plays real rounds: the balance moves by each net, recorded as MINI', async () => {
    const duel = (await miniGames()).find((g) => g.gameCode === 'MINI-002') as ListedGame;
    const p = await launchAs(t, duel.nodeId, 10_000, '/mini');
    const info = (await studioApi(t, p.token, 'GET', '/api/session')).json();
    expect(info).toMatchObject({ mode: 'real', engine: 'duel', gameCode: 'MINI-002', balance: 10_000 });
    let expected = 10_000;
    for (let i = 0; i < 5; i++) {
      const res = await studioApi(t, p.token, 'POST', '/api/round', { bet: { amount: 100 } });
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json() as {
        round: { roundId: string; stake: number; win: number; status: string };
        balance: number;
      };
      expect(a.round).toMatchObject({ stake: 100, status: 'closed' });
      expected += a.round.win - a.round.stake;
      expect(a.balance).toBe(expected);
      const recorded = await t.ctx.db
        .selectFrom('vendor_rounds')
        .select(['game_type', 'game_code', 'bet_amount', 'win_amount'])
        .where('round_id', '=', a.round.roundId)
        .executeTakeFirstOrThrow();
      expect(recorded).toMatchObject({
        game_type: 'MINI',
        game_code: 'MINI-002',
        bet_amount: 100,
        win_amount: a.round.win,
      });
    }
    expect(await platformBalance(t, p.memberId)).toBe(expected);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('launches the crash game on the shared flight', async () => {
    const crash = (await miniGames()).find((g) => g.gameCode === 'MINI-001') as ListedGame;
    const p = await launchAs(t, crash.nodeId, 1_000, '/mini');
    const info = (await studioApi(t, p.token, 'GET', '/api/session')).json();
    expect(info).toMatchObject({ mode: 'real', engine: 'crash', gameCode: 'MINI-001', balance: 1_000 });
  });

  it('refuses a mini game code the studio does not play', async () => {
    const token = randomBytes(32).toString('base64url');
    const page = await t.app.inject({
      method: 'GET',
      url: `/studio/play?token=${token}&game=MINI-003&vendor=JILI&mode=trial`,
    });
    expect(page.statusCode).not.toBe(200);
    expect(page.body).toContain('This game is not served by the house studio');
  });
});
