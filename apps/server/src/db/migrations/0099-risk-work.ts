import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The risk module's queues in the "work to do" panel (migration 0098 and
// modules/reports/work-queue.queries.ts): linked accounts waiting for review and open abuse flags,
// counted with the time of the oldest from partial indexes on the waiting rows, and announced on
// gamehall_operator_events by migration 0098's notify_work_queue when a row arrives or its state
// changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX work_risk_links_waiting ON risk_links (created_at) WHERE status = 'pending';
    CREATE INDEX work_risk_flags_waiting ON risk_flags (created_at) WHERE status = 'open';
    CREATE TRIGGER risk_links_work_notify AFTER INSERT OR DELETE ON risk_links FOR EACH ROW EXECUTE FUNCTION notify_work_queue('riskLinks');
    CREATE TRIGGER risk_links_work_status_notify AFTER UPDATE OF status ON risk_links FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_work_queue('riskLinks');
    CREATE TRIGGER risk_flags_work_notify AFTER INSERT OR DELETE ON risk_flags FOR EACH ROW EXECUTE FUNCTION notify_work_queue('riskFlags');
    CREATE TRIGGER risk_flags_work_status_notify AFTER UPDATE OF status ON risk_flags FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_work_queue('riskFlags');
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER risk_flags_work_status_notify ON risk_flags;
    DROP TRIGGER risk_flags_work_notify ON risk_flags;
    DROP TRIGGER risk_links_work_status_notify ON risk_links;
    DROP TRIGGER risk_links_work_notify ON risk_links;
    DROP INDEX work_risk_flags_waiting;
    DROP INDEX work_risk_links_waiting;
    `,
  );
}
