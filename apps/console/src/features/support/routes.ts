import { MessageSquareText, MessagesSquare, UsersRound } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// The support inbox (docs/chat.md): live chat with members and visitors, the queue,
// tickets left outside chat hours, and canned replies. Permission support.chat. Beside it, the public
// chat room's moderation (docs/chat.md "Public chat room"), permission chatroom.moderate.
export const feature: ConsoleFeature = {
  area: 'support',
  menu: [
    { path: 'support/inbox', label: 'menu.inbox', icon: MessagesSquare, permission: 'support.chat' },
    { path: 'support/canned', label: 'menu.canned', icon: MessageSquareText, permission: 'support.chat' },
    { path: 'support/chatroom', label: 'menu.chatroom', icon: UsersRound, permission: 'chatroom.moderate' },
  ],
  routes: [
    { path: 'support/inbox', permission: 'support.chat', page: lazyPage(() => import('./inbox-page'), 'InboxPage') },
    { path: 'support/canned', permission: 'support.chat', page: lazyPage(() => import('./canned-page'), 'CannedPage') },
    {
      path: 'support/chatroom',
      permission: 'chatroom.moderate',
      page: lazyPage(() => import('./chatroom-page'), 'ChatroomPage'),
    },
  ],
};
