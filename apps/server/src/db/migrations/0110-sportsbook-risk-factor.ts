import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// The sportsbook's stake factor follows the member's risk level (docs/sportsbook.md "Risk level"):
// the house book must hear of every change, also when it is down at the time. sportsbook_risk_pushes
// is the outbox of those pushes, one row per member: `version` grows with each change of the
// member's level, or of the brand's mapping from levels to factors for the member's level, and the
// job `sportsbook.riskFactors` sends the member's factor as it is then with that version, until the
// book answered for it (`delivered_version`). The book keeps a factor only from a higher version,
// so a push repeated or arriving late never undoes a newer one.
//
// The rows are written by triggers, in the transaction of the change, so no path (an operator's
// level, a confirmed link or flag raising it, a mapping saved from the console or by hand) can
// forget to tell the book, and a change rolled back tells it nothing.
const pushFunction = `
CREATE FUNCTION sportsbook_risk_push_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_old jsonb;
BEGIN
  IF TG_TABLE_NAME = 'member_risk_levels' THEN
    IF TG_OP = 'UPDATE' AND NEW.level IS NOT DISTINCT FROM OLD.level THEN
      RETURN NULL;
    END IF;
    INSERT INTO sportsbook_risk_pushes AS p (member_id) VALUES (NEW.member_id)
    ON CONFLICT (member_id) DO UPDATE
      SET version = p.version + 1, attempts = 0, next_attempt_at = now(), last_error = NULL;
  ELSE
    IF TG_OP = 'UPDATE' THEN
      v_old := OLD.value;
    END IF;
    INSERT INTO sportsbook_risk_pushes AS p (member_id)
      SELECT r.member_id FROM member_risk_levels r
       WHERE r.level <> 'normal' AND (v_old -> r.level) IS DISTINCT FROM (NEW.value -> r.level)
    ON CONFLICT (member_id) DO UPDATE
      SET version = p.version + 1, attempts = 0, next_attempt_at = now(), last_error = NULL;
  END IF;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE sportsbook_risk_pushes (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      version bigint NOT NULL DEFAULT 1,
      delivered_version bigint NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      delivered_at timestamptz
    );
    CREATE INDEX sportsbook_risk_pushes_due ON sportsbook_risk_pushes (next_attempt_at) WHERE version > delivered_version;
    INSERT INTO sportsbook_risk_pushes (member_id) SELECT member_id FROM member_risk_levels WHERE level <> 'normal';
    `,
  );
  await sql.raw(pushFunction).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER member_risk_levels_sportsbook_push AFTER INSERT OR UPDATE OF level ON member_risk_levels FOR EACH ROW EXECUTE FUNCTION sportsbook_risk_push_record();
    CREATE TRIGGER brand_settings_sportsbook_risk_push AFTER INSERT OR UPDATE ON brand_settings FOR EACH ROW WHEN (NEW.key = 'sportsbookRiskFactors') EXECUTE FUNCTION sportsbook_risk_push_record();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER brand_settings_sportsbook_risk_push ON brand_settings;
    DROP TRIGGER member_risk_levels_sportsbook_push ON member_risk_levels;
    DROP FUNCTION sportsbook_risk_push_record();
    DROP TABLE sportsbook_risk_pushes;
    `,
  );
}
