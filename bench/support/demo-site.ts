import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, ensureServerBuild, serverEntry } from '../../scripts/builds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The built server (`npm start`'s apps/server/dist/main.js and the player site, built first when
 * stale) in demo mode on a throwaway data directory, as an operator's first visitors meet it; once
 * /healthz answers, 30 s more for the demo's first evening to finish.
 */
export async function startDemoSite(
  port: number,
  prefix: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  if (!ensureBuild('web')) throw new Error('the player site did not build');
  if (!(await ensureServerBuild())) throw new Error('the server did not build');
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with status ${child.exitCode}`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      // The demo's first start plays its past evening in the background: let it finish first.
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      return { url, pid: child.pid ?? 0, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the server did not answer /healthz within 180 s');
}
