import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { type StudioOptions, type StudioRuntime, studioPlugin } from './plugin';
import { newestCrashRoundRow } from './studio.queries';

// The setup shared by the studio's own tests of its shared-round games (crash, live tables): the
// studio running alone as `npm run start:studio` does (its own WebSocket upgrade), on an in-memory
// database, with no platform behind it (trial play only; its wallet address refuses connections).

/** A WebSocket client (the `ws` package ships without types: the slice the tests use). */
export type WsClient = {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'open' | 'error' | 'close', fn: (...args: unknown[]) => void): void;
  close(): void;
};
export const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };

export type StandaloneStudio = { app: FastifyInstance; runtime: StudioRuntime; base: string };

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL (the suite's PostgreSQL run),
 * dropped by `drop`; without TEST_DATABASE_URL, no URL (the studio's in-memory database) and nothing
 * to drop.
 */
export async function throwawayDatabase(prefix: string): Promise<{ url?: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { drop: async () => {} };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The Fastify app a test registers the studio on. The studio's first start in a process migrates a
 * database image (seconds; far more on a machine busy with other suites), past Fastify's 10 s
 * default for a plugin to start, which is no failure of what a test checks.
 */
export const studioTestApp = () => Fastify({ pluginTimeout: 120_000 });

/** The studio alone under /studio, listening on loopback; `options` as the studio plugin's. */
export async function startStudioAlone(
  options: Partial<Omit<StudioOptions, 'platformUrl' | 'houseSecret' | 'dataDir'>>,
): Promise<StandaloneStudio> {
  const app = studioTestApp();
  let runtime: StudioRuntime | undefined;
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://127.0.0.1:9',
    houseSecret: 'x'.repeat(40),
    dataDir: '',
    retryIntervalMs: 0,
    ...options,
    onStart: (r) => {
      runtime = r;
      options.onStart?.(r);
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  if (!runtime) throw new Error('the studio did not start');
  return { app, runtime, base };
}

/** Opens a trial session of a game (the launch page); answers its game token. */
export async function openTrial(app: FastifyInstance, gameCode: string, vendor = 'PT', lang = 'EN'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const page = await app.inject({
    method: 'GET',
    url: `/studio/play?token=${token}&game=${gameCode}&vendor=${vendor}&mode=trial&lang=${lang}`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return token;
}

/** A call of the studio's game API with a game token. */
export function gameApi(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/studio${url}`,
    headers: { 'x-game-token': token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The socket's first message, parsed (fails after 5 s without one, or on a socket error). */
export function firstMessage<T>(ws: WsClient): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message')), 5000);
    ws.on('error', (err) => reject(err as Error));
    ws.on('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)) as T);
    });
  });
}

/** The newest crash round (the tests drive the crash loop on their own clock). */
export function newestCrashRound(runtime: StudioRuntime) {
  return newestCrashRoundRow(runtime.db);
}

/**
 * When a crash round's current phase is over, in ms: its betting closes, it crashes, or the pause
 * after its crash ends. A test moves its clock there and ticks the loop to see the next phase.
 */
export function crashPhaseEnd(
  round: { phase: string; betting_ends_at: Date; crash_at: Date | null; crashed_at: Date | null },
  pauseMs: number,
): number {
  if (round.phase === 'betting') return new Date(round.betting_ends_at).getTime();
  if (round.phase === 'running') return new Date(round.crash_at ?? 0).getTime();
  return new Date(round.crashed_at ?? 0).getTime() + pauseMs;
}
