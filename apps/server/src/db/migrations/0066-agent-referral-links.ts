import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Several named referral links per agent (docs/agents.md "Referral link"). A link is an
// affiliate code with a name the agent chose (unique per agent without regard to case; the code
// GET /wps/agent/referral creates on first ask has none). members.affiliate_code keeps the code a
// member registered with, so registrations and first deposits are counted per link, not only per
// agent. affiliate_code_visitors holds one row per link and visitor (a keyed hash of IP and user
// agent, never the address itself): a visit counts again only 24 hours after the last one counted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE affiliate_codes ADD COLUMN name text;
    CREATE UNIQUE INDEX affiliate_codes_agent_name ON affiliate_codes (agent_id, lower(name)) WHERE name IS NOT NULL;
    CREATE INDEX affiliate_codes_agent ON affiliate_codes (agent_id);
    ALTER TABLE members ADD COLUMN affiliate_code text;
    CREATE INDEX members_affiliate_code ON members (affiliate_code) WHERE affiliate_code IS NOT NULL;
    CREATE TABLE affiliate_code_visitors (
      code text NOT NULL REFERENCES affiliate_codes(code),
      visitor text NOT NULL,
      clicks integer NOT NULL,
      counted_at timestamptz NOT NULL,
      PRIMARY KEY (code, visitor)
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE affiliate_code_visitors;
    DROP INDEX members_affiliate_code;
    ALTER TABLE members DROP COLUMN affiliate_code;
    DROP INDEX affiliate_codes_agent;
    DROP INDEX affiliate_codes_agent_name;
    ALTER TABLE affiliate_codes DROP COLUMN name;
    `,
  );
}
