import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { postPoints } from './points-ledger.service';

// `npm run ledger:verify` checks the points ledger beside the money ledger: this runs the script as
// a child process on a PGlite database under a temporary DATA_DIR, healthy and then with a points
// row tampered with (a member's points balance raised without an entry).

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
  dataDir = mkdtempSync(path.join(tmpdir(), 'gamehall-points-verify-'));
  const database = await openIt();
  try {
    await migrateToLatest(database.db);
    const member = await database.db
      .insertInto('members')
      .values({ username: 'pointsverify', password_hash: 'x', referral_code: 'POINTSVFY1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute((trx) =>
      postPoints(trx, {
        idempotencyKey: 'points-verify-test',
        type: 'points.adjust',
        reference: 'PV-1',
        entries: [
          { account: { member: member.id }, amount: 250 },
          { account: { house: 'adjustments' }, amount: -250 },
        ],
      }),
    );
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run ledger:verify on the points ledger', () => {
  it('exits 0 on a healthy points ledger and 1 once a points balance no longer matches its entries', async () => {
    const healthy = await runScript();
    expect(healthy.stdout).toContain('points: 2 accounts, 1 postings, 2 entries');
    expect(healthy.stdout).toContain('OK: points balances match');
    expect(healthy.code).toBe(0);

    const database = await openIt();
    try {
      await database.db
        .updateTable('points_accounts')
        .set((eb) => ({ balance: eb('balance', '+', 1) }))
        .where('member_id', 'is not', null)
        .execute();
    } finally {
      await database.close();
    }
    const broken = await runScript();
    expect(broken.stdout).toContain('1 points violation(s)');
    expect(broken.stdout).toMatch(/points account member:\d+: balance 251 but its entries sum to 250/);
    expect(broken.code).toBe(1);
  }, 120_000);
});
