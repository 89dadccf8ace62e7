// postgres: a base backup and point-in-time recovery are PostgreSQL's own tools on clusters of its own
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { setBrandSetting } from '../modules/brand/brand.service';
import { signVendorBody } from '../modules/vendor-gateway/vendor-signature';
import { createTestApp, type TestApp } from '../test/harness';
import { databaseUrl } from '../test/postgres-template';
import { SERVER_START_WAIT_MS, type ServerProcess, startServerProcess } from '../test/server-process';
import { vendorClient } from '../test/vendor-client';
import { betBody, catalogueVendors, uniqueId, walletPlayer, winBody } from '../test/vendor-wallet-fixture';
import { startArchivingPrimary, type WalArchive } from '../test/wal-archive';

/** The clusters and the data, then a server process's start on the restored cluster. */
const DRILL_MS = SERVER_START_WAIT_MS + 180_000;

// docs/operations.md, "Backups and restore", performed: bets run on a primary that archives its WAL
// while pg_basebackup copies it; a point in time is taken after which more bets are answered; the
// backup is restored to a new cluster at that point from the archive, Gamehall starts on it, and
// `npm run ledger:verify` passes with every posting the vendor was answered before the point, and
// none after it. Only in the PostgreSQL run: PGlite has no WAL archive to recover from.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];

// Each cleanup gets a bounded time, so one that hangs (a pool waiting on a stopped cluster) never
// keeps the clusters after it from being removed.
afterAll(async () => {
  for (const c of cleanups.reverse())
    await Promise.race([c().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 20_000))]);
}, 120_000);

/** Three members, each played by a client of its own: its last answered balance is its balance. */
const PLAYERS = 3;
const FUNDS = 1_000_000;
const STAKE = 100;

type Player = Awaited<ReturnType<typeof walletPlayer>>;

describe.skipIf(!onPostgres)('the backup and restore drill', { tags: ['postgres'] }, () => {
  it('restores a base backup taken under bets to a point in time, and the ledger verifies there', {
    timeout: DRILL_MS,
  }, async () => {
    const archive: WalArchive = await startArchivingPrimary();
    cleanups.push(() => archive.remove());
    const admin = new pg.Client({ connectionString: archive.primaryUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE gamehall');
    await admin.end();

    // Gamehall migrated and seeded with its demo content on the primary, served in this process.
    const t: TestApp = await createTestApp({
      databaseUrl: databaseUrl(archive.primaryUrl, 'gamehall'),
      catalogueSlots: 20,
    });
    let primaryOpen = true;
    cleanups.push(() => (primaryOpen ? t.close() : Promise.resolve()));
    await setBrandSetting(t.ctx.db, 'currency', 'PHP');
    const [vendor] = await catalogueVendors(t, 1);
    if (!vendor) throw new Error('the catalogue has no games');
    const client = vendorClient(t, vendor);
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await walletPlayer(t, vendor, FUNDS));

    type Answered = { key: string; player: number; balance: number };
    /** Every call the vendor was answered OK, in order, as its ledger posting's key. */
    const answered: Answered[] = [];
    const refused: string[] = [];
    const round = async (p: Player, win: number) => {
      const bet = betBody(p, STAKE);
      const placed = await client.call('bet', bet);
      if (placed.body.status !== 'OK') return void refused.push(`bet ${placed.statusCode} ${placed.body.status}`);
      answered.push({ key: `vendor:${vendor}:${bet.transactionId}`, player: p.id, balance: placed.body.balance });
      const paid = winBody(p, bet, win);
      const settled = await client.call('win', paid);
      if (settled.body.status !== 'OK') return void refused.push(`win ${settled.statusCode} ${settled.body.status}`);
      answered.push({ key: `vendor:${vendor}:${paid.transactionId}`, player: p.id, balance: settled.body.balance });
    };

    // Each player's client plays until the base backup is done, then one round more, which the
    // restore can only replay from the archive.
    let backedUp = false;
    const play = async (p: Player) => {
      while (!backedUp) await round(p, 150);
      await round(p, 150);
    };
    const clients = players.map(play);
    const atBackupStart = answered.length;
    try {
      await archive.baseBackup();
    } finally {
      backedUp = true;
    }
    const duringBackup = answered.length - atBackupStart;
    await Promise.all(clients);
    const before = [...answered];

    // The point in time, read from the primary's clock (commit times in the WAL are its clock's).
    const clock = new pg.Client({ connectionString: archive.primaryUrl });
    await clock.connect();
    const point = (await clock.query<{ now: string }>('SELECT clock_timestamp()::text AS now')).rows[0]?.now as string;
    await clock.end();

    // After the point: losing rounds (the win pays nothing), so a balance that kept them is lower.
    for (const p of players) await round(p, 0);
    const after = answered.slice(before.length);
    expect(refused).toEqual([]);
    expect(duringBackup).toBeGreaterThan(0);
    expect(after).toHaveLength(2 * PLAYERS);
    await archive.archiveCurrentWal();
    primaryOpen = false;
    await t.close();
    await archive.stopPrimary();

    // The backup on a new cluster, recovered from the archive up to the point, and Gamehall on it.
    const restoredUrl = databaseUrl(await archive.restoreTo(point), 'gamehall');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-restored-app-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const server: ServerProcess = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: restoredUrl,
        DEMO: '0',
        CATALOGUE_SLOTS: String(t.ctx.config.catalogueSlots),
        SESSION_SECRET: t.ctx.config.sessionSecret,
        STUDIO_SECRET: t.ctx.config.studioSecret,
        DB_POOL_SIZE: '4',
        // One process: a primary forking a worker per core starts each of them one after the other.
        WORKERS: '1',
      },
      { name: 'restored' },
    );
    cleanups.push(() => server.stop());
    const deadline = Date.now() + SERVER_START_WAIT_MS;
    while ((await fetch(`${server.url}/readyz`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`the restored node never became ready\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }

    const verify = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: process.env.TMPDIR,
        DATA_DIR: dataDir,
        DATABASE_URL: restoredUrl,
        SESSION_SECRET: t.ctx.config.sessionSecret,
        STUDIO_SECRET: t.ctx.config.studioSecret,
        LOG_LEVEL: 'silent',
      };
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/ledger-verify.ts'],
        { cwd: repoRoot, env, timeout: 120_000 },
        (error, stdout) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout }),
      );
    });
    expect(verify).toMatchObject({ code: 0 });
    expect(verify.stdout).toContain('OK: balances match their entries');

    // Every posting answered before the point is there, none of those after it.
    const restored = new pg.Client({ connectionString: restoredUrl });
    await restored.connect();
    const kept = await restored
      .query<{ key: string }>('SELECT idempotency_key AS key FROM ledger_postings WHERE idempotency_key = ANY($1)', [
        answered.map((a) => a.key),
      ])
      .finally(() => restored.end());
    expect(new Set(kept.rows.map((r) => r.key))).toEqual(new Set(before.map((a) => a.key)));

    // The restored node answers each player's balance as the vendor was last told before the point.
    for (const p of players) {
      const told = before.filter((a) => a.player === p.id).at(-1)?.balance;
      const raw = JSON.stringify({ vendor, requestId: uniqueId('balance'), token: p.token, player: p.player });
      const res = await fetch(`${server.url}/vendor/wallet/balance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(client.secret, raw) },
        body: raw,
      });
      const body = (await res.json()) as { status: string; balance: number };
      expect([p.id, body.status, body.balance]).toEqual([p.id, 'OK', told]);
    }
  });
});
