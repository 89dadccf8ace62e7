import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Live customer-service chat (spec §7 CBS_launchChat, §6 "chat room"; docs/chat.md).
// - chat_conversations: a member's or a visitor's conversation with support. state: queued (waiting
//   for an operator), active (an operator holds it), ticket (left outside the brand's chat hours,
//   answered later), closed. last_seq numbers its messages: a sender locks the row and takes the
//   next seq, so seq order is commit order and a client resumes after the last seq it saw. One open
//   conversation per member and per visitor.
// - chat_messages: (conversation, seq) unique; (conversation, sender side, client_message_id) unique,
//   so a resend of the same client id is stored once.
// - chat_attachments: image bytes (png or jpg by content, 5 MB), in the database like cashier proofs.
// - chat_operators: which support operators are online (auto-assignment picks the least busy).
// - chat_canned_replies: operator-managed replies.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE chat_conversations (
      id bigserial PRIMARY KEY,
      member_id bigint REFERENCES members(id),
      visitor_id text,
      visitor_name text,
      state text NOT NULL CHECK (state IN ('queued', 'active', 'ticket', 'closed')),
      operator_id bigint REFERENCES members(id),
      last_seq integer NOT NULL DEFAULT 0,
      customer_read_seq integer NOT NULL DEFAULT 0,
      operator_read_seq integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      CHECK ((member_id IS NULL) <> (visitor_id IS NULL)),
      CHECK ((visitor_id IS NULL) = (visitor_name IS NULL))
    );
    CREATE UNIQUE INDEX chat_conversations_open_member ON chat_conversations (member_id) WHERE state <> 'closed';
    CREATE UNIQUE INDEX chat_conversations_open_visitor ON chat_conversations (visitor_id) WHERE state <> 'closed';
    CREATE INDEX chat_conversations_state ON chat_conversations (state, updated_at DESC);
    CREATE INDEX chat_conversations_operator ON chat_conversations (operator_id) WHERE state = 'active';

    CREATE TABLE chat_attachments (
      id bigserial PRIMARY KEY,
      conversation_id bigint NOT NULL REFERENCES chat_conversations(id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      size integer NOT NULL,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE chat_messages (
      id bigserial PRIMARY KEY,
      conversation_id bigint NOT NULL REFERENCES chat_conversations(id),
      seq integer NOT NULL,
      sender text NOT NULL CHECK (sender IN ('customer', 'operator', 'system')),
      operator_id bigint REFERENCES members(id),
      client_message_id text,
      body text NOT NULL DEFAULT '',
      attachment_id bigint REFERENCES chat_attachments(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (conversation_id, seq),
      UNIQUE (conversation_id, sender, client_message_id)
    );

    CREATE TABLE chat_operators (
      operator_id bigint PRIMARY KEY REFERENCES members(id),
      online boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE chat_canned_replies (
      id bigserial PRIMARY KEY,
      title text NOT NULL,
      body text NOT NULL,
      created_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}
