import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createDatabase } from './postgres-template';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type LoggedServer = {
  url: string;
  /** How many modules of OpenTelemetry's SDK (its API aside) the process had loaded once it served. */
  openTelemetryModules: number;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  /**
   * Resolves with the whole output once it holds `text` (a line reaches the pipe a moment after its
   * response); a wait, not a speed check.
   */
  waitFor: (text: string) => Promise<string>;
  /** The JSON lines of its output (its log). */
  logLines: () => Record<string, unknown>[];
  /** SIGTERM (SIGKILL after 15 s), then the test database's removal. */
  stop: () => Promise<void>;
};

/**
 * Starts test/logged-server-child.ts, a server process on a copy of the test run's database (the
 * PGlite template, or on PostgreSQL a database made from its template), in a clean environment plus
 * `env`, and resolves once it listens.
 */
export async function startLoggedServer(env: Record<string, string>): Promise<LoggedServer> {
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    ...env,
  };
  const admin = process.env.TEST_DATABASE_URL;
  let drop: (() => Promise<void>) | undefined;
  if (admin) {
    const template = inject('postgresTemplate');
    const database = await createDatabase(admin, 'gh_logged', template || undefined);
    drop = database.drop;
    childEnv.CHILD_DATABASE_URL = database.url;
    if (template) childEnv.CHILD_DATABASE_SEEDED = '1';
  } else {
    const template = inject('pgliteTemplate');
    if (template) childEnv.CHILD_PGLITE_TEMPLATE = template;
  }
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/test/logged-server-child.ts'],
    {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /^listening (\d+)$/m.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}\n${output}`)));
  }).catch(async (err) => {
    await drop?.();
    throw err;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    openTelemetryModules: Number(/^opentelemetry-modules (\d+)$/m.exec(output)?.[1]),
    output: () => output,
    waitFor: async (text) => {
      const deadline = Date.now() + 30_000;
      while (!output.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${text} in the output\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return output;
    },
    logLines: () =>
      output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await drop?.();
    },
  };
}
