import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './ui';

// The page tells the server its launch language, so refusals that come before the session is known
// (a missing or expired token) are worded in it too (plugin.ts LANGUAGE_HEADER).
describe('a call of the studio API', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answering = (status: number, body: unknown) => {
    const seen: Record<string, string>[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      return new Response(JSON.stringify(body), { status });
    });
    return seen;
  };

  it("sends the page's language, only a platform language's code, and shows the server's message as it comes", async () => {
    const message = 'Walang session ng laro: buksan muli ang laro mula sa lobby';
    const seen = answering(401, { error: { code: 'STUDIO_SESSION_REQUIRED', message } });
    const refused = await request('/api/session', {}, 'TY').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(message);
    expect((refused as ApiError).code).toBe('STUDIO_SESSION_REQUIRED');
    await request('/api/session', { token: 't' }, '"><b>').catch(() => undefined);
    await request('/api/session', {}, 'EN').catch(() => undefined);
    await request('/api/session', {}, 'th').catch(() => undefined);
    expect(seen.map((h) => h['x-game-lang'])).toEqual(['TY', 'EN', 'EN', 'TH']);
    expect(seen[1]?.['x-game-token']).toBe('t');
  });
});
