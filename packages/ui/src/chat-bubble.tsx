import type { ReactNode } from 'react';

// One message of the live chat (docs/chat.md) as both sides show it: the player's chat
// window (apps/web features/chat) and the support inbox (apps/console features/support). The
// viewer's own messages sit on the end side in the accent colour, the other side's on the start
// side; an image (each app loads its attachments its own way) comes before the text.
export function ChatBubble({
  mine,
  senderName,
  image,
  text,
  footer,
}: {
  /** Sent by the side looking at it. */
  mine: boolean;
  senderName?: string | null;
  image?: ReactNode;
  text: string;
  /** Small print under the text: a time, a read receipt. */
  footer?: ReactNode;
}) {
  return (
    <li
      className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${mine ? 'self-end bg-(--accent) text-(--accent-contrast)' : 'self-start bg-(--surface-raised)'}`}
    >
      {senderName && <span className="block text-xs font-semibold">{senderName}</span>}
      {image}
      {text && <p className="whitespace-pre-wrap break-words">{text}</p>}
      {footer && <span className={`block text-[10px] opacity-70 ${mine ? 'text-end' : ''}`}>{footer}</span>}
    </li>
  );
}
