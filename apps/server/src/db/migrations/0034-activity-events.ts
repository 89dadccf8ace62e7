import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// The activity outbox. Each fact a programme may react to is
// one row of activity_events written by a trigger on the table where the fact is recorded, so it
// commits (or rolls back) with the fact and no code path can forget it:
//   registration        members INSERT
//   login               sessions INSERT (area in data)
//   deposit             deposit_orders status -> approved (amount, first_deposit, method)
//   withdrawal.requested withdrawal_orders INSERT
//   withdrawal.paid     withdrawal_orders status -> paid
//   round.settled       vendor_rounds status -> closed (bet, win, game type, vendor, game):
//                       the valid bet of docs/agents.md, counted once the round closes
//   transfer            ledger_postings of type wallet-transfer or transfer.* (deferred to commit
//                       so the trigger sees the posting's entries and the amount moved)
// On the bet path (vendor_record_win closing a round) the cost is one row insert in the call's
// existing transaction; nothing waits for a programme.
//
// txid is the writing transaction's id: the consumer (modules/activity/activity-bus.ts) only takes events
// whose transaction is older than every running one (pg_snapshot_xmin), in (txid, id) order, so an
// event committed late with a low id is never skipped by a cursor that moved past it.
// rewards_consumer_cursors keeps each consumer's position; rewards_consumptions is the exactly-once
// record per (consumer, event): a replay, a crash or a second node inserting it again finds it and
// does nothing.
export const eventFunction = `
CREATE FUNCTION activity_event_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_member bigint;
  v_amount bigint;
BEGIN
  IF TG_TABLE_NAME = 'members' THEN
    INSERT INTO activity_events (kind, member_id, amount, data)
    VALUES ('registration', NEW.id, 0, jsonb_build_object('referrerId', NEW.referrer_id, 'uplineId', NEW.upline_id, 'ip', NEW.register_ip));
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    INSERT INTO activity_events (kind, member_id, amount, data)
    VALUES ('login', NEW.member_id, 0, jsonb_build_object('area', NEW.area, 'ip', NEW.ip));
  ELSIF TG_TABLE_NAME = 'deposit_orders' THEN
    INSERT INTO activity_events (kind, member_id, amount, currency, reference, data)
    VALUES ('deposit', NEW.member_id, NEW.amount, NEW.currency, NEW.reference,
      jsonb_build_object('firstDeposit', NEW.first_deposit, 'method', NEW.method_code));
  ELSIF TG_TABLE_NAME = 'withdrawal_orders' THEN
    INSERT INTO activity_events (kind, member_id, amount, currency, reference, data)
    VALUES (CASE WHEN TG_OP = 'INSERT' THEN 'withdrawal.requested' ELSE 'withdrawal.paid' END,
      NEW.member_id, NEW.amount, NEW.currency, NEW.reference, '{}'::jsonb);
  ELSIF TG_TABLE_NAME = 'vendor_rounds' THEN
    INSERT INTO activity_events (kind, member_id, amount, currency, reference, data)
    VALUES ('round.settled', NEW.member_id, NEW.bet_amount, NEW.currency, NEW.vendor_code || ':' || NEW.round_id,
      jsonb_build_object('win', NEW.win_amount, 'gameType', NEW.game_type, 'vendor', NEW.vendor_code, 'gameCode', NEW.game_code));
  ELSIF TG_TABLE_NAME = 'ledger_postings' THEN
    -- The member whose account the money left (the sender; both sides for a vendor wallet move).
    SELECT a.member_id, -e.amount INTO v_member, v_amount
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.posting_id = NEW.id AND a.member_id IS NOT NULL AND e.amount < 0
     ORDER BY e.id LIMIT 1;
    IF v_member IS NOT NULL THEN
      INSERT INTO activity_events (kind, member_id, amount, reference, data)
      VALUES ('transfer', v_member, v_amount, NEW.reference, jsonb_build_object('type', NEW.type));
    END IF;
  END IF;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE activity_events (
      id bigserial PRIMARY KEY,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      kind text NOT NULL,
      member_id bigint NOT NULL,
      amount bigint NOT NULL DEFAULT 0,
      currency text,
      reference text,
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX activity_events_order ON activity_events (txid, id);
    CREATE INDEX activity_events_member ON activity_events (member_id, kind, id);

    CREATE TABLE rewards_consumer_cursors (
      consumer text PRIMARY KEY,
      last_txid xid8 NOT NULL DEFAULT '0'::xid8,
      last_id bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE rewards_consumptions (
      consumer text NOT NULL,
      event_id bigint NOT NULL REFERENCES activity_events(id),
      consumed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    );
    `,
  );
  await sql.raw(eventFunction).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER members_activity AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION activity_event_record();
    CREATE TRIGGER sessions_activity AFTER INSERT ON sessions FOR EACH ROW WHEN (NEW.area = 'member') EXECUTE FUNCTION activity_event_record();
    CREATE TRIGGER deposit_orders_activity AFTER UPDATE OF status ON deposit_orders FOR EACH ROW WHEN (NEW.status = 'approved' AND OLD.status <> 'approved') EXECUTE FUNCTION activity_event_record();
    CREATE TRIGGER withdrawal_orders_requested_activity AFTER INSERT ON withdrawal_orders FOR EACH ROW EXECUTE FUNCTION activity_event_record();
    CREATE TRIGGER withdrawal_orders_paid_activity AFTER UPDATE OF status ON withdrawal_orders FOR EACH ROW WHEN (NEW.status = 'paid' AND OLD.status <> 'paid') EXECUTE FUNCTION activity_event_record();
    CREATE TRIGGER vendor_rounds_activity AFTER UPDATE OF status ON vendor_rounds FOR EACH ROW WHEN (NEW.status = 'closed' AND OLD.status <> 'closed') EXECUTE FUNCTION activity_event_record();
    CREATE CONSTRAINT TRIGGER ledger_postings_transfer_activity AFTER INSERT ON ledger_postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.type = 'wallet-transfer' OR NEW.type LIKE 'transfer.%') EXECUTE FUNCTION activity_event_record();
    `,
  );
}
