import type { AdminConversation, ChatConversation, ChatMessage } from '@gamehall/shared/api/chat';
import { DEFAULT_OPERATOR_DISPLAY_NAME } from '@gamehall/shared/api/operators';
import { toMajor } from '@gamehall/shared/money';
import type { ConversationRow, MessageRow } from './chat.service';
import type { memberFacts } from './chat-member-facts.service';

// Message and conversation responses for the customer routes, the chat socket and the support inbox.
// Players read an operator's display name, never the login name; the back office's conversation
// list names the operator by username.

/** The name a player reads for the operator of a message or conversation. */
function operatorDisplayName(r: { operator_id: number | null; operator_display_name: string | null }) {
  return r.operator_id === null ? null : (r.operator_display_name ?? DEFAULT_OPERATOR_DISPLAY_NAME);
}

function iso(v: Date | string): string {
  return new Date(v).toISOString();
}

/** A message row, or the same row as it crossed the event bus (JSON: dates are strings). */
export function presentMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    seq: r.seq,
    sender: r.sender,
    senderName: r.sender === 'operator' ? operatorDisplayName(r) : null,
    clientMessageId: r.client_message_id,
    text: r.body,
    attachmentId: r.attachment_id,
    createdAt: iso(r.created_at),
  };
}

export function presentConversation(r: ConversationRow): ChatConversation {
  return {
    id: r.id,
    state: r.state,
    operatorName: operatorDisplayName(r),
    lastSeq: r.last_seq,
    operatorReadSeq: r.operator_read_seq,
    customerReadSeq: r.customer_read_seq,
    createdAt: iso(r.created_at),
  };
}

export function presentAdminConversation(r: ConversationRow): AdminConversation {
  return {
    id: r.id,
    state: r.state,
    customer:
      r.member_id !== null
        ? { kind: 'member', memberId: r.member_id, name: r.member_username ?? '' }
        : { kind: 'visitor', memberId: null, name: r.visitor_name ?? '' },
    operatorId: r.operator_id,
    operatorName: r.operator_username ?? null,
    lastSeq: r.last_seq,
    operatorReadSeq: r.operator_read_seq,
    customerReadSeq: r.customer_read_seq,
    lastText: r.last_text ?? null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export function presentFacts(f: Awaited<ReturnType<typeof memberFacts>>) {
  return {
    memberId: f.memberId,
    username: f.username,
    vipLevel: f.vipLevel,
    balance: toMajor(f.balance),
    currency: f.currency,
    lastDeposits:
      f.lastDeposits?.map((d) => ({
        reference: d.reference,
        amount: toMajor(d.amount),
        status: d.status,
        createdAt: new Date(d.createdAt).toISOString(),
      })) ?? null,
  };
}

export function presentColleague(r: { operator_id: number; username: string; online: boolean; active_count: unknown }) {
  return { id: r.operator_id, username: r.username, online: r.online, activeCount: Number(r.active_count) };
}

export function presentCanned(r: { id: number; title: string; body: string }) {
  return { id: r.id, title: r.title, text: r.body };
}
