import { describe, expect, it } from 'vitest';
import { useLedgerVerifyScript } from '../../test/ledger-verify-script';
import { post } from './ledger.service';

// `npm run ledger:verify` (scripts/ledger-verify.ts) is what an operator runs against a live
// database; this runs the script itself, as a child process, on a PGlite database under a temporary
// DATA_DIR (the script's choice when DATABASE_URL is unset), healthy and then deliberately broken.

const script = useLedgerVerifyScript('gamehall-ledger-verify-', async (db) => {
  const member = await db
    .insertInto('members')
    .values({ username: 'ledgerverify', password_hash: 'x', referral_code: 'LEDGERVFY1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
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
});

describe('npm run ledger:verify', () => {
  it('exits 0 on a healthy ledger and 1 once a balance no longer matches its entries', async () => {
    const healthy = await script.run();
    expect(healthy.stdout).toContain('1 postings');
    expect(healthy.stdout).toContain('OK:');
    expect(healthy.code).toBe(0);

    // Break it the way a stray UPDATE would: a member balance off its entries by one cent.
    await script.raiseMemberBalances('ledger_accounts');
    const broken = await script.run();
    expect(broken.stdout).toContain('violation(s)');
    expect(broken.code).toBe(1);
  }, 120_000);
});
