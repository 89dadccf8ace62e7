import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The console's "work to do" panel (modules/reports/work-queue.queries.ts) counts the waiting rows
// of eight tables and reads the time of each one's oldest: a partial index on the waiting rows
// answers both from the index alone, however many decided rows the table holds (the cashier's bank
// accounts and feedback already have one, migrations 0024 and 0047).
// The panel is live: migration 0032's trigger announces the cashier queues on
// gamehall_operator_events, and the triggers here announce the other sources the same way, on a
// row arriving or its waiting state changing, delivered only when the writing transaction commits.
// The payload names the source alone, never a row or member: {"q":"work","src":source}. The
// source names are the console's (packages/shared/src/api/work-sources.ts WORK_SOURCES).
// A vendor's maintenance gets its announced end (vendors.maintenance_until, null: until further
// notice): players read it when a launch is refused, and the job games.vendor-maintenance-end puts
// the vendor back to active once it has passed (docs/games.md "Vendor maintenance").
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vendors ADD COLUMN maintenance_until timestamptz;
    CREATE INDEX work_deposit_orders_waiting ON deposit_orders (created_at) WHERE status = 'pending' AND method_kind = 'bank_transfer';
    CREATE INDEX work_withdrawal_orders_waiting ON withdrawal_orders (created_at) WHERE status = 'pending';
    CREATE INDEX work_balance_adjustments_waiting ON balance_adjustments (created_at) WHERE status = 'pending';
    CREATE INDEX work_kyc_documents_waiting ON kyc_documents (created_at) WHERE status = 'pending';
    CREATE INDEX work_chat_conversations_waiting ON chat_conversations (created_at) WHERE state = 'queued';
    CREATE INDEX work_contract_statements_waiting ON contract_statements (created_at) WHERE status = 'held';
    CREATE FUNCTION notify_work_queue() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('gamehall_operator_events', json_build_object('q', 'work', 'src', TG_ARGV[0])::text); RETURN NULL; END $$;
    CREATE TRIGGER balance_adjustments_work_notify AFTER INSERT OR DELETE ON balance_adjustments FOR EACH ROW EXECUTE FUNCTION notify_work_queue('adjustments');
    CREATE TRIGGER balance_adjustments_work_status_notify AFTER UPDATE OF status ON balance_adjustments FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_work_queue('adjustments');
    CREATE TRIGGER kyc_documents_work_notify AFTER INSERT OR DELETE ON kyc_documents FOR EACH ROW EXECUTE FUNCTION notify_work_queue('kycDocuments');
    CREATE TRIGGER kyc_documents_work_status_notify AFTER UPDATE OF status ON kyc_documents FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_work_queue('kycDocuments');
    CREATE TRIGGER chat_conversations_work_notify AFTER INSERT OR DELETE ON chat_conversations FOR EACH ROW EXECUTE FUNCTION notify_work_queue('chats');
    CREATE TRIGGER chat_conversations_work_state_notify AFTER UPDATE OF state ON chat_conversations FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION notify_work_queue('chats');
    CREATE TRIGGER feedback_work_notify AFTER INSERT OR DELETE ON feedback FOR EACH ROW EXECUTE FUNCTION notify_work_queue('feedback');
    CREATE TRIGGER feedback_work_status_notify AFTER UPDATE OF status ON feedback FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_work_queue('feedback');
    CREATE TRIGGER contract_statements_work_notify AFTER INSERT OR DELETE ON contract_statements FOR EACH ROW EXECUTE FUNCTION notify_work_queue('heldStatements');
    CREATE TRIGGER contract_statements_work_status_notify AFTER UPDATE OF status ON contract_statements FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_work_queue('heldStatements');
    CREATE TRIGGER contract_statement_holds_work_notify AFTER INSERT OR DELETE ON contract_statement_holds FOR EACH ROW EXECUTE FUNCTION notify_work_queue('heldStatements');
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER contract_statement_holds_work_notify ON contract_statement_holds;
    DROP TRIGGER contract_statements_work_status_notify ON contract_statements;
    DROP TRIGGER contract_statements_work_notify ON contract_statements;
    DROP TRIGGER feedback_work_status_notify ON feedback;
    DROP TRIGGER feedback_work_notify ON feedback;
    DROP TRIGGER chat_conversations_work_state_notify ON chat_conversations;
    DROP TRIGGER chat_conversations_work_notify ON chat_conversations;
    DROP TRIGGER kyc_documents_work_status_notify ON kyc_documents;
    DROP TRIGGER kyc_documents_work_notify ON kyc_documents;
    DROP TRIGGER balance_adjustments_work_status_notify ON balance_adjustments;
    DROP TRIGGER balance_adjustments_work_notify ON balance_adjustments;
    DROP FUNCTION notify_work_queue();
    DROP INDEX work_contract_statements_waiting;
    DROP INDEX work_chat_conversations_waiting;
    DROP INDEX work_kyc_documents_waiting;
    DROP INDEX work_balance_adjustments_waiting;
    DROP INDEX work_withdrawal_orders_waiting;
    DROP INDEX work_deposit_orders_waiting;
    ALTER TABLE vendors DROP COLUMN maintenance_until;
    `,
  );
}
