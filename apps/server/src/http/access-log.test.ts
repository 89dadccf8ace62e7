import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { loadConfig, testConfig } from '../config';
import type { AppContext } from '../context';
import type { App } from './app-type';

// The access log keeps every error and a sample of the successes (http/access-log.ts).

type Line = { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };

let ctx: AppContext;
const apps: App[] = [];

// Routes that answer what the platform's own routes rarely do on demand: a crash and a rate limit.
async function appWith(sample: number, lines: string[]): Promise<App> {
  const app = await buildApp(
    { ...ctx, config: { ...ctx.config, accessLogSample: sample } },
    {
      logStream: { write: (line) => lines.push(line) },
      mount: (scope) => {
        scope.get('/test/boom', { config: { auth: 'public' } }, async () => {
          throw new Error('boom');
        });
        scope.get('/test/limited', { config: { auth: 'public' } }, async (_req, reply) =>
          reply.status(429).send({ success: false, code: 'RATE_LIMITED', message: 'slow down' }),
        );
      },
    },
  );
  apps.push(app);
  return app;
}

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);
const accessLines = (lines: string[]) => parsed(lines).filter((l) => l.res !== undefined && l.req !== undefined);

beforeAll(async () => {
  ctx = await bootstrap(testConfig({ logLevel: 'info' }));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx.database.close();
});

describe('the access log', () => {
  it('with a sample of 0 logs no success, but every 5xx and 4xx (redacted) and no 429', async () => {
    const lines: string[] = [];
    const app = await appWith(0, lines);
    for (let i = 0; i < 20; i++) expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/test/boom?token=crashSecret1' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/wps/member/info?token=refusedSecret2' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/test/limited' })).statusCode).toBe(429);

    const access = accessLines(lines);
    expect(access.map((l) => [l.req?.url, l.res?.statusCode, l.level])).toEqual([
      ['/test/boom?token=[redacted]', 500, 50],
      ['/wps/member/info?token=[redacted]', 401, 30],
    ]);
    // One line per request: Fastify's "incoming request" line is gone.
    expect(parsed(lines).some((l) => l.msg === 'incoming request')).toBe(false);
    const log = lines.join('');
    expect(log).not.toContain('crashSecret1');
    expect(log).not.toContain('refusedSecret2');
  });

  it('with a sample of 1 logs every request once, with its fields', async () => {
    const lines: string[] = [];
    const app = await appWith(1, lines);
    for (let i = 0; i < 5; i++) await app.inject({ url: '/healthz' });
    await app.inject({ url: '/test/limited' });
    const access = accessLines(lines);
    expect(access.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ...Array.from({ length: 5 }, () => ['GET', '/healthz', 200]),
      ['GET', '/test/limited', 429],
    ]);
    expect(parsed(lines).every((l) => l.msg !== 'incoming request')).toBe(true);
  });

  it('with a sample in between logs a share of the successes', async () => {
    const lines: string[] = [];
    const app = await appWith(0.5, lines);
    for (let i = 0; i < 200; i++) await app.inject({ url: '/healthz' });
    const logged = accessLines(lines).length;
    // Binomial(200, 0.5): outside 40..160 has a probability far below 1e-15.
    expect(logged).toBeGreaterThan(40);
    expect(logged).toBeLessThan(160);
  });
});

describe('ACCESS_LOG_SAMPLE', () => {
  it('defaults to 1 in 100 and refuses a share outside 0..1', () => {
    const base = {
      SESSION_SECRET: 'x'.repeat(32),
      STUDIO_SECRET: 'y'.repeat(32),
      DATA_DIR: '/tmp/gamehall-access-log',
    };
    expect(loadConfig(base).accessLogSample).toBe(0.01);
    expect(loadConfig({ ...base, ACCESS_LOG_SAMPLE: '0.25' }).accessLogSample).toBe(0.25);
    expect(() => loadConfig({ ...base, ACCESS_LOG_SAMPLE: '2' })).toThrow(/ACCESS_LOG_SAMPLE/);
  });
});
