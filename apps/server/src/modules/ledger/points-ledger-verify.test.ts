import { describe, expect, it } from 'vitest';
import { useLedgerVerifyScript } from '../../test/ledger-verify-script';
import { postPoints } from './points-ledger.service';

// `npm run ledger:verify` checks the points ledger beside the money ledger: this runs the script as
// a child process on a PGlite database under a temporary DATA_DIR, healthy and then with a points
// row tampered with (a member's points balance raised without an entry).

const script = useLedgerVerifyScript('gamehall-points-verify-', async (db) => {
  const member = await db
    .insertInto('members')
    .values({ username: 'pointsverify', password_hash: 'x', referral_code: 'POINTSVFY1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute((trx) =>
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
});

describe('npm run ledger:verify on the points ledger', () => {
  it('exits 0 on a healthy points ledger and 1 once a points balance no longer matches its entries', async () => {
    const healthy = await script.run();
    expect(healthy.stdout).toContain('points: 2 accounts, 1 postings, 2 entries');
    expect(healthy.stdout).toContain('OK: points balances match');
    expect(healthy.code).toBe(0);

    await script.raiseMemberBalances('points_accounts');
    const broken = await script.run();
    expect(broken.stdout).toContain('1 points violation(s)');
    expect(broken.stdout).toMatch(/points account member:\d+: balance 251 but its entries sum to 250/);
    expect(broken.code).toBe(1);
  }, 120_000);
});
