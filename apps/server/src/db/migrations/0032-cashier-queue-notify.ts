import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The cashier queues with live arrival and the dashboard's pending counters that update live:
// every change of a cashier queue (a deposit or withdrawal order or a member's bank account
// created, its status changed, or removed) notifies gamehall_operator_events, which every node's
// event bus listens to (realtime/event-bus.ts) and relays to the operators' sockets
// (realtime/operator-realtime.ts). A trigger catches every writer (the member's request, an
// operator's decision, the gateway callback, the expiry and receipt jobs, a script) and its NOTIFY
// is delivered only when the writing transaction commits, never for one that rolls back.
// The payload names the row, never member data: {"q":queue,"op":insert|update|delete,"id","r"
// (reference, null for bank accounts),"s" (new status, null on delete),"m" (member id)}.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE FUNCTION notify_cashier_queue() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE r jsonb; BEGIN IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF; PERFORM pg_notify('gamehall_operator_events', json_build_object('q', TG_ARGV[0], 'op', lower(TG_OP), 'id', (r->>'id')::bigint, 'r', r->>'reference', 's', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE r->>'status' END, 'm', (r->>'member_id')::bigint)::text); RETURN NULL; END $$;
    CREATE TRIGGER deposit_orders_queue_notify AFTER INSERT OR DELETE ON deposit_orders FOR EACH ROW EXECUTE FUNCTION notify_cashier_queue('deposits');
    CREATE TRIGGER deposit_orders_status_notify AFTER UPDATE OF status ON deposit_orders FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_cashier_queue('deposits');
    CREATE TRIGGER withdrawal_orders_queue_notify AFTER INSERT OR DELETE ON withdrawal_orders FOR EACH ROW EXECUTE FUNCTION notify_cashier_queue('withdrawals');
    CREATE TRIGGER withdrawal_orders_status_notify AFTER UPDATE OF status ON withdrawal_orders FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_cashier_queue('withdrawals');
    CREATE TRIGGER member_bank_accounts_queue_notify AFTER INSERT OR DELETE ON member_bank_accounts FOR EACH ROW EXECUTE FUNCTION notify_cashier_queue('bankAccounts');
    CREATE TRIGGER member_bank_accounts_status_notify AFTER UPDATE OF status ON member_bank_accounts FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_cashier_queue('bankAccounts');
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER member_bank_accounts_status_notify ON member_bank_accounts;
    DROP TRIGGER member_bank_accounts_queue_notify ON member_bank_accounts;
    DROP TRIGGER withdrawal_orders_status_notify ON withdrawal_orders;
    DROP TRIGGER withdrawal_orders_queue_notify ON withdrawal_orders;
    DROP TRIGGER deposit_orders_status_notify ON deposit_orders;
    DROP TRIGGER deposit_orders_queue_notify ON deposit_orders;
    DROP FUNCTION notify_cashier_queue();
    `,
  );
}
