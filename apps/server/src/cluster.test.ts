import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_START_WAIT_MS, type ServerProcess, startServerProcess } from './test/server-process';

/** The node's start, then the killed worker's replacement and the clean stop. */
const CLUSTER_TEST_MS = SERVER_START_WAIT_MS + 240_000;

// postgres: several worker processes of one node on one port (cluster.ts), on PostgreSQL only.
// The real entry point with WORKERS=2: two request workers and one jobs worker behind one port;
// each serves requests, a killed request worker is replaced, the jobs run in one process, and
// SIGTERM stops them all with status 0.
const adminUrl = process.env.TEST_DATABASE_URL;

type Line = { pid?: number; msg?: string };

describe.runIf(adminUrl)('a node with two request workers', { tags: ['postgres'] }, () => {
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-cluster-'));
  const lines: Line[] = [];
  let pending = '';
  let server: ServerProcess | undefined;

  const onOutput = (chunk: string) => {
    pending += chunk;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete) {
      try {
        lines.push(JSON.parse(text) as Line);
      } catch {
        // not a log line
      }
    }
  };
  const pidsSaying = (pattern: RegExp) => [
    ...new Set(lines.filter((l) => pattern.test(l.msg ?? '')).map((l) => l.pid)),
  ];
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    if (!adminUrl) return;
    const name = `gh_cluster_${randomBytes(6).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    dropDatabase = () =>
      withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from both workers, replaces a killed one, runs the jobs once and stops cleanly', {
    timeout: CLUSTER_TEST_MS,
  }, async () => {
    server = await startServerProcess(
      {
        DATABASE_URL: databaseUrl,
        WORKERS: '2',
        DATA_DIR: dataDir,
        CATALOGUE_SLOTS: '200',
        LOG_LEVEL: 'info',
        // Every request's line, so the test sees which worker served it.
        ACCESS_LOG_SAMPLE: '1',
      },
      { name: 'cluster', onOutput },
    );
    const started = server;
    // Each process writes its own lines: a worker's "ready" can reach the output just after the
    // primary's, which it sends once the worker listens, so all three are waited for.
    await waitFor(
      () =>
        pidsSaying(/^Gamehall ready at .* 2 request workers and a jobs worker/).length === 1 &&
        pidsSaying(/^requests worker ready/).length === 2 &&
        pidsSaying(/^jobs worker ready/).length === 1,
      started,
    );
    const primary = started.child.pid;
    const workers = pidsSaying(/^requests worker ready/);
    const jobs = pidsSaying(/^jobs worker ready/);
    expect(workers, started.output()).toHaveLength(2);
    expect(jobs, started.output()).toHaveLength(1);
    expect(new Set([primary, ...workers, ...jobs]).size).toBe(4);

    // A new connection per request: the primary hands connections to the workers in turn.
    const servedBy = async (count: number) => {
      const before = lines.length;
      for (let i = 0; i < count; i++) expect(await getStatus(`${started.url}/wps/system/status`)).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      return new Set(
        lines
          .slice(before)
          .filter((l) => l.msg === 'request completed')
          .map((l) => l.pid),
      );
    };
    expect([...(await servedBy(12))].sort(), started.output()).toEqual([...workers].sort());
    // One scrape of the node's port sees every worker's figures, gathered and summed by the primary.
    const scraped = await fetch(`${started.url}/metrics`);
    expect(scraped.status, started.output()).toBe(200);
    expect(await scraped.text()).toMatch(
      /^gamehall_http_requests_total\{method="GET",route="\/wps\/system\/status",status="2xx"\} 12$/m,
    );

    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    await waitFor(() => pidsSaying(/^requests worker ready/).length === 3, started);
    const replacement = pidsSaying(/^requests worker ready/).find((pid) => !workers.includes(pid)) as number;
    expect(alive(victim)).toBe(false);
    expect(lines.some((l) => l.pid === primary && /requests worker \d+ exited with SIGKILL/.test(l.msg ?? ''))).toBe(
      true,
    );
    expect([...(await servedBy(12))].sort()).toEqual([survivor, replacement].sort());
    // Only request workers are replaced: the scheduler and the consumers still run in one process.
    expect(pidsSaying(/^jobs worker ready/)).toEqual(jobs);

    // A stop while a replacement is still starting (its signal handlers not yet in place) is a
    // clean stop: the node exits 0 and leaves no process behind.
    process.kill(survivor, 'SIGKILL');
    const startingAfter = (dead: number) => {
      const exited = lines.findIndex((l) => l.pid === primary && l.msg?.startsWith(`requests worker ${dead} exited`));
      if (exited < 0) return undefined;
      const line = lines
        .slice(exited)
        .find((l) => l.pid === primary && /^requests worker \d+ starting$/.test(l.msg ?? ''));
      return line ? Number(line.msg?.split(' ')[2]) : undefined;
    };
    await waitFor(() => startingAfter(survivor) !== undefined, started);
    const starting = startingAfter(survivor) as number;

    expect(await started.stop(), started.output()).toBe(0);
    server = undefined;
    for (const pid of [survivor, replacement, starting, ...jobs] as number[]) expect(alive(pid)).toBe(false);
  });
});

/** A GET on a connection of its own (no keep-alive), so each request is a new connection. */
function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitFor(done: () => boolean, server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
