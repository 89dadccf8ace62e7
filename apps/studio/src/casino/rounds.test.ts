// postgres: a player's rounds sent at once take their nonces under the seed row's lock, side by side
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFairRng } from '../kit/fair/fair-rng';
import type { StudioRuntime } from '../plugin';
import { gameApi, startStudioAlone, throwawayDatabase } from '../standalone-fixture';
import { instantEngineFor } from './engine-registry';

// Real-mode instant rounds as the studio records them in one statement (open-round check, nonce and
// row) and answers them from its own writes, against a small wallet behind the client:
// a player's rounds and seeds follow the player across launches and never mix with another's, rounds
// sent at once each take their own nonce, and an open round (free spins owed) refuses a new one
// without spending a nonce. On PGlite by default; on a throwaway database of TEST_DATABASE_URL's
// server when it is set.

const VENDOR = 'PT';
const GAME = 'SLOT-10400';
const START_BALANCE = 1_000_000;

let app: FastifyInstance;
let runtime: StudioRuntime;
let dropDatabase: (() => Promise<void>) | undefined;

// The wallet: balances by player, each transactionId applied once (a repeat answers as the first did).
const playerOfToken = new Map<string, string>();
const balances = new Map<string, number>();
const applied = new Map<string, number>();

async function wallet(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const path = String(input).split('/vendor/wallet/')[1];
  const body = JSON.parse(String(init?.body)) as Record<string, string | number | undefined>;
  const player = body.player === undefined ? playerOfToken.get(String(body.token)) : String(body.player);
  const answer = (status: string, http = 200) =>
    new Response(
      JSON.stringify({ status, balance: balances.get(player ?? '') ?? 0, currency: 'PHP', requestId: 'r', player }),
      { status: http },
    );
  if (!player || !balances.has(player)) return answer('ERROR_INVALID_TOKEN', 401);
  const tx = String(body.transactionId ?? '');
  if (path === 'bet' || path === 'win') {
    if (!applied.has(tx)) {
      const delta = path === 'bet' ? -Number(body.amount) : Number(body.amount);
      const balance = balances.get(player) ?? 0;
      if (balance + delta < 0) return answer('ERROR_INSUFFICIENT_FUNDS', 422);
      balances.set(player, balance + delta);
      applied.set(tx, delta);
    }
  }
  return answer('OK');
}

beforeAll(async () => {
  const database = await throwawayDatabase('gh_rounds');
  dropDatabase = database.drop;
  const databaseUrl = database.url;
  ({ app, runtime } = await startStudioAlone({ databaseUrl, fetch: wallet as typeof fetch }));
});
afterAll(async () => {
  await app.close();
  await dropDatabase?.();
});

/** A launch of the slot by `player` (a new platform token each time): its game token. */
async function launch(player: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  playerOfToken.set(token, player);
  if (!balances.has(player)) balances.set(player, START_BALANCE);
  const page = await app.inject({
    method: 'GET',
    url: `/studio/play?token=${token}&game=${GAME}&vendor=${VENDOR}&mode=real`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return token;
}

type Round = {
  roundId: string;
  nonce: number;
  stake: number;
  win: number;
  status: string;
  pendingSteps: number;
  clientSeed: string;
  serverSeedHash: string;
};

async function play(token: string) {
  const res = await gameApi(app, token, 'POST', '/api/round', { bet: { coin: 1 } });
  return { status: res.statusCode, body: res.json() as { round: Round; balance: number; error?: { code: string } } };
}

/** A client seed whose rounds from nonce `from` on trigger free spins exactly where `wanted` says. */
async function clientSeedFor(player: string, from: number, wanted: boolean[]): Promise<string> {
  const seed = await runtime.db
    .selectFrom('studio_seeds')
    .select('server_seed')
    .where('owner', '=', `${VENDOR}:${player}`)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  const game = instantEngineFor({ vendor: VENDOR, gameCode: GAME });
  if (!game) throw new Error('no engine');
  for (let i = 0; i < 50_000; i++) {
    const candidate = `cs${i}`;
    const fits = wanted.every(
      (open, k) =>
        game.engine.play({ coin: 1 }, createFairRng(seed.server_seed, candidate, from + k, 0)).pendingSteps > 0 ===
        open,
    );
    if (fits) return candidate;
  }
  throw new Error('no client seed found');
}

describe('real rounds', () => {
  it("keeps a player's rounds and seed across launches, apart from other players'", async () => {
    const first = await launch('501');
    await gameApi(app, first, 'GET', '/api/session');
    const clientSeed = await clientSeedFor('501', 0, [false, false, false]);
    expect((await gameApi(app, first, 'PUT', '/api/seed/client', { clientSeed })).statusCode).toBe(200);
    const played = [await play(first), await play(first)];
    const again = await launch('501');
    played.push(await play(again));
    for (const p of played) expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(played.map((p) => p.body.round.nonce)).toEqual([0, 1, 2]);
    expect(new Set(played.map((p) => p.body.round.serverSeedHash)).size).toBe(1);
    // The answer is the round as recorded (what the verifier's public lookup reads back).
    for (const p of played) {
      expect(p.body.round.status).toBe('closed');
      const pub = await app.inject({ method: 'GET', url: `/studio/api/rounds/${p.body.round.roundId}` });
      expect(pub.json()).toEqual(p.body.round);
    }
    expect(played[2]?.body.balance).toBe(balances.get('501'));
    expect(balances.get('501')).toBe(
      START_BALANCE + played.reduce((sum, p) => sum + p.body.round.win - p.body.round.stake, 0),
    );

    const newestFirst = played.map((p) => p.body.round.roundId).reverse();
    for (const token of [first, again]) {
      const history = (await gameApi(app, token, 'GET', '/api/history')).json().rounds as Round[];
      expect(history.map((r) => r.roundId)).toEqual(newestFirst);
    }
    const other = await launch('502');
    expect((await gameApi(app, other, 'GET', '/api/history')).json().rounds).toEqual([]);
    expect((await play(other)).body.round.nonce).toBe(0);
  });

  it('gives rounds sent at once a nonce each, none shared and none skipped', { tags: ['postgres'] }, async () => {
    const token = await launch('503');
    await gameApi(app, token, 'GET', '/api/session');
    const clientSeed = await clientSeedFor('503', 0, [false, false, false, false, false, false]);
    await gameApi(app, token, 'PUT', '/api/seed/client', { clientSeed });
    const played = await Promise.all(Array.from({ length: 6 }, () => play(token)));
    for (const p of played) expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(played.map((p) => p.body.round.nonce).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await gameApi(app, token, 'GET', '/api/session')).json().fairness.nonce).toBe(6);
    expect(balances.get('503')).toBe(
      START_BALANCE + played.reduce((sum, p) => sum + p.body.round.win - p.body.round.stake, 0),
    );
  });

  it('refuses a new round while free spins are owed, on any launch, without spending a nonce', async () => {
    const token = await launch('504');
    await gameApi(app, token, 'GET', '/api/session');
    const clientSeed = await clientSeedFor('504', 0, [true]);
    await gameApi(app, token, 'PUT', '/api/seed/client', { clientSeed });
    const open = await play(token);
    expect(open.body.round).toMatchObject({ status: 'open', nonce: 0 });
    const relaunch = await launch('504');
    for (const t of [token, relaunch]) {
      const refused = await play(t);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('STUDIO_ROUND_IN_PROGRESS');
      expect((await gameApi(app, t, 'GET', '/api/session')).json().openRound.roundId).toBe(open.body.round.roundId);
    }
    // Another player's open round is theirs alone.
    expect((await play(await launch('505'))).status).toBe(200);

    let step = open.body.round;
    while (step.status === 'open') {
      const res = await gameApi(app, relaunch, 'POST', `/api/round/${open.body.round.roundId}/step`);
      expect(res.statusCode, res.body).toBe(200);
      step = res.json().round;
    }
    expect(step.status).toBe('closed');
    const next = await play(token);
    expect(next.status).toBe(200);
    expect(next.body.round.nonce).toBe(1);
  });
});
