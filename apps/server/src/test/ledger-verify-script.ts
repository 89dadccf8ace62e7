import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const root = path.resolve(import.meta.dirname, '../../../..');

export type LedgerVerifyScript = {
  /** Runs `scripts/ledger-verify.ts` as a child process, as an operator would with `npm run ledger:verify`. */
  run: () => Promise<{ code: number | null; stdout: string }>;
  /** Breaks the ledger the way a stray UPDATE would: every member balance one unit off its entries. */
  raiseMemberBalances: (table: 'ledger_accounts' | 'points_accounts') => Promise<void>;
};

/**
 * A PGlite database under a temporary DATA_DIR (the script's choice when DATABASE_URL is unset) for
 * one test file: migrated and filled by `seed` before the tests, removed after them.
 */
export function useLedgerVerifyScript(prefix: string, seed: (db: Db) => Promise<void>): LedgerVerifyScript {
  let dataDir = '';
  const open = () => openDatabase({ databaseUrl: undefined, dataDir, dbPoolSize: 1 });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const database = await open();
    try {
      await migrateToLatest(database.db);
      await seed(database.db);
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function run(): Promise<{ code: number | null; stdout: string }> {
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

  async function raiseMemberBalances(table: 'ledger_accounts' | 'points_accounts') {
    const database = await open();
    try {
      await database.db
        .updateTable(table)
        .set((eb) => ({ balance: eb('balance', '+', 1) }))
        .where('member_id', 'is not', null)
        .execute();
    } finally {
      await database.close();
    }
  }

  return { run, raiseMemberBalances };
}
