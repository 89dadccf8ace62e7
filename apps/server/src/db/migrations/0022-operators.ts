import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// Operators and roles. A role is a named set of back-office permissions; an operator
// (account type 90) holds roles, and members.permissions stays the operator's effective set (the
// union of their roles' permissions), rewritten in the transaction that changes a role or an
// assignment. The session resolver keeps reading members.permissions, and the members trigger of
// migration 0013 tells every node to drop the operator's cached sessions when it changes.
//
// Existing operators: '*' holders get the Administrator role. Any other permission set (names from
// before the catalogue: 'cashier', 'brand') is translated to the catalogue's names and kept in a
// role of its own, so nobody gains or silently loses access.
//
// The audit trail: audit_log.operator marks rows written by an operator, so the audit screen reads
// them through a partial index instead of scanning every member login; rows cannot be changed or
// deleted (a trigger raises on UPDATE, DELETE and TRUNCATE, whoever runs them).
//
// member_totp changes notify like members do: a cached operator session carries whether two-factor
// is on (the brand can require it before any other /admin call).

const LEGACY_NAMES: Record<string, string[]> = {
  cashier: ['cashier.read', 'cashier.approve', 'cashier.settings'],
  brand: ['site.write'],
};
// The catalogue of packages/shared/src/api/permissions.ts as it stands at this migration, in its order.
const CATALOGUE = [
  'dashboard.read',
  'members.read',
  'members.write',
  'wallet.adjust',
  'wallet.approve',
  'cashier.read',
  'cashier.approve',
  'cashier.settings',
  'site.write',
  'content.write',
  'games.read',
  'games.write',
  'reports.read',
  'operators.admin',
  'audit.read',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE roles (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      permissions jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(permissions) = 'array'),
      built_in boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));
    CREATE TABLE operator_roles (
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, role_id)
    );
    CREATE INDEX operator_roles_role ON operator_roles (role_id);
    INSERT INTO roles (name, permissions, built_in) VALUES ('Administrator', '["*"]'::jsonb, true);
    INSERT INTO operator_roles (member_id, role_id)
      SELECT m.id, r.id FROM members m CROSS JOIN roles r
      WHERE m.type = 90 AND m.permissions ? '*' AND r.name = 'Administrator';
    UPDATE members SET permissions = '["*"]'::jsonb WHERE type = 90 AND permissions ? '*'
    `,
  );

  const legacy = await sql<{ id: string; username: string; permissions: string[] }>`
    SELECT id, username, permissions FROM members
    WHERE type = 90 AND NOT permissions ? '*' AND jsonb_array_length(permissions) > 0`.execute(db);
  const roleBySet = new Map<string, number>();
  for (const op of legacy.rows) {
    const wanted = new Set(op.permissions.flatMap((p) => LEGACY_NAMES[p] ?? [p]));
    const translated = CATALOGUE.filter((p) => wanted.has(p));
    const setKey = JSON.stringify(translated);
    let roleId = roleBySet.get(setKey);
    if (roleId === undefined && translated.length > 0) {
      const name = `Migrated ${roleBySet.size + 1}: ${op.permissions.join(', ')}`.slice(0, 60);
      const role = await sql<{ id: string }>`
        INSERT INTO roles (name, permissions) VALUES (${name}, ${setKey}::jsonb) RETURNING id`.execute(db);
      roleId = Number(role.rows[0]?.id);
      roleBySet.set(setKey, roleId);
    }
    if (roleId !== undefined)
      await sql`INSERT INTO operator_roles (member_id, role_id) VALUES (${op.id}, ${roleId})`.execute(db);
    await sql`UPDATE members SET permissions = ${setKey}::jsonb WHERE id = ${op.id}`.execute(db);
  }

  await runStatements(
    db,
    `
    ALTER TABLE audit_log ADD COLUMN operator boolean NOT NULL DEFAULT false;
    UPDATE audit_log SET operator = true WHERE member_id IN (SELECT id FROM members WHERE type = 90);
    CREATE INDEX audit_log_operator ON audit_log (id DESC) WHERE operator;
    CREATE INDEX audit_log_operator_target ON audit_log ((detail->>'target'), id DESC) WHERE operator;
    CREATE INDEX audit_log_operator_event ON audit_log (event, id DESC) WHERE operator;
    CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log rows cannot be changed or deleted' USING ERRCODE = 'restrict_violation'; END $$;
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
    CREATE FUNCTION notify_member_totp_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'DELETE' THEN PERFORM pg_notify('gamehall_invalidations', json_build_object('k', 'member', 'm', OLD.member_id)::text); ELSE PERFORM pg_notify('gamehall_invalidations', json_build_object('k', 'member', 'm', NEW.member_id)::text); END IF; RETURN NULL; END $$;
    CREATE TRIGGER member_totp_changed_notify AFTER INSERT OR UPDATE OF enabled_at, member_id OR DELETE ON member_totp FOR EACH ROW EXECUTE FUNCTION notify_member_totp_change()
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER member_totp_changed_notify ON member_totp;
    DROP FUNCTION notify_member_totp_change();
    DROP TRIGGER audit_log_no_truncate ON audit_log;
    DROP TRIGGER audit_log_no_change ON audit_log;
    DROP FUNCTION audit_log_immutable();
    DROP INDEX audit_log_operator_event;
    DROP INDEX audit_log_operator_target;
    DROP INDEX audit_log_operator;
    ALTER TABLE audit_log DROP COLUMN operator;
    DROP TABLE operator_roles;
    DROP TABLE roles
    `,
  );
}
