import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { post } from './wallet.service';

// `npm run ledger:verify` (scripts/ledger-verify.ts) is what an operator runs against a live
// database; this runs the script itself, as a child process, on a PGlite database under a temporary
// DATA_DIR (the script's choice when DATABASE_URL is unset), healthy and then deliberately broken.

const root = path.resolve(import.meta.dirname, '../../../../..');
let dataDir: string;

function openIt() {
  return openDatabase({ databaseUrl: undefined, dataDir, dbPoolSize: 1 });
}

function runScript(): Promise<{ code: number | null; stdout: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/ledger-verify.ts'],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout }),
    );
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-ledger-verify-'));
  const database = await openIt();
  try {
    await migrateToLatest(database.db);
    const member = await database.db
      .insertInto('members')
      .values({ username: 'ledgerverify', password_hash: 'x', referral_code: 'LEDGERVFY1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: 'ledger-verify-test',
        type: 'deposit',
        reference: 'LV-1',
        entries: [
          { account: { member: member.id, currency: 'PHP' }, amount: 5_000 },
          { account: { house: 'bank', currency: 'PHP' }, amount: -5_000 },
        ],
      }),
    );
  } finally {
    await database.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run ledger:verify', () => {
  it('exits 0 on a healthy ledger and 1 once a balance no longer matches its entries', async () => {
    const healthy = await runScript();
    expect(healthy.stdout).toContain('1 postings');
    expect(healthy.stdout).toContain('OK:');
    expect(healthy.code).toBe(0);

    // Break it the way a stray UPDATE would: a member balance off its entries by one cent.
    const database = await openIt();
    try {
      await database.db
        .updateTable('ledger_accounts')
        .set((eb) => ({ balance: eb('balance', '+', 1) }))
        .where('member_id', 'is not', null)
        .execute();
    } finally {
      await database.close();
    }
    const broken = await runScript();
    expect(broken.stdout).toContain('violation(s)');
    expect(broken.code).toBe(1);
  }, 120_000);
});
