import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A game session ends with the member session that launched it (docs/games.md "Game sessions"):
// logout, "sign out other devices", a password change or an operator's lock revoke the member
// session, and this trigger expires in the same transaction every game session it launched, so the
// wallet refuses that game token from the commit on, whatever path revoked it. `ended_at` marks the
// ones the house studio must hear of (it closes their sockets and refuses their token): the job
// games.sessionEnds sends them and sets `end_sent_at`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE game_sessions ADD COLUMN session_id bigint;
    ALTER TABLE game_sessions ADD COLUMN ended_at timestamptz;
    ALTER TABLE game_sessions ADD COLUMN end_sent_at timestamptz;
    CREATE INDEX game_sessions_session ON game_sessions (session_id) WHERE session_id IS NOT NULL;
    CREATE INDEX game_sessions_end_due ON game_sessions (ended_at) WHERE ended_at IS NOT NULL AND end_sent_at IS NULL;
    CREATE FUNCTION end_game_sessions_of_session() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      UPDATE game_sessions SET expires_at = NEW.revoked_at, ended_at = NEW.revoked_at
       WHERE session_id = NEW.id AND expires_at > NEW.revoked_at; RETURN NULL; END $$;
    CREATE TRIGGER sessions_end_game_sessions AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION end_game_sessions_of_session();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER IF EXISTS sessions_end_game_sessions ON sessions;
    DROP FUNCTION IF EXISTS end_game_sessions_of_session();
    DROP INDEX IF EXISTS game_sessions_end_due;
    DROP INDEX IF EXISTS game_sessions_session;
    ALTER TABLE game_sessions DROP COLUMN end_sent_at;
    ALTER TABLE game_sessions DROP COLUMN ended_at;
    ALTER TABLE game_sessions DROP COLUMN session_id;
    `,
  );
}
