// Start-up budget: `npm start` on a fresh DATA_DIR (migrate + seed of the full catalogue) answers
// /healthz within 15 s; a later start on the same DATA_DIR within 5 s.
//
//   node --import tsx bench/startup.ts            (PORT 3901 unless PORT is set)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3901);
const budgets = { fresh: 15_000, warm: 5_000 };

async function healthy(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    return res.ok;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // The whole group we started: npm and the server under it.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
}

async function timeStart(dataDir: string): Promise<number> {
  if (await healthy()) throw new Error(`something already answers on port ${port}`);
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
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
    return performance.now() - started;
  } finally {
    if (!exited) await stop(child);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-startup-'));
try {
  const fresh = await timeStart(dataDir);
  const warm = await timeStart(dataDir);
  const line = (name: keyof typeof budgets, ms: number) =>
    `${name.padEnd(5)} ${String(Math.round(ms)).padStart(6)} ms  (budget ${budgets[name]} ms) ${ms <= budgets[name] ? 'ok' : 'OVER'}`;
  console.log(line('fresh', fresh));
  console.log(line('warm', warm));
  if (fresh > budgets.fresh || warm > budgets.warm) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
