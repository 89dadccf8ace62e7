// postgres: the server survives terminated backends and a stopped cluster under load
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../bootstrap';
import { testConfig } from '../config';
import { issueSession } from '../modules/accounts/sessions.service';
import { balanceOf, post, verifyLedger } from '../modules/ledger/ledger.service';
import { deriveVendorSecret, signVendorBody } from '../modules/vendor-gateway/vendor-signature';
import { createMember } from '../test/factories';
import { freePort, SERVER_START_WAIT_MS, type ServerProcess, startServerProcess } from '../test/server-process';
import { openTestSocket } from '../test/socket-client';

/** The server's start, then the faults and the recoveries. */
const FAULTS_TEST_MS = SERVER_START_WAIT_MS + 240_000;

// A PostgreSQL that drops the server's connections (pg_terminate_backend) or stops for a
// while must not end the process. Requests in flight fail with 503 DATABASE_UNAVAILABLE (the vendor
// API with ERROR_SERVICE_UNAVAILABLE), the pools replace dead connections, LISTEN reconnects, and
// the server serves again by itself once the database is back; the ledger verifies afterwards.
// It runs a cluster of its own (scripts/pg-cluster.sh), so stopping it disturbs no other test, and
// only in the PostgreSQL run: PGlite is in-process and has no connection to lose.
const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cluster = path.join(repoRoot, 'scripts', 'pg-cluster.sh');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}, 60_000);

type Outcome = { kind: string; status: number; code: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** pg_ctl on the test cluster, as its owner (postgres when we are root, as pg-cluster.sh runs it). */
async function pgCtl(dir: string, action: 'stop' | 'start') {
  const { stdout } = await run('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1']);
  const bin = stdout.trim();
  const args =
    action === 'stop'
      ? [`${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', '-w', '-t', '30', '-s', 'stop']
      : [`${bin}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/server.log`, '-w', '-t', '30', '-s', 'start'];
  try {
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', ...args], { cwd: dir });
    else await run(args[0] as string, args.slice(1), { cwd: dir });
  } catch (error) {
    const log = await run('tail', ['-n', '20', `${dir}/server.log`]).catch(() => ({ stdout: '(no log)' }));
    throw new Error(`pg_ctl ${action} failed: ${String(error)}\n${log.stdout}`);
  }
}

describe.skipIf(!onPostgres)('the server and its database', { tags: ['postgres'] }, () => {
  it('stays up through terminated backends and a stopped cluster, then serves again', {
    timeout: FAULTS_TEST_MS,
  }, async () => {
    // Under /tmp, not TMPDIR: npm test's TMPDIR is a root-only folder the postgres user cannot enter.
    const dir = mkdtempSync('/tmp/gamehall-faults-');
    // A port of the system's ephemeral range, not the script's default (the first free one from
    // 55432): while this cluster is stopped, another test's cluster starting meanwhile would take
    // the first free port, this one's, and this cluster could not start again.
    const { stdout } = await run('bash', [cluster, 'start', dir, String(await freePort())]);
    cleanups.push(() => run('bash', [cluster, 'stop', dir]));
    const adminUrl = stdout.trim().split('\n').pop() as string;
    const databaseUrl = adminUrl.replace(/\/postgres$/, '/gamehall');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE gamehall');
    await admin.end();

    // Seed a funded member with a member session and a game session at one vendor.
    const config = testConfig({ databaseUrl, dataDir: dir, catalogueSlots: 20 });
    const ctx = await bootstrap(config);
    const m = await createMember(ctx);
    await ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: 'faults-seed',
        type: 'deposit',
        reference: 'seed',
        entries: [
          { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -10_000_000 },
          { account: { member: m.id, currency: 'PHP' }, amount: 10_000_000 },
        ],
      }),
    );
    const token = await issueSession(ctx, ctx.db, { memberId: m.id, area: 'member', ip: '127.0.0.1', userAgent: null });
    const game = await ctx.db
      .selectFrom('games')
      .select(['node_id', 'game_code', 'vendor_code'])
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    const gameToken = randomBytes(24).toString('base64url');
    await ctx.db
      .insertInto('game_sessions')
      .values({
        token_hash: createHash('sha256').update(gameToken).digest('hex'),
        member_id: m.id,
        vendor_code: game.vendor_code,
        node_id: game.node_id,
        game_code: game.game_code,
        currency: 'PHP',
        trial: false,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    await ctx.database.close();
    const secret = deriveVendorSecret(config.studioSecret, game.vendor_code);

    const printed: string[] = [];
    const server: ServerProcess = await startServerProcess(
      {
        DATA_DIR: dir,
        DEMO: '0',
        CATALOGUE_SLOTS: '20',
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: config.sessionSecret,
        STUDIO_SECRET: config.studioSecret,
        DB_POOL_SIZE: '6',
      },
      { name: 'faults', onOutput: (chunk) => printed.push(chunk) },
    );
    // The outage fills the output with warnings; a failure shows every other line (the cluster's
    // primary and workers, errors, crashes).
    const notable = () =>
      printed
        .join('')
        .split('\n')
        .filter((line) => !line.startsWith('{"level":40') && !line.includes('"msg":"request completed"'))
        .join('\n')
        .slice(-20_000);
    cleanups.push(() => server.stop());

    const acknowledged: string[] = [];
    const vendorCall = async (name: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ vendor: game.vendor_code, requestId: randomBytes(6).toString('hex'), ...body });
      const res = await fetch(`${server.url}/vendor/wallet/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(secret, raw) },
        body: raw,
      });
      const json = (await res.json()) as { status: string };
      if (json.status === 'OK') acknowledged.push(body.transactionId as string);
      return { kind: name, status: res.status, code: json.status };
    };
    const round = async (): Promise<Outcome[]> => {
      const roundId = randomBytes(6).toString('hex');
      const betId = `b${roundId}`;
      const bet = await vendorCall('bet', {
        token: gameToken,
        player: String(m.id),
        gameCode: game.game_code,
        roundId,
        transactionId: betId,
        amount: 100,
        currency: 'PHP',
      });
      if (bet.code !== 'OK') return [bet];
      const win = await vendorCall('win', {
        player: String(m.id),
        gameCode: game.game_code,
        roundId,
        transactionId: `w${roundId}`,
        betTransactionId: betId,
        amount: 150,
        currency: 'PHP',
        roundClosed: true,
      });
      return [bet, win];
    };
    const balance = async (): Promise<Outcome> => {
      const res = await fetch(`${server.url}/wps/v2/wallets/balance`, { headers: { authorization: token } });
      const json = (await res.json()) as { success: boolean; code?: string };
      return { kind: 'balance', status: res.status, code: json.success ? 'OK' : (json.code ?? '?') };
    };

    // Four clients play and read balances until told to stop; every answer is kept.
    const outcomes: Outcome[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        try {
          outcomes.push(...(await round()), await balance());
        } catch (error) {
          outcomes.push({ kind: 'transport', status: 0, code: String(error) });
        }
      }
    };
    const burst = async (during: () => Promise<void>) => {
      stop = false;
      const clients = [client(), client(), client(), client()];
      await during();
      stop = true;
      await Promise.all(clients);
    };
    const alive = () => server.child.exitCode === null && server.child.signalCode === null;
    const servesAgain = async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [r] = await round().catch(() => [{ kind: 'transport', status: 0, code: 'down' }]);
        if (r?.code === 'OK' && (await balance()).code === 'OK') return;
        if (Date.now() > deadline) throw new Error(`the server did not serve again\n${server.output()}`);
        await sleep(250);
      }
    };
    // Only success or the documented 503s: never a 500, never a dropped connection.
    const unexpected = () =>
      outcomes.filter(
        (o) =>
          !(o.status === 200 && o.code === 'OK') &&
          !(o.status === 503 && (o.code === 'DATABASE_UNAVAILABLE' || o.code === 'ERROR_SERVICE_UNAVAILABLE')),
      );

    // 1. Every backend of the server's database terminated, three times, while requests run.
    const killer = new pg.Client({ connectionString: adminUrl });
    await killer.connect();
    await burst(async () => {
      for (let i = 0; i < 3; i++) {
        await sleep(400);
        await killer.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'gamehall' AND pid <> pg_backend_pid()`,
        );
      }
      await sleep(400);
    });
    await killer.end();
    expect(alive(), notable()).toBe(true);
    expect(unexpected(), notable()).toEqual([]);
    await servesAgain();

    // 2. The cluster stopped for five seconds under the same load, then started again.
    const socket = openTestSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
    await socket.next('balance').catch(() => undefined);
    outcomes.length = 0;
    await burst(async () => {
      await sleep(300);
      await pgCtl(dir, 'stop');
      await sleep(5_000);
      expect(alive(), notable()).toBe(true);
      await pgCtl(dir, 'start');
    });
    expect(alive(), notable()).toBe(true);
    expect(unexpected(), notable()).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    await servesAgain();

    // LISTEN came back: a round played now reaches the member's open socket as a balance event
    // (events of the rounds before the stop are dropped first).
    await sleep(1_500);
    socket.messages.length = 0;
    await round();
    const event = await socket.next('balance', () => true, 10_000);
    expect(event.type).toBe('balance');
    socket.ws.close();

    expect(await server.stop(), notable()).toBe(0);
    const check = await bootstrap(config, { skipSeed: true });
    try {
      expect((await verifyLedger(check.db)).violations).toEqual([]);
      // Every bet and win the vendor was told OK is kept, and the balance is exactly what the kept
      // ones moved (a call whose answer was lost may or may not have committed; either way once).
      const kept = await check.db
        .selectFrom('vendor_transactions')
        .select(['transaction_id', 'kind', 'amount'])
        .where('member_id', '=', m.id)
        .execute();
      const keptIds = new Set(kept.map((k) => k.transaction_id));
      expect(acknowledged.filter((id) => !keptIds.has(id))).toEqual([]);
      const net = kept.reduce((sum, k) => sum + (k.kind === 'bet' ? -k.amount : k.amount), 0);
      expect((await balanceOf(check.db, m.id, 'PHP')).balance).toBe(10_000_000 + net);
    } finally {
      await check.database.close();
    }
  });
});
