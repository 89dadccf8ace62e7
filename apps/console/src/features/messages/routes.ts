import { Megaphone, MessageSquareReply, Send } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// Messages' back office (docs/messages.md): broadcasts to an audience (compose, schedule,
// reach and read counts), campaigns to saved segments by inbox, SMS and mail (docs/campaigns.md),
// and the members' feedback, answered as a message.
export const feature: ConsoleFeature = {
  area: 'messages',
  menu: [
    { path: 'messages/broadcasts', label: 'menu.broadcasts', icon: Megaphone, permission: 'messages.read' },
    { path: 'messages/campaigns', label: 'menu.campaigns', icon: Send, permission: 'campaigns.manage' },
    { path: 'messages/feedback', label: 'menu.feedback', icon: MessageSquareReply, permission: 'feedback.answer' },
  ],
  routes: [
    {
      path: 'messages/broadcasts',
      permission: 'messages.read',
      page: lazyPage(() => import('./broadcasts-page'), 'BroadcastsPage'),
    },
    {
      path: 'messages/campaigns',
      permission: 'campaigns.manage',
      page: lazyPage(() => import('./campaigns-page'), 'CampaignsPage'),
    },
    {
      path: 'messages/feedback',
      permission: 'feedback.answer',
      page: lazyPage(() => import('./feedback-page'), 'FeedbackPage'),
    },
  ],
};
