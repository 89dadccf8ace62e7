import { LaunchGameValue } from '@gamehall/shared/api/games';
import { expect } from 'vitest';
import { loopbackUrl, type StudioOptions, type StudioRuntime, studioPlugin } from '../../../studio/src/plugin';
import { issueSession } from '../modules/accounts/sessions.service';
import { balanceOf } from '../modules/ledger/ledger.service';
import { createMember } from './factories';
import { createTestApp, type TestApp } from './harness';
import { fund } from './vendor-wallet-fixture';

// The setup shared by the studio-*.test.ts files: the house studio mounted in the platform as
// `npm start` does (on PostgreSQL, TEST_DATABASE_URL, its studio_ tables in the test's database, as
// in production), listening on loopback so the studio reaches the real signed vendor wallet API over
// HTTP; fault injection on its wallet calls; funded members who launch a game from the lobby.

export { firstMessage, WebSocket, type WsClient } from '../../../studio/src/standalone-fixture';

export type MountedStudio = {
  t: TestApp;
  studio: StudioRuntime;
  /** The platform's loopback address (http://127.0.0.1:<port>). */
  base: string;
  /** The kinds of the studio's wallet calls so far (bet, win, rollback, balance, ...). */
  calls: string[];
  /** Wallet calls of these kinds reach the platform, but their answers are "lost". */
  dropAnswers: Set<string>;
  /** Runs once while the platform answers a call of that kind (before the studio reads the answer). */
  whileAnswering: Map<string, () => Promise<void>>;
  close: () => Promise<void>;
};

/** The studio mounted under /studio of a fresh test platform; `options` as the studio plugin's. */
export async function mountStudio(
  options: Partial<Omit<StudioOptions, 'platformUrl' | 'houseSecret' | 'databaseUrl' | 'dataDir' | 'fetch'>>,
): Promise<MountedStudio> {
  const calls: string[] = [];
  const dropAnswers = new Set<string>();
  const whileAnswering = new Map<string, () => Promise<void>>();
  const realFetch = globalThis.fetch;
  const studioFetch: typeof fetch = async (input, init) => {
    const kind = String(input).split('/').pop() ?? '';
    calls.push(kind);
    const response = await realFetch(input, init);
    const hook = whileAnswering.get(kind);
    if (hook) {
      whileAnswering.delete(kind);
      await hook();
    }
    if (dropAnswers.has(kind)) {
      await response.arrayBuffer();
      throw new TypeError('fetch failed: socket hang up (test)');
    }
    return response;
  };
  let studio: StudioRuntime | undefined;
  const t = await createTestApp(
    {},
    {
      // The studio migrates its own tables as it starts: on a busy machine (a test run beside
      // others) that took longer than Fastify's 10 s, as the studio's own harnesses allow for.
      pluginTimeout: 120_000,
      mount: (app, ctx) =>
        app.register(studioPlugin, {
          prefix: '/studio',
          platformUrl: () => loopbackUrl(app.server.address()),
          houseSecret: ctx.config.studioSecret,
          databaseUrl: ctx.config.databaseUrl,
          dataDir: '',
          retryIntervalMs: 0,
          ...options,
          fetch: studioFetch,
          onStart: (runtime) => {
            studio = runtime;
            options.onStart?.(runtime);
          },
        }),
    },
  );
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (!studio) throw new Error('the studio did not start');
  return { t, studio, base, calls, dropAnswers, whileAnswering, close: () => t.close() };
}

/**
 * A new member (`member`: as createMember's input), funded with `amount` (none when 0), who launched
 * the catalogue game `nodeId` from the lobby and opened the studio page it pointed at: their game
 * token, the page's HTML and their member session (`auth`).
 */
export async function launchAs(
  t: TestApp,
  nodeId: number,
  amount: number,
  backUrl: string,
  member: Parameters<typeof createMember>[1] = {},
): Promise<{ memberId: number; token: string; page: string; auth: string }> {
  const m = await createMember(t.ctx, member);
  if (amount > 0) await fund(t, m.id, amount);
  const auth = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization: auth },
    payload: { nodeId, language: 'en', backUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(LaunchGameValue.parse(res.json().value).url, 'http://site.test');
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode, page.body).toBe(200);
  return { memberId: m.id, token: url.searchParams.get('token') ?? '', page: page.body, auth };
}

/** A call of the studio's game API with the game token (none when empty). */
export function studioApi(t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/studio${url}`,
    headers: token ? { 'x-game-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The member's PHP balance on the platform. */
export async function platformBalance(t: TestApp, memberId: number): Promise<number> {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}
