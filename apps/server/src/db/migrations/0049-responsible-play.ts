import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Limits and breaks (docs/responsible-play.md). One row per member who set anything:
// the limits in force and the raises or removals waiting out their 24 hours (jsonb, keyed by
// LIMIT_KEYS), the reality-check interval, the current break and the first launch of the brand day
// (the session limit counts from it). Money paths lock this row (FOR UPDATE) before they read usage,
// so concurrent deposits or bets that would together cross a limit are decided one after the other.
// A member without a row pays one primary-key probe on those paths.
const tables = `
CREATE TABLE responsible_settings (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  limits jsonb NOT NULL DEFAULT '{}',
  pending jsonb NOT NULL DEFAULT '{}',
  reality_check_minutes integer CHECK (reality_check_minutes IN (15, 30, 60)),
  break_kind text CHECK (break_kind IN ('timeout', 'exclusion')),
  break_period text,
  break_started_at timestamptz,
  break_until timestamptz,
  session_day text,
  session_started_at timestamptz,
  limit_hit_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_settings_breaks ON responsible_settings (break_kind) WHERE break_kind IS NOT NULL;

-- What members and operators did, for the monthly report and the member's history: limit set,
-- raised (pending), removed, applied; break taken; break lifted by an operator (with reason).
CREATE TABLE responsible_events (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('limit_lowered', 'limit_raise_requested', 'break_taken', 'break_lifted', 'limit_refused')),
  detail jsonb NOT NULL DEFAULT '{}',
  operator_id bigint REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_events_member ON responsible_events (member_id, created_at DESC);
CREATE INDEX responsible_events_created ON responsible_events (created_at);

-- The operator's note and contact log of a member (issue 15 "Back office and reports").
CREATE TABLE responsible_notes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('note', 'contact')),
  text text NOT NULL,
  operator_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_notes_member ON responsible_notes (member_id, created_at DESC);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, tables);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    'DROP TABLE responsible_notes;\nDROP TABLE responsible_events;\nDROP TABLE responsible_settings;',
  );
}
