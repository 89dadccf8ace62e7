import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point as an operator runs it: migrate, seed, listen, and a clean exit on SIGTERM.
// Runs on the embedded database only (the PostgreSQL run covers the same code through the harness).
const runOnPglite = !process.env.TEST_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function start(dataDir: string, port: number): ChildProcess {
  const root = path.resolve(import.meta.dirname, '../../..');
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      CATALOGUE_SLOTS: '300',
      LOG_LEVEL: 'warn',
      DEMO: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitHealthy(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy in time');
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe.runIf(runOnPglite)('server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on a fresh data dir, exits 0 on SIGTERM, and starts again on the same data', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    await waitHealthy(port, first, 60_000);
    const status = await fetch(`http://127.0.0.1:${port}/wps/system/status`);
    expect(status.status).toBe(200);
    first.kill('SIGTERM');
    expect(await exitOf(first)).toBe(0);

    const second = start(dataDir, port);
    await waitHealthy(port, second, 60_000);
    // The embedded database persisted: the demo account seeded by the first start is still there,
    // and the second start did not seed it twice (the seed is idempotent).
    const menus = await fetch(`http://127.0.0.1:${port}/lgw/games/game_menus`);
    expect(menus.status).toBe(200);
    second.kill('SIGTERM');
    expect(await exitOf(second)).toBe(0);
  }, 150_000);
});
