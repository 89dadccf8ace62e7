import type { Conn } from '../../db/database';
import { publishAfterCommit } from '../../realtime/event-bus';
import { FALLBACK_LANGUAGE, renderSystemMessage, type SystemMessageKind } from './message-texts';
import { insertMemberMessage } from './messages.queries';
import type { MessageParams } from './messages.tables';

export type { SystemMessageKind } from './message-texts';

/** The realtime event a member's socket receives when a message arrives (the badge refetches). */
export const MESSAGE_EVENT = 'message';

/**
 * Writes a system message (issue 14) in the caller's transaction: a rollback of the caller sends
 * nothing. The stored English copy serves the back office; the member reads the text rendered in
 * their language at read time (message-texts.ts). The realtime event goes out with pg_notify in the
 * same transaction, which PostgreSQL delivers only on commit (realtime/event-bus.ts).
 * Amounts in params are minor units.
 */
export async function sendSystemMessage(
  trx: Conn,
  message: { memberId: number; kind: SystemMessageKind; params?: MessageParams; now?: Date },
): Promise<{ id: number }> {
  const params = message.params ?? {};
  // The stored copy has the placeholders of the brand unfilled ({site}, {currency}): the brand may
  // be renamed; readers always get them filled.
  const copy = renderSystemMessage(message.kind, params, FALLBACK_LANGUAGE, {
    siteName: '{site}',
    currency: '{currency}',
    currencySymbol: '',
  });
  const row = await insertMemberMessage(trx, {
    memberId: message.memberId,
    kind: message.kind,
    params,
    title: copy.title,
    content: copy.content,
    now: message.now,
  });
  await publishAfterCommit(trx, message.memberId, { type: MESSAGE_EVENT, data: { kind: message.kind } });
  return { id: Number(row.id) };
}
