import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Platform messages and feedback (docs/messages.md).
// - member_messages gains kind + params: a system message is stored as what happened, and its text
//   is rendered in the reader's language at read time (title/content keep an English copy for the
//   back office and for literal messages written before kinds existed); deleted_at hides it.
// - broadcasts: an operator's message stored once, with its audience, per-language texts and
//   schedule; members read it through the audience filter. broadcast_members holds the member
//   list of a 'members' audience; broadcast_receipts records read/delete per member lazily.
// - feedback: a member's question with up to three images (bytes in feedback_files) and the
//   operator's answer.
const up0047 = `
ALTER TABLE member_messages ADD COLUMN kind text;
ALTER TABLE member_messages ADD COLUMN params jsonb NOT NULL DEFAULT '{}';
ALTER TABLE member_messages ADD COLUMN deleted_at timestamptz;
CREATE INDEX member_messages_inbox ON member_messages (member_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE broadcasts (
  id bigserial PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('everyone', 'vip_level', 'team', 'members')),
  vip_level integer,
  agent_id bigint REFERENCES members(id),
  texts jsonb NOT NULL,
  fallback_language text NOT NULL,
  marketing boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('scheduled', 'sent', 'cancelled')),
  send_at timestamptz NOT NULL,
  sent_at timestamptz,
  reach integer,
  created_by bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((audience = 'vip_level') = (vip_level IS NOT NULL)),
  CHECK ((audience = 'team') = (agent_id IS NOT NULL))
);
CREATE INDEX broadcasts_sent ON broadcasts (sent_at DESC, id DESC) WHERE status = 'sent';
CREATE INDEX broadcasts_due ON broadcasts (send_at) WHERE status = 'scheduled';

CREATE TABLE broadcast_members (
  broadcast_id bigint NOT NULL REFERENCES broadcasts(id),
  member_id bigint NOT NULL REFERENCES members(id),
  PRIMARY KEY (broadcast_id, member_id)
);
CREATE INDEX broadcast_members_member ON broadcast_members (member_id);

CREATE TABLE broadcast_receipts (
  member_id bigint NOT NULL REFERENCES members(id),
  broadcast_id bigint NOT NULL REFERENCES broadcasts(id),
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (member_id, broadcast_id)
);
CREATE INDEX broadcast_receipts_broadcast ON broadcast_receipts (broadcast_id) WHERE read_at IS NOT NULL;

CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  question_type text NOT NULL,
  content text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  answer text,
  answered_by bigint,
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_member ON feedback (member_id, created_at DESC, id DESC);
CREATE INDEX feedback_status ON feedback (status, created_at, id);

CREATE TABLE feedback_files (
  id bigserial PRIMARY KEY,
  feedback_id bigint NOT NULL REFERENCES feedback(id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_files_feedback ON feedback_files (feedback_id);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, up0047);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
DROP TABLE feedback_files;
DROP TABLE feedback;
DROP TABLE broadcast_receipts;
DROP TABLE broadcast_members;
DROP TABLE broadcasts;
DROP INDEX member_messages_inbox;
ALTER TABLE member_messages DROP COLUMN deleted_at;
ALTER TABLE member_messages DROP COLUMN params;
ALTER TABLE member_messages DROP COLUMN kind;
`,
  );
}
