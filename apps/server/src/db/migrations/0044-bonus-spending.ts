import { type Kysely, sql } from 'kysely';
import { vendorCallContext0018 } from './0018-vendor-bet-refusals';
import { runStatements } from './run-statements';
import { withEdits } from './sql-edits';

// Bets spend cash first, then bonus (docs/rewards.md "Bonus wallet and wagering"). A bet
// larger than the member's spendable cash takes the rest from the bonus account in the same
// posting; the round's wins go back to cash and bonus in the proportion its bets were taken, and a
// rollback returns each part of a bet where it came from. So the gateway must know, per bet, the
// part taken from bonus, and per round, its bets and their bonus part:
// - vendor_transactions.bonus_amount: the part of a bet (or win, or rollback) booked on bonus;
// - vendor_rounds.bonus_bet_amount: the part of the round's bet_amount taken from bonus;
// - vendor_record_bet / vendor_record_win take that part (one more argument each);
// - vendor_call_context also returns the member's bonus balance, the round's bet and its bonus part,
//   and each known transaction's bonus_amount, in the same one round trip.
// A member with no bonus account reads NULL and nothing else changes on the bet path.

const columns = `
ALTER TABLE vendor_transactions ADD COLUMN bonus_amount bigint NOT NULL DEFAULT 0;
ALTER TABLE vendor_rounds ADD COLUMN bonus_bet_amount bigint NOT NULL DEFAULT 0;
`;

const vendorCallContext0044 = withEdits('0044', vendorCallContext0018, [
  [
    '  refusal_balance bigint\n',
    '  refusal_balance bigint,\n  bonus_balance bigint,\n  round_bet_amount bigint,\n  round_bonus_amount bigint\n',
  ],
  [
    "'status', t.status, 'balance_after', t.balance_after)",
    "'status', t.status, 'balance_after', t.balance_after, 'bonus_amount', t.bonus_amount)",
  ],
  [
    '         f.details_hash, f.status, f.balance\n',
    '         f.details_hash, f.status, f.balance, b.balance, r.bet_amount, r.bonus_bet_amount\n',
  ],
  [
    '  LEFT JOIN ledger_accounts a ON a.code = p_cash_code\n',
    "  LEFT JOIN ledger_accounts a ON a.code = p_cash_code\n  LEFT JOIN ledger_accounts b ON b.code = replace(p_cash_code, ':cash:', ':bonus:')\n",
  ],
]);

function recordBet(withBonus: boolean) {
  const [arg, roundCol, roundVal, roundSet, txCol, txVal] = withBonus
    ? [
        ',\n  p_bonus bigint',
        ', bonus_bet_amount',
        ', p_bonus',
        ', bonus_bet_amount = r.bonus_bet_amount + p_bonus',
        ', bonus_amount',
        ', p_bonus',
      ]
    : ['', '', '', '', '', ''];
  return `
CREATE FUNCTION vendor_record_bet(
  p_vendor text,
  p_round text,
  p_member bigint,
  p_node bigint,
  p_game_code text,
  p_game_type text,
  p_currency text,
  p_transaction text,
  p_amount bigint,
  p_details_hash text,
  p_balance_after bigint${arg}
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO vendor_rounds AS r
    (vendor_code, round_id, member_id, node_id, game_code, game_type, currency, bet_amount, created_at${roundCol})
  VALUES (p_vendor, p_round, p_member, p_node, p_game_code, p_game_type, p_currency, p_amount, app_clock()${roundVal})
  ON CONFLICT (vendor_code, round_id) DO UPDATE SET bet_amount = r.bet_amount + p_amount${roundSet};
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, details_hash, status,
     balance_after, created_at${txCol})
  VALUES (p_vendor, p_transaction, 'bet', p_round, p_member, p_amount, NULL, p_details_hash, 'ok', p_balance_after,
     app_clock()${txVal});
END
$fn$`;
}

function recordWin(withBonus: boolean) {
  const [arg, txCol, txVal] = withBonus ? [',\n  p_bonus bigint', ', bonus_amount', ', p_bonus'] : ['', '', ''];
  return `
CREATE FUNCTION vendor_record_win(
  p_vendor text,
  p_round text,
  p_member bigint,
  p_transaction text,
  p_amount bigint,
  p_bet_transaction text,
  p_details_hash text,
  p_balance_after bigint,
  p_close boolean${arg}
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_close THEN
    UPDATE vendor_rounds SET win_amount = win_amount + p_amount, status = 'closed', closed_at = app_clock()
     WHERE vendor_code = p_vendor AND round_id = p_round;
  ELSE
    UPDATE vendor_rounds SET win_amount = win_amount + p_amount
     WHERE vendor_code = p_vendor AND round_id = p_round;
  END IF;
  INSERT INTO vendor_transactions
    (vendor_code, transaction_id, kind, round_id, member_id, amount, ref_transaction_id, details_hash, status,
     balance_after, created_at${txCol})
  VALUES (p_vendor, p_transaction, 'win', p_round, p_member, p_amount, p_bet_transaction, p_details_hash, 'ok',
     p_balance_after, app_clock()${txVal});
END
$fn$`;
}

const contextSignature = 'vendor_call_context(text[], text, bigint, text, text, text, text, text, text, text)';
const betSignature = 'vendor_record_bet(text, text, bigint, bigint, text, text, text, text, bigint, text, bigint';
const winSignature = 'vendor_record_win(text, text, bigint, text, bigint, text, text, bigint, boolean';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, columns);
  // The result columns and the arguments change, so the functions are dropped and created again.
  // One statement each (the bodies have semicolons at line ends, so not through runStatements).
  await sql.raw(`DROP FUNCTION ${contextSignature}`).execute(db);
  await sql.raw(vendorCallContext0044).execute(db);
  await sql.raw(`DROP FUNCTION ${betSignature})`).execute(db);
  await sql.raw(recordBet(true)).execute(db);
  await sql.raw(`DROP FUNCTION ${winSignature})`).execute(db);
  await sql.raw(recordWin(true)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP FUNCTION ${winSignature}, bigint)`).execute(db);
  await sql.raw(recordWin(false)).execute(db);
  await sql.raw(`DROP FUNCTION ${betSignature}, bigint)`).execute(db);
  await sql.raw(recordBet(false)).execute(db);
  await sql.raw(`DROP FUNCTION ${contextSignature}`).execute(db);
  await sql.raw(vendorCallContext0018).execute(db);
  await runStatements(
    db,
    'ALTER TABLE vendor_rounds DROP COLUMN bonus_bet_amount;\nALTER TABLE vendor_transactions DROP COLUMN bonus_amount;',
  );
}
