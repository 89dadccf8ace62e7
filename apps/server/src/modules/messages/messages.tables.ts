import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema';

// Kysely types of the member's messages (member_messages, and migration 0047: messages, broadcasts,
// feedback), merged into db/schema.ts's Database.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Values a system message's text is rendered from: amounts are minor units. */
export type MessageParams = Record<string, string | number>;

/** One language's text of a broadcast. */
export type BroadcastText = { title: string; content: string };

declare module '../../db/schema' {
  interface Database {
    member_messages: MemberMessagesTable;
    broadcasts: BroadcastsTable;
    broadcast_members: BroadcastMembersTable;
    broadcast_receipts: BroadcastReceiptsTable;
    feedback: FeedbackTable;
    feedback_files: FeedbackFilesTable;
  }
}

export interface BroadcastsTable {
  id: Generated<number>;
  audience: 'everyone' | 'vip_level' | 'team' | 'members';
  vip_level: number | null;
  agent_id: number | null;
  texts: ColumnType<Record<string, BroadcastText>, string, string>;
  fallback_language: string;
  marketing: Generated<boolean>;
  status: 'scheduled' | 'sent' | 'cancelled';
  send_at: ColumnType<Date, Date | string, Date | string>;
  sent_at: MaybeStamp;
  reach: number | null;
  /** The idempotency key of the request that made it (migration 0115); null before keys. */
  send_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number;
  created_at: Stamp;
}

export interface BroadcastMembersTable {
  broadcast_id: number;
  member_id: number;
}

export interface BroadcastReceiptsTable {
  member_id: number;
  broadcast_id: number;
  read_at: MaybeStamp;
  deleted_at: MaybeStamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  /** Null for a visitor's feedback, which has contact_email instead. */
  member_id: number | null;
  contact_email: string | null;
  /** The visitor's language, which the answer mail is written in. */
  language: string | null;
  question_type: string;
  content: string;
  status: Generated<'open' | 'answered'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: MaybeStamp;
  created_at: Stamp;
}

export interface FeedbackFilesTable {
  id: Generated<number>;
  feedback_id: number;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  data: Uint8Array;
  created_at: Stamp;
}

export interface MemberMessagesTable {
  id: Id;
  member_id: number;
  title: string;
  content: string;
  read_at: Date | string | null;
  created_at: CreatedAt;
  /** Migration 0047: a system message's kind and the values its text is rendered from. */
  kind: string | null;
  params: Json<MessageParams>;
  deleted_at: MaybeStamp;
  /** Migration 0097: the campaign this message is the inbox copy of (docs/campaigns.md). */
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
}
