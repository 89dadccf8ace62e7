// What an idle node costs: the built server (`npm start`'s bundle, rebuilt first when stale) on a
// fresh data directory, nobody connected, its own CPU and PostgreSQL's read from /proc in windows
// after a settling time. The aim: an idle node under 20 ms of CPU a second. What an idle
// node still does is its loops' polls for work (the studio's outbox and live tables, the jobs) and
// the house sportsbook's simulated matches, which play whether anyone watches or not.
//
//   node --import tsx bench/idle.ts     DATABASE_URL=<throwaway cluster> (PGlite without it)
//                                       DEMO=1 SETTLE=40 WINDOWS=3 SECONDS=20 PORT=3916
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { processTable } from '../e2e/support/cpu';
import { ensureServerBuild, serverEntry } from '../scripts/builds.mjs';

const DATABASE_URL = process.env.DATABASE_URL;
const DEMO = process.env.DEMO === '1';
const SETTLE_S = Number(process.env.SETTLE ?? 40);
const WINDOWS = Number(process.env.WINDOWS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 20);
const PORT = Number(process.env.PORT ?? 3916);

/**
 * CPU seconds of the server process and of every PostgreSQL process, each with the children it has
 * reaped (the postmaster reaps the backends that ended).
 */
function cpu(server: number): { node: number; postgres: number } {
  let postgres = 0;
  let node = 0;
  for (const [pid, t] of processTable()) {
    if (pid === server) node = t.own + t.reaped;
    else {
      try {
        // The postmaster by its binary, the backends and workers by the titles they set.
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
        if (command.startsWith('postgres') || path.basename(command) === 'postgres') postgres += t.own + t.reaped;
      } catch {
        // ended meanwhile
      }
    }
  }
  return { node, postgres };
}

async function main() {
  if (!(await ensureServerBuild())) throw new Error('the server did not build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-idle-'));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, ...(DEMO ? { DEMO: '1' } : {}), ...(DATABASE_URL ? { DATABASE_URL } : {}) },
    { name: 'idle node', entry: serverEntry, port: PORT, timeoutMs: 180_000 },
  );
  try {
    const pid = server.child.pid ?? 0;
    console.log(
      `idle node on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${DEMO ? ', demo' : ''}: ${SETTLE_S} s to settle, then ${WINDOWS} windows of ${SECONDS} s (ms of CPU a second)`,
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    for (let i = 0; i < WINDOWS; i++) {
      const before = cpu(pid);
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      const after = cpu(pid);
      const per = (seconds: number) => ((seconds * 1000) / ((performance.now() - t0) / 1000)).toFixed(1);
      const pg = DATABASE_URL ? `, PostgreSQL ${per(after.postgres - before.postgres)}` : '';
      console.log(`  window ${i + 1}: node ${per(after.node - before.node)}${pg}`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
