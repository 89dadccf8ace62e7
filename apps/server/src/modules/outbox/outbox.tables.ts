import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema';

// Kysely type of the outbox of SMS and e-mail, declared beside outbox.queries.ts, its only writer
// (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    outbox: OutboxTable;
  }
}

export interface OutboxTable {
  id: Id;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  text: string;
  code: string | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'kept'>;
  attempts: Generated<number>;
  created_at: CreatedAt;
  sent_at: Date | string | null;
}
