import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioPlugin } from '../plugin';
import { studioTestApp } from '../standalone-fixture';
import { safeLobbyPath } from './lobby-url';

// The lobby link ("Back to lobby" on the error page, "← Lobby" in the game) takes only a path on
// this same site: the launch URL is written by whoever sends the link.

const HOSTILE = [
  'https://evil.example',
  'http://evil.example/rng',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '/\n/evil.example',
  ' /rng',
  'javascript:alert(1)',
  'rng',
  '/%E0%A4%A',
];

describe('safeLobbyPath', () => {
  it('keeps same-site paths and drops everything else', () => {
    for (const ok of ['/', '/rng', '/rng?tab=hot#top', '/games/slots/%E4%BD%A0']) expect(safeLobbyPath(ok)).toBe(ok);
    for (const bad of HOSTILE) expect(safeLobbyPath(bad), JSON.stringify(bad)).toBeNull();
    expect(safeLobbyPath(undefined)).toBeNull();
    expect(safeLobbyPath(`/${'a'.repeat(600)}`)).toBeNull();
  });
});

describe('studio pages', () => {
  const app = studioTestApp();
  beforeAll(async () => {
    await app.register(studioPlugin, {
      prefix: '/studio',
      platformUrl: 'http://platform.invalid',
      houseSecret: 'z'.repeat(40),
      dataDir: '',
      retryIntervalMs: 0,
      // The wallet refuses every launch token at once: a platform that cannot be reached would be
      // asked again after a pause on every launch, and this test is about the link, not the wallet.
      fetch: async () =>
        new Response(JSON.stringify({ status: 'ERROR_INVALID_TOKEN', balance: 0, currency: 'PHP', requestId: 'r' }), {
          status: 200,
        }),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const errorPage = (lobby: string) =>
    app.inject({
      method: 'GET',
      url: `/studio/play?token=real-token-0123456789abcdef&game=SLOT-1&vendor=NOPE&mode=real&lobby=${lobby}`,
    });

  it('links the error page back only to a same-site lobby', async () => {
    const ok = await errorPage(encodeURIComponent('/rng'));
    expect(ok.statusCode).toBeGreaterThanOrEqual(400);
    expect(ok.body).toContain('Back to lobby');
    expect(ok.body).toContain('href="/rng"');
    for (const lobby of HOSTILE) {
      const res = await errorPage(encodeURIComponent(lobby));
      expect(res.body, lobby).toContain('Cannot open the game');
      expect(res.body, lobby).not.toContain('Back to lobby');
      expect(res.body).not.toContain('evil.example');
    }
    // Encoded once more by hand, as an attacker would write the link.
    for (const raw of ['/%09/evil.example', '/%5Cevil.example', '//evil.example', 'https:%2F%2Fevil.example'])
      expect((await errorPage(raw)).body, raw).not.toContain('Back to lobby');
  });

  it('gives the game no lobby link from a hostile launch URL, and a same-site one as it came', async () => {
    const lobbyOf = async (lobby: string, n: number) => {
      const token = `trial-token-lobby-${n}-0123456789`;
      const page = await app.inject({
        method: 'GET',
        url: `/studio/play?token=${token}&game=PVP-004&vendor=WS&mode=trial&lobby=${encodeURIComponent(lobby)}`,
      });
      expect(page.statusCode).toBe(200);
      const session = await app.inject({
        method: 'GET',
        url: '/studio/api/session',
        headers: { 'x-game-token': token },
      });
      expect(session.statusCode).toBe(200);
      return session.json().lobbyUrl as string | null;
    };
    expect(await lobbyOf('/rng', 0)).toBe('/rng');
    let n = 1;
    for (const lobby of HOSTILE) expect(await lobbyOf(lobby, n++), lobby).toBeNull();
  });
});
