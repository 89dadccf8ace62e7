import { BookOpen, Image, Megaphone, Scale, ScrollText } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

const pages = () => import('./content-pages');
const legal = () => import('./legal-pages');

export const feature: ConsoleFeature = {
  area: 'content',
  menu: [
    { path: 'content/banners', label: 'menu.banners', icon: Image, permission: 'content.write' },
    { path: 'content/announcements', label: 'menu.announcements', icon: Megaphone, permission: 'content.write' },
    { path: 'content/notices', label: 'menu.notices', icon: ScrollText, permission: 'content.write' },
    { path: 'content/help', label: 'menu.help', icon: BookOpen, permission: 'content.write' },
    { path: 'content/legal', label: 'menu.legal', icon: Scale, permission: 'content.write' },
  ],
  routes: [
    { path: 'content/banners', permission: 'content.write', page: lazyPage(pages, 'BannersPage') },
    { path: 'content/announcements', permission: 'content.write', page: lazyPage(pages, 'AnnouncementsPage') },
    { path: 'content/notices', permission: 'content.write', page: lazyPage(pages, 'NoticesPage') },
    { path: 'content/help', permission: 'content.write', page: lazyPage(pages, 'HelpPage') },
    { path: 'content/legal', permission: 'content.write', page: lazyPage(legal, 'LegalListPage') },
    { path: 'content/legal/:kind', permission: 'content.write', page: lazyPage(legal, 'LegalKindPage') },
  ],
};
