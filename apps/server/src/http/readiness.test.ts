// postgres: /readyz follows a stopped cluster down and back up by itself
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { testConfig } from '../config';
import { createTestApp } from '../test/harness';
import { freePort } from '../test/server-process';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cluster = path.join(repoRoot, 'scripts', 'pg-cluster.sh');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}, 60_000);

/** Asks `url` until `done` accepts the answer; a condition waited for, never a fixed pause. */
async function until(
  ask: () => Promise<{ statusCode: number; json: () => unknown }>,
  done: (status: number) => boolean,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await ask();
    if (done(res.statusCode)) return res;
    if (Date.now() > deadline) throw new Error(`still ${res.statusCode} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /readyz', { tags: ['postgres'] }, () => {
  it('answers 200 while the database answers and 503 once it cannot be reached; /healthz stays 200', async () => {
    const t = await createTestApp();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await t.close();
      else await t.app.close();
    });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    // The database goes away under the running server (PGlite closed; on PostgreSQL, its pool).
    await t.ctx.database.close();
    closed = true;
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'unavailable', down: ['database'] }]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 300_000);
});

/** pg_ctl on the test cluster, as its owner (postgres when we are root, as pg-cluster.sh runs it). */
async function pgCtl(dir: string, action: 'stop' | 'start') {
  const { stdout } = await run('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1']);
  const bin = stdout.trim();
  const args =
    action === 'stop'
      ? [`${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', '-w', '-t', '30', '-s', 'stop']
      : [`${bin}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/server.log`, '-w', '-t', '30', '-s', 'start'];
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', ...args], { cwd: dir });
  else await run(args[0] as string, args.slice(1), { cwd: dir });
}

describe.skipIf(!onPostgres)('GET /readyz on PostgreSQL', { tags: ['postgres'] }, () => {
  it('answers 503 while the cluster is stopped and 200 again by itself once it is back', async () => {
    // A cluster of its own (scripts/pg-cluster.sh) on a free port, so stopping it disturbs no other test.
    const dir = mkdtempSync('/tmp/gamehall-readyz-');
    const { stdout } = await run('bash', [cluster, 'start', dir, String(await freePort())]);
    cleanups.push(() => run('bash', [cluster, 'stop', dir]));
    const adminUrl = stdout.trim().split('\n').pop() as string;
    const databaseUrl = adminUrl.replace(/\/postgres$/, '/gamehall');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE gamehall');
    await admin.end();
    const ctx = await bootstrap(testConfig({ databaseUrl, dataDir: dir, catalogueSlots: 20 }));
    const app = await buildApp(ctx);
    cleanups.push(async () => {
      await app.close();
      await ctx.database.close();
    });
    const ask = () => app.inject({ method: 'GET', url: '/readyz' });
    expect((await ask()).statusCode).toBe(200);

    await pgCtl(dir, 'stop');
    const down = await until(ask, (s) => s === 503);
    expect(down.json()).toEqual({ status: 'unavailable', down: ['database'] });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await pgCtl(dir, 'start');
    const back = await until(ask, (s) => s === 200);
    expect(back.json()).toEqual({ status: 'ready' });
  }, 300_000);
});
