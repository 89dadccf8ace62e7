// One node's request workers (WORKERS, cluster.ts): HTTP and vendor wallet API throughput of the
// built server (apps/server/dist/main.js, as `npm start` runs it) with 1 and with 2 request
// workers, alternated (1, 2, 1, 2) on one database, so each ratio is measured side by side.
//
//   bash scripts/pg-cluster.sh start /tmp/benchpg        # prints the URL
//   DATABASE_URL=<that URL> node --import tsx bench/workers.ts
//
// HTTP: CLIENTS (default 32) kept-alive connections each GET /healthz back to back. Vendor API:
// PLAYERS (default 32) players each play rounds (a signed bet, then a signed closing win) back to
// back, one kept-alive connection each. SECONDS (default 5) per run, PAIRS (default 2) pairs,
// after WARMUP (default 2) untimed seconds of the same load. The clients run in this process on
// the same machine: they take CPU the workers could use, the same in both runs of a pair. Each row
// also gives the CPU the server's processes (primary and workers) and PostgreSQL used per
// operation, from /proc, which moves less with the machine's load than the rate does.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { bootstrap } from '../apps/server/src/bootstrap';
import { testConfig } from '../apps/server/src/config';
import { deriveVendorSecret, signVendorBody } from '../apps/server/src/modules/vendor-gateway/vendor-signature';
import { ensureServerBuild, root, serverEntry } from '../scripts/builds.mjs';
import { createBenchDatabase, firstVendorGame, fundedMembers, openGameSession } from './support/database';
import { loadAverage } from './support/measure';
import { postgresCpu, postmasterOf } from './support/postgres-stats';
import { playVendorRound, type VendorCall } from './support/vendor-round';

const SECONDS = Number(process.env.SECONDS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 2);
const PAIRS = Number(process.env.PAIRS ?? 2);
const CLIENTS = Number(process.env.CLIENTS ?? 32);
const PLAYERS = Number(process.env.PLAYERS ?? 32);

function freePort(): Promise<number> {
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

type Server = { url: string; child: ChildProcess; stop: () => Promise<void> };

async function startServer(databaseUrl: string, workers: number, secrets: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      // Silent prints one plain "Gamehall ready" line once every worker listens.
      LOG_LEVEL: 'silent',
      DEMO: '0',
      CATALOGUE_SLOTS: '120',
      DATA_DIR: '/tmp/gamehall-bench-workers',
      ...secrets,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Gamehall ready')) resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Call = (path: string, raw: string, headers?: Record<string, string>) => Promise<string>;

function client(url: string, connections: number): { call: Call; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  const call: Call = (path, raw, headers) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: hostname,
          port,
          method: raw ? 'POST' : 'GET',
          path,
          headers: raw
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), ...headers }
            : {},
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () =>
            res.statusCode === 200 ? resolve(text) : reject(new Error(`${path}: ${res.statusCode} ${text}`)),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(raw || undefined);
    });
  return { call, close: () => agent.destroy() };
}

/** `loops` loops each run `op` back to back for `seconds`; operations per second. */
async function rate(seconds: number, loops: number, op: (loop: number, i: number) => Promise<void>): Promise<number> {
  let ops = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; performance.now() < end; i++) {
        await op(loop, i);
        ops++;
      }
    }),
  );
  return ops / ((performance.now() - started) / 1000);
}

type Row = {
  load: string;
  test: string;
  workers: number;
  perSecond: number;
  serverMs: number;
  pgMs: number | undefined;
};

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('DATABASE_URL is not set: start a throwaway cluster (bash scripts/pg-cluster.sh start /tmp/benchpg)');
    process.exitCode = 2;
    return;
  }
  if (!(await ensureServerBuild())) throw new Error('the server build failed');
  console.log(`load average before: ${loadAverage()}`);
  const bench = await createBenchDatabase(adminUrl);
  const config = testConfig({ databaseUrl: bench.url, demo: false, catalogueSlots: 120 });
  const ctx = await bootstrap(config);
  const secrets = { SESSION_SECRET: config.sessionSecret, STUDIO_SECRET: config.studioSecret };
  const rows: Row[] = [];
  try {
    const game = await firstVendorGame(ctx.db);
    const vendor = game.vendor_code;
    const secret = deriveVendorSecret(config.studioSecret, vendor);
    const tag = randomBytes(3).toString('hex');
    const players: { id: number; token: string }[] = [];
    for (const id of await fundedMembers(ctx.db, PLAYERS, `w${tag}`)) {
      players.push({ id, token: await openGameSession(ctx.db, id, game, 3_600_000) });
    }
    const postmaster = await postmasterOf(ctx.db);

    const measure = async (
      server: Server,
      test: string,
      workers: number,
      run: (seconds: number) => Promise<number>,
    ) => {
      await run(WARMUP);
      const pid = server.child.pid as number;
      const from = { server: postgresCpu(pid) ?? 0, pg: postgresCpu(postmaster) };
      const clientFrom = process.cpuUsage();
      const perSecond = await run(SECONDS);
      const clientUsage = process.cpuUsage(clientFrom);
      const ops = perSecond * SECONDS;
      const serverMs = (((postgresCpu(pid) ?? 0) - from.server) * 1000) / ops;
      const pgTo = postgresCpu(postmaster);
      const pgMs = pgTo === undefined || from.pg === undefined ? undefined : ((pgTo - from.pg) * 1000) / ops;
      const clientMs = (clientUsage.user + clientUsage.system) / 1000 / ops;
      rows.push({ load: loadAverage(), test, workers, perSecond, serverMs, pgMs });
      console.log(
        `  ${test.padEnd(10)} ${workers} worker(s): ${perSecond.toFixed(0).padStart(6)}/s, server ${serverMs.toFixed(3)} ms CPU/op, PostgreSQL ${pgMs?.toFixed(3) ?? '?'} ms CPU/op, clients ${clientMs.toFixed(3)} ms CPU/op (load ${loadAverage()})`,
      );
    };

    for (let pair = 1; pair <= PAIRS; pair++) {
      for (const workers of [1, 2]) {
        const server = await startServer(bench.url, workers, secrets);
        try {
          // What the node costs with nothing to serve (its loops, the jobs, the consumers' polls).
          const pid = server.child.pid as number;
          await new Promise((r) => setTimeout(r, WARMUP * 1000));
          const idleFrom = { server: postgresCpu(pid) ?? 0, pg: postgresCpu(postmaster) ?? 0 };
          await new Promise((r) => setTimeout(r, SECONDS * 1000));
          console.log(
            `  idle       ${workers} worker(s): server ${(((postgresCpu(pid) ?? 0) - idleFrom.server) * 1000) / SECONDS} ms CPU/s, PostgreSQL ${(((postgresCpu(postmaster) ?? 0) - idleFrom.pg) * 1000) / SECONDS} ms CPU/s`,
          );
          const http = client(server.url, CLIENTS);
          await measure(server, 'healthz', workers, (seconds) =>
            rate(seconds, CLIENTS, async () => {
              await http.call('/healthz', '');
            }),
          );
          http.close();
          const api = client(server.url, PLAYERS);
          const call: VendorCall = async (path, body) => {
            const raw = JSON.stringify({ vendor, requestId: randomBytes(8).toString('hex'), ...body });
            const answer = JSON.parse(
              await api.call(`/vendor/wallet/${path}`, raw, { 'x-signature': signVendorBody(secret, raw) }),
            );
            if (answer.status !== 'OK') throw new Error(`${path}: ${JSON.stringify(answer)}`);
          };
          const vendorGame = { gameCode: game.game_code, currency: game.currency };
          const runTag = `${pair}-${workers}-${randomBytes(2).toString('hex')}`;
          let runs = 0;
          await measure(server, 'vendor API', workers, (seconds) => {
            const prefix = `${runTag}-${runs++}`;
            return rate(seconds, PLAYERS, async (loop, i) => {
              const p = players[loop] as { id: number; token: string };
              const ids = {
                round: `wr-${prefix}-${loop}-${i}`,
                bet: `wb-${prefix}-${loop}-${i}`,
                win: `ww-${prefix}-${loop}-${i}`,
              };
              await playVendorRound(call, p, vendorGame, ids, loop, i);
            });
          });
          api.close();
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await ctx.events.close();
    await ctx.database.close();
    await bench.drop();
  }

  console.log(
    '\n| test | pair | 1 worker /s | 2 workers /s | ratio | server CPU ms/op 1 / 2 | PostgreSQL CPU ms/op 1 / 2 | load |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const test of ['healthz', 'vendor API']) {
    const ones = rows.filter((r) => r.test === test && r.workers === 1);
    const twos = rows.filter((r) => r.test === test && r.workers === 2);
    ones.forEach((one, i) => {
      const two = twos[i] as Row;
      console.log(
        `| ${test} | ${i + 1} | ${one.perSecond.toFixed(0)} | ${two.perSecond.toFixed(0)} | ${(two.perSecond / one.perSecond).toFixed(2)}x | ${one.serverMs.toFixed(3)} / ${two.serverMs.toFixed(3)} | ${one.pgMs?.toFixed(3) ?? '?'} / ${two.pgMs?.toFixed(3) ?? '?'} | ${two.load} |`,
      );
    });
  }
}

await main();
