import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotEngineFor } from './casino/engines/slot/slot-engine';
import { errorWords } from './kit/error-words';
import { cardRoomPresetOf, engineKindOf } from './kit/game-map';
import { sign, vendorSecret, WalletClient } from './kit/wallet-client';
import { type StudioRuntime, studioPlugin } from './plugin';
import { studioTestApp } from './standalone-fixture';

// The studio on its own (no platform): signing, the catalogue mapping, and a fake wallet behind the
// client to check what the studio sends. The end-to-end tests against the real vendor gateway live in
// apps/server/src/studio-mount.test.ts (apps/studio must not import the server).

describe('wallet client', () => {
  it('derives vendor secrets and signs the raw body as the gateway checks it', async () => {
    const house = 'h'.repeat(40);
    expect(vendorSecret(house, 'PT')).toBe(createHmac('sha256', house).update('vendor:PT').digest('hex'));
    const seen: { body: string; signature: string; url: string }[] = [];
    const fake: typeof fetch = async (input, init) => {
      seen.push({
        url: String(input),
        body: String(init?.body),
        signature: String((init?.headers as Record<string, string> | undefined)?.['x-signature']),
      });
      return new Response(
        JSON.stringify({ status: 'OK', balance: 1234, currency: 'PHP', requestId: 'r', player: '42' }),
        { status: 200 },
      );
    };
    const client = new WalletClient({ platformUrl: 'http://platform.test/', houseSecret: house, fetch: fake });
    const answer = await client.balance('PT', { token: 't'.repeat(20) });
    expect(answer).toEqual({ kind: 'ok', balance: 1234, currency: 'PHP', player: '42' });
    expect(seen[0]?.url).toBe('http://platform.test/vendor/wallet/balance');
    expect(seen[0]?.signature).toBe(sign(vendorSecret(house, 'PT'), seen[0]?.body ?? ''));
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ vendor: 'PT', token: 't'.repeat(20) });
  });

  it('tells refusals from unknown outcomes', async () => {
    const answer = (status: string, http: number) =>
      new WalletClient({
        platformUrl: 'http://platform.test',
        houseSecret: 'x'.repeat(32),
        fetch: async () =>
          new Response(JSON.stringify({ status, balance: 5, currency: 'PHP', requestId: 'r' }), { status: http }),
      }).bet({
        vendor: 'PT',
        token: 't'.repeat(20),
        player: '1',
        gameCode: 'SLOT-00001',
        roundId: 'r',
        transactionId: 'r:bet',
        amount: 10,
        currency: 'PHP',
      });
    expect(await answer('ERROR_INSUFFICIENT_FUNDS', 422)).toEqual({
      kind: 'refused',
      status: 'ERROR_INSUFFICIENT_FUNDS',
      balance: 5,
    });
    expect((await answer('ERROR_INTERNAL', 500)).kind).toBe('unknown');
    const down = new WalletClient({
      platformUrl: 'http://platform.test',
      houseSecret: 'x'.repeat(32),
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(
      (
        await down.win({
          vendor: 'PT',
          player: '1',
          gameCode: 'g',
          roundId: 'r',
          transactionId: 'w',
          betTransactionId: 'b',
          amount: 1,
          currency: 'PHP',
          roundClosed: true,
        })
      ).kind,
    ).toBe('unknown');
  });
});

describe('a launch while the wallet does not answer', () => {
  const app = studioTestApp();
  let failures = 0;
  const asked: string[] = [];
  beforeAll(async () => {
    await app.register(studioPlugin, {
      prefix: '/studio',
      platformUrl: 'http://platform.test',
      houseSecret: 'w'.repeat(40),
      dataDir: '',
      retryIntervalMs: 0,
      fetch: async (input) => {
        asked.push(String(input));
        if (failures > 0) {
          failures--;
          throw new TypeError('fetch failed');
        }
        return new Response(
          JSON.stringify({ status: 'OK', balance: 5000, currency: 'PHP', requestId: 'r', player: '42' }),
          { status: 200 },
        );
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const launch = (token: string) =>
    app.inject({ method: 'GET', url: `/studio/play?token=${token}&game=SLOT-00001&vendor=PT&mode=real` });

  it('asks the wallet again and opens the game when a later answer comes', async () => {
    failures = 2;
    asked.length = 0;
    const res = await launch('launch-token-0123456789a');
    expect(res.statusCode).toBe(200);
    expect(asked.filter((u) => u.endsWith('/vendor/wallet/balance'))).toHaveLength(3);
  });

  it('says the wallet did not answer after three attempts, and opens no session', async () => {
    failures = 3;
    asked.length = 0;
    const res = await launch('launch-token-0123456789b');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('The wallet did not answer, please try again');
    expect(asked).toHaveLength(3);
    failures = 0;
    const session = await app.inject({
      method: 'GET',
      url: '/studio/api/session',
      headers: { 'x-game-token': 'launch-token-0123456789b' },
    });
    expect(session.json().error?.code).toBe('STUDIO_SESSION_INVALID');
  });
});

describe('catalogue mapping', () => {
  it('maps every catalogue category to an engine', () => {
    expect(engineKindOf({ vendor: 'PT', gameCode: 'SLOT-10400' })).toBe('slot');
    expect(engineKindOf({ vendor: 'JILI', gameCode: 'JL-024' })).toBe('slot');
    expect(engineKindOf({ vendor: 'AG', gameCode: 'LIVE-005' })).toBe('roulette');
    expect(engineKindOf({ vendor: 'BBIN', gameCode: 'LIVE-004' })).toBe('roulette');
    expect(engineKindOf({ vendor: 'AG', gameCode: 'LIVE-001' })).toBe('baccarat');
    expect(engineKindOf({ vendor: 'AG', gameCode: 'FISH-001' })).toBe('fish');
    // The PVP titles rotate per vendor as the LIVE ones do: only the duel's title opens the duel.
    expect(engineKindOf({ vendor: 'KX', gameCode: 'PVP-001' })).toBe('cardroom');
    expect(engineKindOf({ vendor: 'KX', gameCode: 'PVP-003' })).toBe('cardroom');
    expect(engineKindOf({ vendor: 'WS', gameCode: 'PVP-004' })).toBe('duel');
    expect(engineKindOf({ vendor: 'XY', gameCode: 'PVP-003' })).toBe('duel');
    expect(engineKindOf({ vendor: 'GH', gameCode: 'PVP-001' })).toBe('cardroom');
    expect(engineKindOf({ vendor: 'GH', gameCode: 'PVP-002' })).toBe('duel');
    expect(cardRoomPresetOf({ vendor: 'KX', gameCode: 'PVP-002' })).toEqual({ seats: 6 });
    expect(cardRoomPresetOf({ vendor: 'GH', gameCode: 'PVP-001' })).toEqual({});
    expect(cardRoomPresetOf({ vendor: 'GH', gameCode: 'PVP-002' })).toBeUndefined();
    expect(engineKindOf({ vendor: 'BTI', gameCode: 'SPORTS-002' })).toBe('match');
    expect(engineKindOf({ vendor: 'TF', gameCode: 'ESPORTS-001' })).toBe('match');
    expect(engineKindOf({ vendor: 'DS88', gameCode: 'COCKFIGHT-002' })).toBe('derby');
    // The mini games: the same engine per code at every vendor; a code past the list is no game.
    expect(engineKindOf({ vendor: 'GH', gameCode: 'MINI-001' })).toBe('crash');
    expect(engineKindOf({ vendor: 'JILI', gameCode: 'MINI-002' })).toBe('duel');
    expect(engineKindOf({ vendor: 'GH', gameCode: 'MINI-000' })).toBeUndefined();
    expect(engineKindOf({ vendor: 'GH', gameCode: 'MINI-003' })).toBeUndefined();
    expect(engineKindOf({ vendor: 'TCG_SEA', gameCode: 'LOTT-001' })).toBe('lottery');
    expect(engineKindOf({ vendor: 'ELOTT', gameCode: 'ELOTT-001' })).toBe('lottery');
    expect(engineKindOf({ vendor: 'AG', gameCode: 'LOTT-001' })).toBeUndefined();
    expect(engineKindOf({ vendor: 'PT', gameCode: 'slot-1' })).toBeUndefined();
    expect(engineKindOf({ vendor: 'PT', gameCode: "SLOT-1'; drop" })).toBeUndefined();
  });
});

describe('standalone plugin (trial play, no platform)', () => {
  const app = studioTestApp();
  const walletCalls: string[] = [];
  let runtime: StudioRuntime | undefined;
  beforeAll(async () => {
    await app.register(studioPlugin, {
      prefix: '/studio',
      platformUrl: 'http://platform.invalid',
      houseSecret: 'y'.repeat(40),
      dataDir: '',
      retryIntervalMs: 0,
      onStart: (r) => {
        runtime = r;
      },
      fetch: async (input) => {
        walletCalls.push(String(input));
        throw new TypeError('no platform in this test');
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves the verifier in the language a game page linked it with (?lang=TY), English otherwise', async () => {
    const page = async (query: string) => (await app.inject({ method: 'GET', url: `/studio/fair${query}` })).body;
    const boot = (html: string) =>
      JSON.parse(/<script type="application\/json" id="boot">(.*)<\/script>/.exec(html)?.[1] ?? 'null');
    const ty = await page('?lang=TY');
    expect(ty).toContain('<html lang="fil">');
    expect(ty).toContain('<title>Tagasuri ng patas na laro · Gamehall Studio</title>');
    expect(boot(ty)).toEqual({ language: 'TY' });
    const en = await page('');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<title>Provably fair verifier · Gamehall Studio</title>');
    expect(boot(en)).toEqual({ language: 'EN' });
    // Anything else is English, never echoed into the page.
    const odd = await page('?lang=%22%3E%3Cscript%3E&lang=TY');
    expect(boot(odd)).toEqual({ language: 'EN' });
    expect(odd).not.toContain('<script>');
  });

  it('plays, rotates and verifies a trial round without touching the wallet', async () => {
    const token = 'trial-token-0123456789abcdef';
    const page = await app.inject({
      method: 'GET',
      url: `/studio/play?token=${token}&game=PVP-004&vendor=WS&mode=trial`,
    });
    expect(page.statusCode).toBe(200);
    const headers = { 'x-game-token': token };
    const played = await app.inject({
      method: 'POST',
      url: '/studio/api/round',
      headers,
      payload: { bet: { amount: 600 } },
    });
    expect(played.statusCode, played.body).toBe(200);
    const round = played.json().round;
    expect(round.stake).toBe(600);
    const rotated = (await app.inject({ method: 'POST', url: '/studio/api/seed/rotate', headers })).json();
    expect(rotated.revealed.serverSeedHash).toBe(round.serverSeedHash);
    const verified = await app.inject({
      method: 'POST',
      url: '/studio/api/verify',
      payload: {
        serverSeed: rotated.revealed.serverSeed,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        gameCode: 'PVP-004',
        vendor: 'WS',
        bet: round.bet,
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().steps).toEqual(round.steps);
    expect(verified.json().win).toBe(round.win);
    expect(walletCalls).toEqual([]);
  });

  it("describes a slot's free-spin limit as its engine applies it", async () => {
    const token = 'trial-token-slot-free-spin-cap';
    await app.inject({ method: 'GET', url: `/studio/play?token=${token}&game=SLOT-007&vendor=PG&mode=trial` });
    const session = (
      await app.inject({ method: 'GET', url: '/studio/api/session', headers: { 'x-game-token': token } })
    ).json();
    expect(session.engine).toBe('slot');
    expect(session.game.freeSpinCap).toBe(slotEngineFor('SLOT-007').config.freeSpinCap);
    expect(session.game.freeSpinCap).toBeGreaterThan(0);
  });

  it('refuses an instant round of a LIVE code (played only at its table) and takes nothing', async () => {
    for (const game of ['LIVE-001', 'LIVE-005']) {
      const token = `trial-token-live-only-${game}`;
      const page = await app.inject({
        method: 'GET',
        url: `/studio/play?token=${token}&game=${game}&vendor=AG&mode=trial`,
      });
      expect(page.statusCode).toBe(200);
      const headers = { 'x-game-token': token };
      const session = (await app.inject({ method: 'GET', url: '/studio/api/session', headers })).json();
      const res = await app.inject({
        method: 'POST',
        url: '/studio/api/round',
        headers,
        payload: { bet: session.defaultBet },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('STUDIO_LIVE_TABLE_ONLY');
      const after = (await app.inject({ method: 'GET', url: '/studio/api/session', headers })).json();
      expect(after.balance).toBe(session.balance);
      const db = runtime?.db;
      if (!db) throw new Error('no runtime');
      const rounds = await db.selectFrom('studio_rounds').select('id').where('game_code', '=', game).execute();
      expect(rounds).toHaveLength(0);
    }
  });

  it('refuses a real launch it cannot check, and unknown games', async () => {
    const real = await app.inject({
      method: 'GET',
      url: '/studio/play?token=real-token-0123456789abcdef&game=SLOT-00001&vendor=PT&mode=real',
    });
    expect(real.statusCode).toBe(503);
    const unknown = await app.inject({
      method: 'GET',
      url: '/studio/play?token=trial-token-0123456789abcdeX&game=POKER-1&vendor=PT&mode=trial',
    });
    expect(unknown.statusCode).toBe(404);
    const noSession = await app.inject({ method: 'POST', url: '/studio/api/round', payload: { bet: {} } });
    expect(noSession.json().error.code).toBe('STUDIO_SESSION_REQUIRED');
  });

  it('words a failed launch in the launch language (Filipino for TY, Thai for TH), the code unchanged', async () => {
    const play = (query: string) => app.inject({ method: 'GET', url: `/studio/play?${query}` });
    const unknownGame = 'token=trial-token-unknown-game-ty0&game=POKER-1&vendor=PT&mode=trial&lobby=%2Frng';
    const ty = await play(`${unknownGame}&lang=TY`);
    expect(ty.statusCode).toBe(404);
    expect(ty.body).toContain('<html lang="fil">');
    expect(ty.body).toContain('<h1>Hindi mabuksan ang laro</h1>');
    expect(ty.body).toContain('Hindi inihahain ng house studio ang larong ito');
    expect(ty.body).toContain('>Bumalik sa lobby</a>');
    expect(ty.body).not.toMatch(/Cannot open|not served|Back to lobby/);
    const en = await play(`${unknownGame}&lang=EN`);
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Cannot open the game</h1>');
    expect(en.body).toContain('This game is not served by the house studio');
    expect(en.body).toContain('>Back to lobby</a>');
    const th = await play(`${unknownGame}&lang=TH`);
    expect(th.statusCode).toBe(404);
    expect(th.body).toContain('<html lang="th">');
    expect(th.body).toContain(`<h1>${errorWords('TH').launch.cannotOpen}</h1>`);
    expect(th.body).toContain(errorWords('TH').codes.STUDIO_UNKNOWN_GAME);
    expect(th.body).not.toMatch(/Cannot open|not served|Back to lobby/);
    // A real launch the wallet does not answer, and a link that fails its checks.
    const real = await play('token=real-token-ty-0123456789abc&game=SLOT-00001&vendor=PT&mode=real&lang=TY');
    expect(real.statusCode).toBe(503);
    expect(real.body).toContain('Hindi sumagot ang wallet, pakisubukan ulit');
    const badLink = await play('game=SLOT-00001&vendor=PT&lang=TY');
    expect(badLink.statusCode).toBe(400);
    expect(badLink.body).toContain('Hindi tama ang link ng larong ito. Pakibuksan muli ang laro mula sa lobby.');
    expect(badLink.body).toContain('<html lang="fil">');
  });

  it('never echoes a hostile launch language and answers it in English', async () => {
    for (const lang of ['%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'XSSPROBE', 'TY%00', 'fil-TYPROBE']) {
      const res = await app.inject({
        method: 'GET',
        url: `/studio/play?token=trial-token-hostile-lang-00&game=POKER-1&vendor=PT&mode=trial&lang=${lang}`,
      });
      expect(res.statusCode, lang).toBeGreaterThanOrEqual(400);
      expect(res.body, lang).toContain('<html lang="en">');
      expect(res.body, lang).toContain('<h1>Cannot open the game</h1>');
      expect(res.body, lang).not.toMatch(/<script>alert|XSSPROBE|TYPROBE|Hindi/);
    }
  });

  it("words the API's refusals in the session's language; the codes stay the same", async () => {
    const token = 'trial-token-filipino-errors-01';
    await app.inject({ method: 'GET', url: `/studio/play?token=${token}&game=PVP-004&vendor=WS&mode=trial&lang=TY` });
    const headers = { 'x-game-token': token };
    const badBet = await app.inject({
      method: 'POST',
      url: '/studio/api/round',
      headers,
      payload: { bet: { amount: -5 } },
    });
    expect(badBet.statusCode).toBe(400);
    expect(badBet.json().error.code).toBe('STUDIO_BAD_BET');
    expect(badBet.json().error.message).toBe('Hindi tanggap ang taya: tingnan ang halaga at ang mga pinili mo');
    // The engine's reason stays in the detail, for scripts and support.
    expect(typeof badBet.json().error.detail).toBe('string');
    const badQuery = await app.inject({ method: 'GET', url: '/studio/api/history?limit=0', headers });
    expect(badQuery.json().error).toMatchObject({ code: 'STUDIO_BAD_REQUEST', message: 'Hindi tama ang limit' });
    // The session's language wins over what a request says it is.
    const english = 'trial-token-english-errors-01';
    await app.inject({ method: 'GET', url: `/studio/play?token=${english}&game=PVP-004&vendor=WS&mode=trial` });
    const enBet = await app.inject({
      method: 'POST',
      url: '/studio/api/round',
      headers: { 'x-game-token': english, 'x-game-lang': 'TY' },
      payload: { bet: { amount: -5 } },
    });
    expect(enBet.json().error.code).toBe('STUDIO_BAD_BET');
    expect(enBet.json().error.message).toMatch(/^The bet is not valid: /);
  });

  it("words refusals before the session is known in the page's language, English for anything else", async () => {
    const call = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/studio/api/round', headers, payload: { bet: {} } });
    const ty = (await call({ 'x-game-lang': 'TY' })).json().error;
    expect(ty).toEqual({
      code: 'STUDIO_SESSION_REQUIRED',
      message: 'Walang session ng laro: buksan muli ang laro mula sa lobby',
      detail: null,
    });
    const expired = (await call({ 'x-game-lang': 'ty', 'x-game-token': 'no-such-token-0123456789' })).json().error;
    expect(expired.code).toBe('STUDIO_SESSION_INVALID');
    expect(expired.message).toBe('Hindi tama o nag-expire na ang session ng laro: buksan muli ang laro mula sa lobby');
    for (const hostile of ['<img src=x onerror=alert(1)>', 'TYX', 'fil']) {
      const error = (await call({ 'x-game-lang': hostile })).json().error;
      expect(error.code, hostile).toBe('STUDIO_SESSION_REQUIRED');
      expect(error.message, hostile).toBe('The game session is missing: reopen the game from the lobby');
      expect(JSON.stringify(error), hostile).not.toContain(hostile);
    }
    const notFound = await app.inject({
      method: 'GET',
      url: '/studio/api/nothing-here',
      headers: { 'x-game-lang': 'TY' },
    });
    expect(notFound.json().error).toMatchObject({ code: 'STUDIO_NOT_FOUND', message: 'Hindi nahanap' });
  });

  it('gives a trial stake back when a trial round was left mid-bet, without the wallet', async () => {
    const token = 'trial-token-left-mid-bet-000';
    const callsBefore = walletCalls.length;
    await app.inject({ method: 'GET', url: `/studio/play?token=${token}&game=PVP-004&vendor=WS&mode=trial` });
    const headers = { 'x-game-token': token };
    const before = (await app.inject({ method: 'GET', url: '/studio/api/session', headers })).json().balance;
    const played = (
      await app.inject({ method: 'POST', url: '/studio/api/round', headers, payload: { bet: { amount: 700 } } })
    ).json();
    const db = runtime?.db;
    if (!db) throw new Error('no runtime');
    // As if the process stopped after the debit, before the round was played and settled.
    await db
      .updateTable('studio_rounds')
      .set({ status: 'betting', next_attempt_at: new Date(0) })
      .where('round_id', '=', played.round.roundId)
      .execute();
    await db
      .updateTable('studio_sessions')
      .set({ demo_balance: before - 700 })
      .where(
        'id',
        '=',
        (
          await db
            .selectFrom('studio_rounds')
            .select('session_id')
            .where('round_id', '=', played.round.roundId)
            .executeTakeFirstOrThrow()
        ).session_id,
      )
      .execute();
    const pass = await runtime?.recover();
    expect(pass?.rollbacksDelivered).toBe(1);
    const after = (await app.inject({ method: 'GET', url: '/studio/api/session', headers })).json().balance;
    expect(after).toBe(before);
    expect(walletCalls.length).toBe(callsBefore);
  });
});
