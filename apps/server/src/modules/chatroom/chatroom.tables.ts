import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0120 (the public chat room), merged into db/schema.ts's Database.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module '../../db/schema' {
  interface Database {
    chatroom_rooms: ChatroomRoomsTable;
    chatroom_messages: ChatroomMessagesTable;
    chatroom_restrictions: ChatroomRestrictionsTable;
  }
}

export type RestrictionKindValue = 'mute' | 'ban';

export interface ChatroomRoomsTable {
  id: Generated<number>;
  name: string;
  last_seq: Generated<number>;
  created_at: Stamp;
}

export interface ChatroomMessagesTable {
  id: Generated<number>;
  room_id: number;
  seq: number;
  member_id: number;
  author: string;
  client_message_id: string;
  body: string;
  created_at: Stamp;
  deleted_at: MaybeStamp;
  deleted_by: number | null;
}

export interface ChatroomRestrictionsTable {
  room_id: number;
  member_id: number;
  kind: RestrictionKindValue;
  until: MaybeStamp;
  reason: string;
  created_by: number | null;
  created_at: Stamp;
}
