import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Game list speed: each node keeps resolved sessions and the shown catalogue in memory
// instead of reading the database on every call. These triggers tell every node (through NOTIFY on
// gamehall_invalidations, which the event bus listens to, realtime/event-bus.ts) when a cached copy
// went stale, whoever made the change: this server, another node, a script or psql. A NOTIFY is
// delivered when the writing transaction commits and dropped on rollback.
// - the catalogue: the catalogue_version bump of migration 0007 also notifies {"k":"catalogue"};
// - a session: revoked, expiry changed, moved to another member, deleted, or its last_seen_at set
//   back (a touch only moves it forward and stays silent): {"k":"member","m":<member id>};
// - a member: anything a resolved session carries (username, type, status, permissions, language)
//   or the password changed, or the row deleted: {"k":"member","m":<member id>};
// - TRUNCATE of either table: {"k":"all"}.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; PERFORM pg_notify('gamehall_invalidations', '{"k":"catalogue"}'); RETURN NULL; END $$;
    CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('gamehall_invalidations', json_build_object('k', 'member', 'm', OLD.member_id)::text); IF TG_OP = 'UPDATE' AND NEW.member_id IS DISTINCT FROM OLD.member_id THEN PERFORM pg_notify('gamehall_invalidations', json_build_object('k', 'member', 'm', NEW.member_id)::text); END IF; RETURN NULL; END $$;
    CREATE TRIGGER sessions_changed_notify AFTER UPDATE ON sessions FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.area IS DISTINCT FROM NEW.area OR NEW.last_seen_at < OLD.last_seen_at) EXECUTE FUNCTION notify_session_change();
    CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change();
    CREATE FUNCTION notify_member_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('gamehall_invalidations', json_build_object('k', 'member', 'm', OLD.id)::text); RETURN NULL; END $$;
    CREATE TRIGGER members_changed_notify AFTER UPDATE ON members FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.type IS DISTINCT FROM NEW.type OR OLD.status IS DISTINCT FROM NEW.status OR OLD.permissions IS DISTINCT FROM NEW.permissions OR OLD.language IS DISTINCT FROM NEW.language OR OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION notify_member_change();
    CREATE TRIGGER members_deleted_notify AFTER DELETE ON members FOR EACH ROW EXECUTE FUNCTION notify_member_change();
    CREATE FUNCTION notify_all_sessions() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('gamehall_invalidations', '{"k":"all"}'); RETURN NULL; END $$;
    CREATE TRIGGER sessions_truncated_notify AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_all_sessions();
    CREATE TRIGGER members_truncated_notify AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION notify_all_sessions();
    `,
  );
}
