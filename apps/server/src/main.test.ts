import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process';

// The real entry point as an operator runs it: migrate, seed, listen, and a clean exit on SIGTERM.
// Runs on the embedded database only (the PostgreSQL run covers the same code through the harness).
const runOnPglite = !process.env.TEST_DATABASE_URL;

describe.runIf(runOnPglite)('server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, CATALOGUE_SLOTS: '300', DEMO: '1' };

  it('starts on a fresh data dir, exits 0 on SIGTERM, and starts again on the same data', async () => {
    const first = await startServerProcess(env, { name: 'first start', timeoutMs: 60_000 });
    const status = await fetch(`${first.url}/wps/system/status`);
    expect(status.status, first.output()).toBe(200);
    expect(await first.kill('SIGTERM'), first.output()).toBe(0);

    const second = await startServerProcess(env, { name: 'second start', timeoutMs: 60_000 });
    // The embedded database persisted: the demo content seeded by the first start (agent01's
    // affiliate code) is still there, and the catalogue still answers.
    const affiliate = await fetch(`${second.url}/wps/agent/affiliate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'AGENT01' }),
    });
    expect(affiliate.status, second.output()).toBe(200);
    const menus = await fetch(`${second.url}/lgw/games/game_menus`);
    expect(menus.status).toBe(200);
    expect(await second.kill('SIGTERM'), second.output()).toBe(0);
  }, 150_000);
});
