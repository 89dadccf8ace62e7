import type { GameList } from '@gamehall/shared/api/games';
import type { AppContext } from '../context';
import type { App } from '../http/app-type';
import { endSession, issueSession, resolveSession } from '../modules/accounts/sessions.service';
import { DEMO_TEAM_USERNAMES } from '../seed/demo-accounts-seed';
import { findDemoPlayers } from './demo-play.queries';

// Demo mode only: agent01's team plays a few slot rounds at the house studio the first time the
// site starts, through the same calls a player's browser makes (launch, then the studio's round API,
// which settles through the signed vendor wallet API over loopback). The agent centre and the
// contracts' settlement then work on real rounds and real ledger postings, never on inserted
// figures. It runs once: a team that has played before is left alone. With `at`, each game is
// played at the time it gives (the demo's moved clock, demo.ts): the app must run on a context whose
// clock that callback moves.

const GAMES_PER_PLAYER = 3;

/**
 * The list position of player i's g-th game. The team shares its tastes as players do: everyone's
 * first game is the list's first, the second is one of two, the third a game of each player's own,
 * so the lobby's popular order and HOT tag (docs/games.md "Popular and hot") stand on real rounds.
 */
export function teamGame(i: number, g: number): number {
  if (g === 0) return 0;
  if (g === 1) return 1 + (i % 2);
  return 3 + i;
}
const ROUNDS_PER_GAME = 8;
const MAX_STEPS = 100;

type Reply = { statusCode: number; json: () => unknown };

function value<T>(res: Reply, what: string): T {
  const body = res.json() as { success?: boolean; value?: T };
  if (res.statusCode !== 200 || body.success === false) throw new Error(`${what} answered ${res.statusCode}`);
  return body.value as T;
}

/** Moves the clock of the app's context to the time of game `n` (0, 1, ...) of the play. */
export type GameClock = (n: number) => void;

export async function playDemoTeam(
  app: App,
  ctx: AppContext,
  at?: GameClock,
): Promise<{ players: number; rounds: number; games: number; memberIds: number[] }> {
  const none = { players: 0, rounds: 0, games: 0, memberIds: [] };
  const team = (await findDemoPlayers(ctx.db, DEMO_TEAM_USERNAMES)).filter((m) => m.type === 0);
  if (team.length === 0 || team.some((m) => m.played)) return none;

  const list = value<GameList>(
    await app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=24' }),
    'game list',
    // Crash rounds follow the shared flight, not the round API: the slots and tables play alone.
  ).games.filter((g) => !g.gameCode.startsWith('CRASH'));
  if (list.length === 0) return none;

  let rounds = 0;
  for (const [i, member] of team.entries()) {
    for (let g = 0; g < GAMES_PER_PLAYER; g++) {
      const n = i * GAMES_PER_PLAYER + g;
      at?.(n);
      // A session per game: with a moved clock each game is its own visit, at its own time.
      const token = await issueSession(ctx, ctx.db, {
        memberId: member.id,
        area: 'member',
        ip: '127.0.0.1',
        userAgent: 'Gamehall demo play',
      });
      try {
        const game = list[teamGame(i, g) % list.length] as { nodeId: number };
        rounds += await playGame(app, token, game.nodeId);
      } finally {
        const principal = await resolveSession(ctx, token);
        if (principal) await endSession(ctx, principal.sessionId);
      }
    }
  }
  return {
    players: team.length,
    rounds,
    games: team.length * GAMES_PER_PLAYER,
    memberIds: team.map((m) => m.id),
  };
}

async function playGame(app: App, token: string, nodeId: number): Promise<number> {
  const launch = value<{ url: string }>(
    await app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: token },
      payload: { nodeId },
    }),
    'launch',
  );
  const url = new URL(launch.url, 'http://localhost');
  // Opening the game page is what starts the studio's session, as in a browser.
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (page.statusCode !== 200) return 0;
  const headers = { 'x-game-token': url.searchParams.get('token') ?? '' };
  const session = (await app.inject({ method: 'GET', url: '/studio/api/session', headers })).json() as {
    defaultBet?: unknown;
  };
  let played = 0;
  for (let r = 0; r < ROUNDS_PER_GAME; r++) {
    const res = await app.inject({
      method: 'POST',
      url: '/studio/api/round',
      headers,
      payload: { bet: session.defaultBet },
    });
    // Out of money or refused: this player stops here, the rounds played so far stand.
    if (res.statusCode !== 200) break;
    played++;
    // Free spins and bonus features are steps of the same round: play them to its end.
    let round = (res.json() as { round: { roundId: string; pendingSteps: number } }).round;
    for (let step = 0; round.pendingSteps > 0 && step < MAX_STEPS; step++) {
      const next = await app.inject({ method: 'POST', url: `/studio/api/round/${round.roundId}/step`, headers });
      if (next.statusCode !== 200) break;
      round = (next.json() as { round: typeof round }).round;
    }
  }
  return played;
}
