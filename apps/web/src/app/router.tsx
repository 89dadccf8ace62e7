import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { RouteError } from './layout/route-error';
import { SiteLayout } from './layout/site-layout';
import { paths } from './paths';

// spec §2 route table. Home is in the first chunk; every other page is a lazy route module.
const frame = (name: string) => async () => {
  const { FramePage } = await import('../features/pages/frame-page');
  return { Component: () => <FramePage name={name} /> };
};

export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: '/index', element: <HomePage /> },
      { path: '/index.html', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: paths.login, element: <HomePage open="login" /> },
      { path: paths.register, element: <HomePage open="register" /> },
      {
        path: paths.help,
        lazy: async () => ({ Component: (await import('../features/pages/help-page')).HelpPage }),
      },
      { path: paths.promotions, lazy: frame('promotions') },
      { path: paths.pointMall, lazy: frame('pointMall') },
      { path: paths.agentHome, lazy: frame('agentHome') },
      { path: paths.down, lazy: frame('down') },
      { path: paths.seamless, lazy: frame('seamless') },
      { path: paths.lottery, lazy: frame('lottery') },
      { path: paths.seaLottery, lazy: frame('seaLottery') },
      { path: paths.vnLottery, lazy: frame('vnLottery') },
      {
        path: paths.member,
        lazy: async () => ({ Component: (await import('../features/member/member-layout')).MemberLayout }),
        children: [
          { index: true, element: <Navigate to={paths.securityCenter} replace /> },
          {
            path: 'securityCenter',
            lazy: async () => ({ Component: (await import('../features/member/security-page')).SecurityPage }),
          },
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('../features/member/profile-page')).ProfilePage }),
          },
          {
            path: ':entry',
            lazy: async () => ({ Component: (await import('../features/member/member-entry-page')).MemberEntryPage }),
          },
        ],
      },
      {
        path: '/:gameType',
        lazy: async () => ({ Component: (await import('../features/pages/category-page')).CategoryPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
