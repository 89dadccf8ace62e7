// Start-up budgets: `npm start` on a fresh DATA_DIR (its databases unpacked from
// the build's start images, then the seed of the full catalogue) answers /healthz within 15 s; a
// later start on the same DATA_DIR within 3 s. Beside each wall time it prints the server's own
// figure ("Gamehall ready ... in N ms", measured by main.ts from its first line, once the code has
// loaded) and the difference: what comes before it (npm, the staleness checks of the builds,
// spawning, loading the bundle). Each start begins only once the previous one's whole process group
// has exited, so a warm start never finds the old server still answering.
//
//   node --import tsx bench/startup.ts            (PORT 3901 unless PORT is set; RUNS=3 for more)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3901);
const runs = Number(process.env.RUNS ?? 1);
const budgets = { fresh: 15_000, warm: 3_000 };
/** Aim for the warm start: at most this much more than the server's own in-process figure. */
const overheadAim = 500;

async function healthy(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    return res.ok;
  } catch {
    return false;
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM to the whole group we started (npm, scripts/start.ts, the server and any workers), then
 * waits until every process in it has exited: npm can exit before the server has closed.
 */
async function stop(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
  const deadline = performance.now() + 30_000;
  while (groupAlive(pid)) {
    if (performance.now() > deadline) {
      process.kill(-pid, 'SIGKILL');
      throw new Error('the server did not exit within 30 s of SIGTERM');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Start = { wall: number; server: number | undefined };

async function timeStart(dataDir: string): Promise<Start> {
  if (await healthy()) throw new Error(`something already answers on port ${port}`);
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    // Info level for the ready line; the requests' own log lines are read and dropped.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let server: number | undefined;
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const ready = /Gamehall ready at .* in (\d+) ms/.exec(line);
      if (ready) server = Number(ready[1]);
    }
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    while (!(await healthy())) {
      if (exited) throw new Error('the server exited before it answered /healthz');
      if (performance.now() - started > 60_000) throw new Error('no answer from /healthz within 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    const wall = performance.now() - started;
    // The ready line is logged right after listen; give the pipe a moment to deliver it.
    for (let i = 0; server === undefined && i < 40; i++) await new Promise((r) => setTimeout(r, 25));
    return { wall, server };
  } finally {
    await stop(child);
  }
}

const ms = (n: number) => `${String(Math.round(n)).padStart(6)} ms`;
let failed = false;
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-startup-'));
  try {
    const fresh = await timeStart(dataDir);
    const warm = await timeStart(dataDir);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`run ${run} (load ${load})`);
    for (const [name, start] of [
      ['fresh', fresh],
      ['warm', warm],
    ] as const) {
      const over = start.server === undefined ? undefined : start.wall - start.server;
      const verdict = start.wall <= budgets[name] ? 'ok' : 'OVER';
      console.log(
        `  ${name.padEnd(5)} ${ms(start.wall)} (budget ${budgets[name]} ms) ${verdict}; server's own ${
          start.server === undefined ? '?' : ms(start.server)
        }, around it ${over === undefined ? '?' : ms(over)}`,
      );
      if (start.wall > budgets[name]) failed = true;
    }
    const over = warm.server === undefined ? undefined : warm.wall - warm.server;
    if (over === undefined || over > overheadAim) {
      console.log(`  warm start's cost around the server is over the ${overheadAim} ms aim`);
      failed = true;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (failed) process.exitCode = 1;
