import { IdCard } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

// KYC review (docs/kyc.md): the queue of uploaded documents and a member's KYC panel,
// where documents are viewed and approved or rejected with a reason.
export const feature: ConsoleFeature = {
  area: 'kyc',
  menu: [{ path: 'kyc/queue', label: 'menu.queue', icon: IdCard, permission: 'kyc.review' }],
  routes: [
    { path: 'kyc/queue', permission: 'kyc.review', page: lazyPage(() => import('./queue-page'), 'QueuePage') },
    {
      path: 'kyc/members/:memberId',
      permission: 'kyc.review',
      page: lazyPage(() => import('./member-kyc-page'), 'MemberKycPage'),
    },
  ],
};
