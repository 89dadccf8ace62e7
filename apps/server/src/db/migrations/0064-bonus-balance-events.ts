import { type Kysely, sql } from 'kysely';
import { ledgerApply } from './0056-ledger-events-after-commit';
import { withEdits } from './sql-edits';

// The header shows the bonus balance beside the cash balance, and a bet spends cash first, then
// bonus: once the cash is gone a round moves only the bonus account, and ledger_apply answered
// events for member cash accounts only, so the player's bonus figure stood still until the next
// refresh. A member bonus account's change now answers a `bonusBalance` event, {"type":
// "bonusBalance", "data": {"bonus", "currency"}} in major units, sent after commit like the cash
// account's `balance` event (whose payload is unchanged). The account row is already in hand, so
// this costs no statement.

const cashEvent = `          'currency', acc.currency)))::text;
    END IF;
`;

const ledgerApply0064 = withEdits('0064', ledgerApply, [
  ['CREATE FUNCTION ledger_apply(', 'CREATE OR REPLACE FUNCTION ledger_apply('],
  [
    cashEvent,
    `          'currency', acc.currency)))::text;
    ELSIF acc.member_id IS NOT NULL AND acc.kind = 'bonus' THEN
      events := events || json_build_object(
        'm', acc.member_id,
        'e', json_build_object('type', 'bonusBalance', 'data', json_build_object(
          'bonus', acc.balance::float8 / 100,
          'currency', acc.currency)))::text;
    END IF;
`,
  ],
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerApply0064).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(withEdits('0064 down', ledgerApply, [['CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION']])).execute(db);
}
