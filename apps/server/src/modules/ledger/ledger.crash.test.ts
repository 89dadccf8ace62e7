import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../bootstrap';
import { testConfig } from '../../config';
import { SERVER_START_WAIT_MS, startServerProcess } from '../../test/server-process';
import { hashPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { postingKeysPresent } from './ledger.queries';
import { balanceOf, post, verifyLedger } from './ledger.service';

/** Two starts of the server (before the kill and after it), and the transfers between them. */
const CRASH_TEST_MS = 2 * SERVER_START_WAIT_MS + 120_000;

// A server process killed (SIGKILL) in the middle of a stream of postings and restarted
// keeps a valid ledger, and every posting it acknowledged is there. Runs on a temp PGlite DATA_DIR,
// or on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
const adminUrl = process.env.TEST_DATABASE_URL;
const PAY = 'Pay@12345';
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
}, 60_000);

async function encryptedTransfer(url: string, key: JWK, token: string, body: unknown) {
  const publicKey = await importJWK(key, 'RSA-OAEP-256');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(publicKey);
  const res = await fetch(`${url}/wps/member/transfer/upline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', encryption: 'JWE', authorization: token },
    body: JSON.stringify({ value: jwe }),
  });
  return (await res.json()) as { success: boolean; code?: string };
}

describe('crash safety', () => {
  it('SIGKILL mid-stream: after restart the ledger verifies and every acknowledged transfer is there', {
    timeout: CRASH_TEST_MS,
    tags: ['postgres'],
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (adminUrl) {
      const name = `gh_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
    }
    const config = testConfig({ dataDir, databaseUrl });
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DEMO: '0',
      CATALOGUE_SLOTS: '50',
      SESSION_SECRET: config.sessionSecret,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };

    // Seed two members (the payer's upline is the payee) while no server holds the database.
    const ctx = await bootstrap(config, { skipSeed: true });
    const upline = await ctx.db
      .insertInto('members')
      .values({
        username: 'crashagent',
        password_hash: await hashPassword(PAY),
        type: 1,
        referral_code: 'CRASHA',
        password_changed_at: new Date(),
        permissions: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payer = await ctx.db
      .insertInto('members')
      .values({
        username: 'crashpayer',
        password_hash: await hashPassword(PAY),
        payment_password_hash: await hashPassword(PAY),
        upline_id: upline.id,
        referral_code: 'CRASHP',
        password_changed_at: new Date(),
        permissions: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueSession(ctx, ctx.db, {
      memberId: payer.id,
      area: 'member',
      ip: '127.0.0.1',
      userAgent: null,
    });
    await ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: 'crash-seed',
        type: 'deposit',
        reference: 'seed',
        entries: [
          { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -1_000_000 },
          { account: { member: payer.id, currency: 'PHP' }, amount: 1_000_000 },
        ],
      }),
    );
    await ctx.database.close();

    let server = await startServerProcess(env);
    const keyRes = (await (await fetch(`${server.url}/wps/system/publicKey`)).json()) as { value: { keys: JWK[] } };
    const jwk = keyRes.value.keys[0] as JWK;
    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    // Four clients stream 1.00 transfers; the server is killed once 40 were acknowledged.
    const client = async (n: number) => {
      while (!stop) {
        const requestId = `crash${n}x${sent++}`;
        try {
          const r = await encryptedTransfer(server.url, jwk, token, { amount: 1, paymentPassword: PAY, requestId });
          if (r.success) acknowledged.push(requestId);
          else throw new Error(`transfer refused: ${r.code}\n${server.output().slice(-4000)}`);
        } catch (e) {
          if (!stop) throw e;
        }
      }
    };
    const killer = (async () => {
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
      stop = true;
      await server.kill('SIGKILL');
    })();
    await Promise.all([client(1), client(2), client(3), client(4), killer]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    // Restart on the same data: it comes back and serves; then stop it cleanly to inspect.
    server = await startServerProcess(env);
    const after = await encryptedTransfer(server.url, jwk, token, {
      amount: 1,
      paymentPassword: PAY,
      requestId: 'afterrestart',
    });
    expect(after.success, server.output()).toBe(true);
    await server.stop();

    const check = await bootstrap(config, { skipSeed: true });
    try {
      const report = await verifyLedger(check.db);
      expect(report.violations).toEqual([]);
      const keys = acknowledged.map((r) => `transfer-upline:${payer.id}:${r}`);
      const present = await postingKeysPresent(check.db, keys);
      expect(present.length).toBe(keys.length);
      const b = await balanceOf(check.db, payer.id, 'PHP');
      const u = await balanceOf(check.db, upline.id, 'PHP');
      // Conservation between the two: whatever got through (acknowledged or not) moved, nothing more.
      expect(b.balance + u.balance).toBe(1_000_000);
      expect(u.balance).toBeGreaterThanOrEqual((acknowledged.length + 1) * 100);
    } finally {
      await check.database.close();
    }
  });
});
