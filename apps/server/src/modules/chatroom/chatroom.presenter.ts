import type { AdminChatroomMessage, AdminChatroomRestriction, ChatroomMessage } from '@gamehall/shared/api/chatroom';
import type { AdminMessageRow, MessageRow, RestrictionRow } from './chatroom.service';

// The room's responses: players read the author's display name (never the login name) and whether
// a message is their own; the back office reads the username and the moderation state.

function iso(v: Date | string): string {
  return new Date(v).toISOString();
}

/** A message row, or the same row as it crossed the event bus (JSON: dates are strings). */
export function presentMessage(r: MessageRow, viewerId: number): ChatroomMessage {
  return {
    id: r.id,
    seq: r.seq,
    author: r.author,
    mine: r.member_id === viewerId,
    text: r.body,
    createdAt: iso(r.created_at),
  };
}

export function presentAdminMessage(r: AdminMessageRow): AdminChatroomMessage {
  return {
    id: r.id,
    seq: r.seq,
    memberId: r.member_id,
    username: r.username,
    author: r.author,
    text: r.body,
    createdAt: iso(r.created_at),
    deletedAt: r.deleted_at ? iso(r.deleted_at) : null,
    deletedBy: r.deleted_by_name,
  };
}

export function presentRestriction(r: RestrictionRow): AdminChatroomRestriction {
  return {
    memberId: r.member_id,
    username: r.username,
    kind: r.kind,
    until: r.until ? iso(r.until) : null,
    reason: r.reason,
    createdBy: r.created_by_name,
    createdAt: iso(r.created_at),
  };
}
