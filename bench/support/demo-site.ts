import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../apps/server/src/test/server-process';
import { ensureBuild, ensureServerBuild, serverEntry } from '../../scripts/builds.mjs';

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
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await startServerProcess(
    { DATA_DIR: dataDir, DEMO: '1' },
    { name: 'demo site', entry: serverEntry, port, timeoutMs: 180_000 },
  ).catch((error: unknown) => {
    removeData();
    throw error;
  });
  // The demo's first start plays its past evening in the background: let it finish first.
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  return {
    url: server.url,
    pid: server.child.pid ?? 0,
    stop: async () => {
      await server.stop();
      removeData();
    },
  };
}
