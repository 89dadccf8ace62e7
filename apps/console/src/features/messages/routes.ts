import { Megaphone, MessageSquareReply } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Messages' back office (docs/messages.md): broadcasts to an audience (compose, schedule,
// reach and read counts) and the members' feedback, answered as a message.
export const feature: ConsoleFeature = {
  area: 'messages',
  menu: [
    { path: 'messages/broadcasts', label: 'menu.broadcasts', icon: Megaphone, permission: 'messages.read' },
    { path: 'messages/feedback', label: 'menu.feedback', icon: MessageSquareReply, permission: 'feedback.answer' },
  ],
  routes: [
    {
      path: 'messages/broadcasts',
      permission: 'messages.read',
      page: lazyPage(() => import('./broadcasts-page'), 'BroadcastsPage'),
    },
    {
      path: 'messages/feedback',
      permission: 'feedback.answer',
      page: lazyPage(() => import('./feedback-page'), 'FeedbackPage'),
    },
  ],
};
