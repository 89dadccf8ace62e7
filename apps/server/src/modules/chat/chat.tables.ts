import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0048 (live chat), merged into db/schema.ts's Database.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module '../../db/schema' {
  interface Database {
    chat_conversations: ChatConversationsTable;
    chat_messages: ChatMessagesTable;
    chat_attachments: ChatAttachmentsTable;
    chat_operators: ChatOperatorsTable;
    chat_canned_replies: ChatCannedRepliesTable;
  }
}

export type ConversationStateValue = 'queued' | 'active' | 'ticket' | 'closed';
export type SenderValue = 'customer' | 'operator' | 'system';

export interface ChatConversationsTable {
  id: Generated<number>;
  member_id: number | null;
  visitor_id: string | null;
  visitor_name: string | null;
  state: ConversationStateValue;
  operator_id: number | null;
  last_seq: Generated<number>;
  customer_read_seq: Generated<number>;
  operator_read_seq: Generated<number>;
  member_notified_seq: Generated<number>;
  created_at: Stamp;
  updated_at: Stamp;
  closed_at: MaybeStamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  seq: number;
  sender: SenderValue;
  operator_id: number | null;
  client_message_id: string | null;
  body: string;
  attachment_id: number | null;
  created_at: Stamp;
}

export interface ChatAttachmentsTable {
  id: Generated<number>;
  conversation_id: number;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  data: Buffer;
  created_at: Stamp;
}

export interface ChatOperatorsTable {
  operator_id: number;
  online: boolean;
  updated_at: Stamp;
}

export interface ChatCannedRepliesTable {
  id: Generated<number>;
  title: string;
  body: string;
  created_by: number | null;
  created_at: Stamp;
  updated_at: Stamp;
}
