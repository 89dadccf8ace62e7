import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type ServerProcess = {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last 20 kB the process printed, for assertion messages. */
  output: () => string;
  /** Sends a signal (unless it already exited) and resolves with its exit code. */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s. */
  stop: () => Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How long a server process may take to answer /healthz: a wait, not a speed check. In the suite
 * the PostgreSQL runs share two cores with the browser tests, and a node's first start (tsx
 * compiling the server and the studio, migrations, a PostgreSQL node's workers one after another)
 * took over two minutes there (docs/benchmarks.md, "The machine under the suite").
 */
export const SERVER_START_WAIT_MS = 240_000;

/**
 * Starts the real entry point (apps/server/src/main.ts through tsx, or `entry`, a built bundle) as
 * an operator would, on a free loopback port (or `port`), in a clean environment (nothing of the test runner's,
 * such as NODE_OPTIONS or TEST_DATABASE_URL, leaks in), one process (WORKERS=1) unless `env` says
 * otherwise, and resolves once /healthz answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    name?: string;
    timeoutMs?: number;
    entry?: string;
    onOutput?: (chunk: string) => void;
    /** Another checkout to run main.ts of (a previous release); this one by default. */
    cwd?: string;
    /** A loopback port of the caller's (a bench's PORT); a free one by default. */
    port?: number;
  } = {},
): Promise<ServerProcess> {
  const name = options.name ?? 'server';
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const args = options.entry ? ['--enable-source-maps', options.entry] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      // One process unless the test asks for a cluster: on PostgreSQL WORKERS would default to a
      // request worker per core and a jobs worker, three starts where the test needs one.
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // 'close', not 'exit': it comes once the output pipes are drained, so output() then holds the last lines.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    options.onOutput?.(chunk.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => `${name} output:\n${log}`;
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exit;
  };
  const stop = async () => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    try {
      return await kill('SIGTERM');
    } finally {
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? SERVER_START_WAIT_MS);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { name, url, child, output, kill, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer /healthz in time\n${output()}`);
}
