import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { lazyPage } from './feature';
import { ConsoleLayout, NotFoundPage, RequirePermission, StartPage } from './layout';
import { FEATURES } from './registry';

const SignInPage = lazyPage(() => import('../features/auth/sign-in-page'), 'SignInPage');
const AccountPage = lazyPage(() => import('../features/auth/account-page'), 'AccountPage');

export const router = createBrowserRouter(
  [
    {
      path: 'sign-in',
      element: (
        <Suspense fallback={null}>
          <SignInPage />
        </Suspense>
      ),
    },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [
        { index: true, element: <StartPage /> },
        { path: 'account', element: <AccountPage /> },
        ...FEATURES.flatMap((feature) =>
          feature.routes.map(({ path, permission, page: Page }) => ({
            path,
            element: (
              <RequirePermission permission={permission}>
                <Page />
              </RequirePermission>
            ),
          })),
        ),
        { path: 'index.html', element: <Navigate to="/" replace /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/console' },
);
