import { MessageSquareText, MessagesSquare } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// The support inbox (docs/chat.md): live chat with members and visitors, the queue,
// tickets left outside chat hours, and canned replies. Permission support.chat.
export const feature: ConsoleFeature = {
  area: 'support',
  menu: [
    { path: 'support/inbox', label: 'menu.inbox', icon: MessagesSquare, permission: 'support.chat' },
    { path: 'support/canned', label: 'menu.canned', icon: MessageSquareText, permission: 'support.chat' },
  ],
  routes: [
    { path: 'support/inbox', permission: 'support.chat', page: lazyPage(() => import('./inbox-page'), 'InboxPage') },
    { path: 'support/canned', permission: 'support.chat', page: lazyPage(() => import('./canned-page'), 'CannedPage') },
  ],
};
