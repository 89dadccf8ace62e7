import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// Risk (docs/risk.md): linked accounts, abuse flags and the member's risk level.
//
// risk_identity_keys is the risk module's own index of what identifies a member (a device hash, an
// IP address, a bank account number and a payee name, each normalised), filled by the `risk`
// activity consumer from the member's events; a link is two members holding the same key, so a new
// key is looked up in one indexed probe instead of a scan of every member. risk_links holds the pairs
// (lower member id first, one row per pair and kind) with their review; risk_flags the abuse
// patterns, one per (member, kind, key); member_risk_levels the level operators and confirmed
// findings set, with every change kept in risk_level_changes.
//
// Two facts the activity bus did not carry yet get their events here, written by a trigger in the
// fact's transaction like those of migration 0034: a bank account bound (bank_account.bound) and a
// payee name set or changed on the member (payee.named). A function of its own, so 0034's stays as
// it landed.
const riskEventFunction = `
CREATE FUNCTION risk_activity_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'member_bank_accounts' THEN
    INSERT INTO activity_events (kind, member_id, amount, data)
    VALUES ('bank_account.bound', NEW.member_id, 0, jsonb_build_object('bankAccountId', NEW.id));
  ELSE
    INSERT INTO activity_events (kind, member_id, amount, data)
    VALUES ('payee.named', NEW.id, 0, '{}'::jsonb);
  END IF;
  RETURN NULL;
END
$fn$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE risk_identity_keys (
      kind text NOT NULL CHECK (kind IN ('device', 'ip', 'bank_account', 'payee_name')),
      value text NOT NULL CHECK (length(value) BETWEEN 1 AND 200),
      member_id bigint NOT NULL REFERENCES members(id),
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, value, member_id)
    );
    CREATE INDEX risk_identity_keys_member ON risk_identity_keys (member_id);

    CREATE TABLE risk_links (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      other_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('device', 'ip', 'bank_account', 'payee_name')),
      value text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'dismissed')),
      note text,
      reviewed_by bigint REFERENCES members(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (member_id < other_id),
      UNIQUE (member_id, other_id, kind)
    );
    CREATE INDEX risk_links_other ON risk_links (other_id);
    CREATE INDEX risk_links_queue ON risk_links (status, id DESC);

    CREATE TABLE risk_flags (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('bonus_hit_and_run', 'referral_device')),
      key text NOT NULL,
      evidence jsonb NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'dismissed')),
      note text,
      reviewed_by bigint REFERENCES members(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, kind, key)
    );
    CREATE INDEX risk_flags_queue ON risk_flags (status, id DESC);

    CREATE TABLE member_risk_levels (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      level text NOT NULL CHECK (level IN ('low', 'normal', 'high', 'blocked')),
      reason text NOT NULL,
      source text NOT NULL CHECK (source IN ('operator', 'link', 'flag')),
      set_by bigint REFERENCES members(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE risk_level_changes (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      from_level text NOT NULL,
      to_level text NOT NULL,
      reason text NOT NULL,
      source text NOT NULL CHECK (source IN ('operator', 'link', 'flag')),
      operator_id bigint REFERENCES members(id),
      operator_username text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX risk_level_changes_member ON risk_level_changes (member_id, id DESC);
    `,
  );
  await sql.raw(riskEventFunction).execute(db);
  await runStatements(
    db,
    `
    CREATE TRIGGER member_bank_accounts_risk_activity AFTER INSERT ON member_bank_accounts FOR EACH ROW EXECUTE FUNCTION risk_activity_record();
    CREATE TRIGGER members_payee_risk_activity AFTER UPDATE OF payee_name ON members FOR EACH ROW WHEN (NEW.payee_name IS DISTINCT FROM OLD.payee_name AND NEW.payee_name IS NOT NULL) EXECUTE FUNCTION risk_activity_record();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER members_payee_risk_activity ON members;
    DROP TRIGGER member_bank_accounts_risk_activity ON member_bank_accounts;
    DROP FUNCTION risk_activity_record();
    DROP TABLE risk_level_changes;
    DROP TABLE member_risk_levels;
    DROP TABLE risk_flags;
    DROP TABLE risk_links;
    DROP TABLE risk_identity_keys;
    `,
  );
}
