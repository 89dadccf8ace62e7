import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The public chat room (docs/chat.md "Public chat room"): one room per brand, its messages numbered per room (seq,
// taken under the room row's lock, so commits and numbers go in the same order), and the members
// an operator muted or banned, one current restriction of each kind per member.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE chatroom_rooms (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      last_seq bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO chatroom_rooms (name) VALUES ('lobby');

    CREATE TABLE chatroom_messages (
      id bigserial PRIMARY KEY,
      room_id bigint NOT NULL REFERENCES chatroom_rooms(id),
      seq bigint NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      author text NOT NULL,
      client_message_id text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by bigint REFERENCES members(id),
      UNIQUE (room_id, seq),
      UNIQUE (room_id, member_id, client_message_id)
    );
    CREATE INDEX chatroom_messages_member ON chatroom_messages (member_id, created_at);

    CREATE TABLE chatroom_restrictions (
      room_id bigint NOT NULL REFERENCES chatroom_rooms(id),
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('mute', 'ban')),
      until timestamptz,
      reason text NOT NULL,
      created_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_id, member_id, kind),
      CHECK (kind = 'ban' OR until IS NOT NULL)
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE chatroom_restrictions;
    DROP TABLE chatroom_messages;
    DROP TABLE chatroom_rooms;
    `,
  );
}
