import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The support_answered message (docs/chat.md "Answers the member did not see"): an operator's answer
// the member has not read a minute later (a ticket left outside the chat hours, or a chat the member
// left) sends the member a system message, once per run of unread answers. member_notified_seq is
// the last seq such a message covered; the partial index holds only conversations with news.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE chat_conversations ADD COLUMN member_notified_seq integer NOT NULL DEFAULT 0;
    CREATE INDEX chat_conversations_unseen ON chat_conversations (updated_at)
      WHERE member_id IS NOT NULL AND last_seq > GREATEST(customer_read_seq, member_notified_seq);
    `,
  );
}
