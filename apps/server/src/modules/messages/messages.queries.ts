import type { Conn } from '../../db/database';
import type { MessageParams } from './messages.tables';

export async function insertMemberMessage(
  db: Conn,
  m: { memberId: number; kind: string | null; params: MessageParams; title: string; content: string; now?: Date },
) {
  return db
    .insertInto('member_messages')
    .values({
      member_id: m.memberId,
      kind: m.kind,
      params: JSON.stringify(m.params),
      title: m.title,
      content: m.content,
      created_at: m.now,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
