import type { InboxItem } from '@gamehall/shared/api/messages';
import { pageCounts } from '../../http/paging';
import type { InboxMessage } from './messages.service';

export function presentMessage(m: InboxMessage): InboxItem {
  return {
    id: m.id,
    source: m.source,
    kind: m.kind,
    title: m.title,
    content: m.content,
    read: m.read,
    createdAt: new Date(m.createdAt).toISOString(),
  };
}

export function presentInbox(
  page: { items: InboxMessage[]; total: number; unread: number },
  query: { pageNo: number; pageSize: number },
) {
  return {
    content: page.items.map(presentMessage),
    ...pageCounts(page.total, query),
    unread: page.unread,
  };
}
