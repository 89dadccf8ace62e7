import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessions } from '../../studio/src/kit/sessions';
import type { StudioRuntime } from '../../studio/src/plugin';
import { pushSessionEnds, watchSessionEnds } from './modules/games/session-ends.service';
import { pushTarget } from './modules/sportsbook/risk-factor.service';
import type { TestApp } from './test/harness';
import { openSportsbook } from './test/sportsbook-fixture';
import { launchAs, type MountedStudio, mountStudio, studioApi, WebSocket, type WsClient } from './test/studio-fixture';
import { vendorClient } from './test/vendor-client';

// A revoked member session ends the game sessions it launched (migration 0121, docs/studio.md
// "Ended sessions"): the wallet refuses their tokens at once, the platform tells the house studio,
// and the studio closes every socket of them (crash, sportsbook, card tables) and refuses their
// tokens, while other players' sockets stay open. Against the studio mounted as `npm start` runs it.
// postgres: the revocation trigger, and the push that follows the sessions' NOTIFY at once

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
const quiet = { warn: () => {} };

beforeAll(async () => {
  s = await mountStudio({});
  ({ t, studio } = s);
});
afterAll(() => s.close());

/** The job's target, on the port the test platform listens on (the config's port is not it). */
const target = () => ({ ...pushTarget(t.ctx, quiet), baseUrl: `${s.base}/studio` });

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function crashNode(): Promise<number> {
  const game = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('vendor_code', '=', 'PT')
    .where('game_code', '=', 'CRASH-001')
    .executeTakeFirstOrThrow();
  return Number(game.node_id);
}

type Opened = { ws: WsClient; closed: Promise<{ code: number; reason: string }> };

/** An open socket of the studio (registered under its session once the client sees it open). */
async function openSocket(path: string, token: string): Promise<Opened> {
  const ws = new WebSocket(`${s.base.replace('http', 'ws')}/studio${path}?token=${encodeURIComponent(token)}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code: Number(code), reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.on('error', (err) => reject(err as Error));
    ws.on('open', () => resolve());
  });
  return { ws, closed };
}

/** Resolves with the close, or with null if the socket is still open after `ms`. */
function closedWithin(socket: Opened, ms: number) {
  return Promise.race([socket.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

async function logout(auth: string) {
  const res = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: auth } });
  expect(res.statusCode, res.body).toBe(200);
}

async function gameSession(token: string) {
  return t.ctx.db
    .selectFrom('game_sessions')
    .select(['expires_at', 'ended_at', 'end_sent_at', 'session_id'])
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirstOrThrow();
}

describe('a revoked member session', () => {
  it("ends its game sessions: the wallet and the studio refuse the token, and the studio closes that player's sockets only", {
    tags: ['postgres'],
  }, async () => {
    const node = await crashNode();
    const leaver = await launchAs(t, node, 10_000, '/rng');
    const stayer = await launchAs(t, node, 10_000, '/rng');
    const book = await openSportsbook(t, 'SPORTS', 5_000);
    expect((await gameSession(leaver.token)).session_id).not.toBeNull();

    const leaverCrash = await openSocket('/ws/crash', leaver.token);
    const stayerCrash = await openSocket('/ws/crash', stayer.token);
    const bookSocket = await openSocket('/ws/sb', book.token);

    await logout(leaver.auth);
    await logout(book.auth);
    // The trigger ended them in the logout's own transaction: the wallet refuses the token at once.
    const ended = await gameSession(leaver.token);
    expect(ended.ended_at).not.toBeNull();
    expect(new Date(ended.expires_at).getTime()).toBeLessThanOrEqual(Date.now());
    const balance = await vendorClient(t, 'PT').call('balance', { token: leaver.token });
    expect(balance.body.status).toBe('ERROR_INVALID_TOKEN');
    expect((await gameSession(stayer.token)).ended_at).toBeNull();

    const run = await pushSessionEnds(t.ctx, target());
    expect(run).toMatchObject({ sent: 2, known: 2, failed: 0 });
    expect((await gameSession(leaver.token)).end_sent_at).not.toBeNull();

    expect(await closedWithin(leaverCrash, 5_000)).toEqual({ code: 4001, reason: 'session ended' });
    expect(await closedWithin(bookSocket, 5_000)).toEqual({ code: 4001, reason: 'session ended' });
    expect(await closedWithin(stayerCrash, 300)).toBeNull();

    // The token opens nothing any more: an API call, the page, a new socket.
    const refused = await studioApi(t, leaver.token, 'GET', '/api/session');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('STUDIO_SESSION_ENDED');
    const again = new WebSocket(`${s.base.replace('http', 'ws')}/studio/ws/crash?token=${leaver.token}`);
    // Refused before the upgrade (and its socket ended, or the platform's close below would wait on it).
    const outcome = await new Promise<string>((resolve) => {
      again.on('open', () => resolve('open'));
      again.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
    // The other player still plays.
    expect((await studioApi(t, stayer.token, 'GET', '/api/session')).statusCode).toBe(200);

    // Told once: a second run has nothing to send.
    expect(await pushSessionEnds(t.ctx, target())).toMatchObject({ sent: 0 });
    stayerCrash.ws.close();
  });

  it('is pushed as soon as the session is revoked, without waiting for the scheduled job', {
    tags: ['postgres'],
  }, async () => {
    const stop = await watchSessionEnds(t.ctx, target());
    try {
      const p = await launchAs(t, await crashNode(), 1_000, '/rng');
      const socket = await openSocket('/ws/crash', p.token);
      await logout(p.auth);
      expect(await closedWithin(socket, 10_000)).toEqual({ code: 4001, reason: 'session ended' });
      // The studio closes the socket while it answers the push; the platform marks the end sent
      // once the answer is back, a moment later.
      await expect.poll(async () => (await gameSession(p.token)).end_sent_at, { timeout: 10_000 }).not.toBeNull();
    } finally {
      await stop();
    }
  });

  it('closes the sockets on a studio node that was not the one told, when it next looks', {
    tags: ['postgres'],
  }, async () => {
    const p = await launchAs(t, await crashNode(), 1_000, '/rng');
    const socket = await openSocket('/ws/crash', p.token);
    // Another node received the push and marked the end in the shared database.
    await endSessions(studio.db, [hashOf(p.token)], new Date());
    expect(await closedWithin(socket, 10_000)).toEqual({ code: 4001, reason: 'session ended' });
    expect((await studioApi(t, p.token, 'GET', '/api/session')).json().error.code).toBe('STUDIO_SESSION_ENDED');
  });

  it('leaves game sessions of other member sessions alone, and keeps a push the studio did not take', async () => {
    const first = await launchAs(t, await crashNode(), 1_000, '/rng');
    // The studio cannot be reached: the end waits for the next run.
    const down = { ...target(), baseUrl: 'http://127.0.0.1:9/studio' };
    await logout(first.auth);
    const failed = await pushSessionEnds(t.ctx, down);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect((await gameSession(first.token)).end_sent_at).toBeNull();
    expect((await pushSessionEnds(t.ctx, target())).sent).toBeGreaterThanOrEqual(1);
    expect((await gameSession(first.token)).end_sent_at).not.toBeNull();
  });
});
