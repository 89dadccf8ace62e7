import type { Conn } from '../../db/database';

export async function insertOutbox(
  db: Conn,
  m: {
    channel: 'sms' | 'email';
    recipient: string;
    subject: string | null;
    text: string;
    code: string | null;
    status: 'pending' | 'kept';
  },
) {
  const row = await db.insertInto('outbox').values(m).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listRecentOutbox(db: Conn, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'text', 'code', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listPendingOutbox(db: Conn, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'text', 'attempts'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markOutbox(db: Conn, id: number, status: 'sent' | 'failed' | 'pending', now: Date) {
  await db
    .updateTable('outbox')
    .set((eb) => ({ status, attempts: eb('attempts', '+', 1), sent_at: status === 'sent' ? now : null }))
    .where('id', '=', id)
    .execute();
}
