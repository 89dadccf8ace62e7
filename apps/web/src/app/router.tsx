import { CHAT_PATH } from '@gamehall/shared/constants';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { loadAllStrings } from '../lib/i18n';
import { useFillPlaceholders } from '../lib/placeholders';
import { RouteError } from './layout/route-error';
import { SiteLayout } from './layout/site-layout';
import { CATEGORY_ROUTES, paths } from './paths';

// spec §2 route table. Home is in the first chunk; every other page is a lazy route module.

const games = () => import('../features/games/pages');
// The lobby and the category routes, a player's first page after the home, load only their own
// page: the other game pages' modules (and the schemas their forms use) wait for those pages.
const gameCentre = () => import('../features/games/game-centre-page');

/** The routes that render the home page (with a modal at most): their strings are all in the first chunk. */
const HOME_PATHS = new Set([paths.home, '/index', '/index.html', '/home', paths.login, paths.register]);

/** spec §2 /{gameType}: a category route lists its games; any other single segment is not found. */
const categoryRoute = async () => {
  const [{ GameCentrePage }, { NotFoundPage }] = await Promise.all([
    gameCentre(),
    import('../features/pages/not-found-page'),
  ]);
  return {
    Component: function CategoryRoute() {
      const { gameType = '' } = useParams();
      const type = CATEGORY_ROUTES[gameType.toLowerCase()];
      return type ? <GameCentrePage key={type} gameType={type} /> : <NotFoundPage />;
    },
  };
};

/** /legal/<slug>: the legal page of that kind; any other slug is not found. */
const legalRoute = async () => {
  // The brand's placeholders are filled from here (app/layout/legal-hosts.tsx says why).
  const [{ LegalPage, kindOfSlug }, { NotFoundPage }] = await Promise.all([
    import('../features/legal/legal-page'),
    import('../features/pages/not-found-page'),
  ]);
  return {
    Component: function LegalRoute() {
      const kind = kindOfSlug(useParams().slug);
      const fill = useFillPlaceholders();
      return kind ? <LegalPage key={kind} kind={kind} fill={fill} /> : <NotFoundPage />;
    },
  };
};

const gamesMemberRoutes = () => [
  { path: 'personalHistoryCopy', lazy: async () => ({ Component: (await games()).BettingRecordPage }) },
  { path: 'personalProfit', lazy: async () => ({ Component: (await games()).PersonalProfitPage }) },
];

const walletRoutes = () => [
  {
    path: 'transferFund',
    lazy: async () => ({ Component: (await import('../features/wallet/my-wallet-page')).MyWalletPage }),
  },
  {
    path: 'depositv2',
    lazy: async () => ({ Component: (await import('../features/wallet/deposit-page')).DepositPage }),
  },
  {
    path: 'withdraw',
    lazy: async () => ({ Component: (await import('../features/wallet/withdraw-page')).WithdrawPage }),
  },
  {
    path: 'bankAccount',
    lazy: async () => ({ Component: (await import('../features/wallet/bank-account-page')).BankAccountPage }),
  },
  {
    path: 'transferUpline',
    lazy: async () => ({ Component: (await import('../features/wallet/transfer-upline-page')).TransferUplinePage }),
  },
  {
    path: 'transactionHistory',
    lazy: async () => ({ Component: (await import('../features/wallet/account-record-page')).AccountRecordPage }),
  },
  {
    path: 'bonusDetails',
    lazy: async () => ({ Component: (await import('../features/wallet/bonus-page')).BonusPage }),
  },
];

export const router = createBrowserRouter([
  {
    // The live chat window stands alone (full screen on phones, a popup on desktops).
    path: CHAT_PATH,
    errorElement: <RouteError />,
    loader: () => loadAllStrings().then(() => null),
    lazy: async () => ({ Component: (await import('../features/chat/chat-page')).ChatPage }),
  },
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    // Every page but home needs the English strings the first chunk leaves out (lib/i18n.ts); the
    // loader runs on every navigation and waits for them (one lazy chunk, fetched once).
    loader: ({ request }) => (HOME_PATHS.has(new URL(request.url).pathname) ? null : loadAllStrings().then(() => null)),
    shouldRevalidate: () => true,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: '/index', element: <HomePage /> },
      { path: '/index.html', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: paths.login, element: <HomePage open="login" /> },
      { path: paths.register, element: <HomePage open="register" /> },
      {
        path: paths.resetPassword,
        lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
      },
      {
        path: paths.help,
        lazy: async () => ({ Component: (await import('../features/pages/help-page')).HelpPage }),
      },
      {
        path: paths.feedback,
        lazy: async () => ({
          Component: (await import('../features/messages/feedback-page')).PublicFeedbackPage,
        }),
      },
      {
        path: paths.promotions,
        lazy: async () => ({ Component: (await import('../features/rewards/promotions-page')).PromotionsPage }),
      },
      {
        path: `${paths.promotions}/:id`,
        lazy: async () => ({ Component: (await import('../features/rewards/promotions-page')).PromotionDetailPage }),
      },
      {
        path: paths.pointMall,
        lazy: async () => ({ Component: (await import('../features/points/point-mall-page')).PointMallPage }),
      },
      {
        // The agent centre's own pages are routed inside its chunk (features/agents/agent-routes.tsx),
        // so the first chunk carries one route for them (ui-guide budget).
        path: `${paths.agentHome}/*`,
        lazy: async () => ({ Component: (await import('../features/agents/agent-layout')).AgentLayout }),
      },
      { path: paths.legal(':slug'), lazy: legalRoute },
      {
        path: paths.down,
        lazy: async () => ({ Component: (await import('../features/download/download-page')).DownloadPage }),
      },
      { path: paths.seamless, lazy: async () => ({ Component: (await games()).SeamlessPage }) },
      { path: paths.freePlay, lazy: async () => ({ Component: (await games()).FreePlayPage }) },
      { path: paths.lottery, lazy: async () => ({ Component: (await games()).LotteryRoute }) },
      { path: paths.seaLottery, lazy: async () => ({ Component: (await games()).SeaLotteryRoute }) },
      { path: paths.vnLottery, lazy: async () => ({ Component: (await games()).VnLotteryRoute }) },
      { path: paths.lobby, lazy: async () => ({ Component: (await gameCentre()).LobbyPage }) },
      { path: paths.winners, lazy: async () => ({ Component: (await games()).WinnersPage }) },
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
          // Wallet and cashier pages, each its own lazy chunk.
          ...walletRoutes(),
          ...gamesMemberRoutes(),
          {
            path: 'rewardCenter',
            lazy: async () => ({
              Component: (await import('../features/rewards/reward-centre-page')).RewardCentrePage,
            }),
          },
          {
            path: 'referral',
            lazy: async () => ({ Component: (await import('../features/referrals/referral-page')).ReferralPage }),
          },
          {
            path: 'tickets',
            lazy: async () => ({ Component: (await import('../features/tickets/tickets-page')).TicketsPage }),
          },
          {
            path: 'missionLeaderboard',
            lazy: async () => ({ Component: (await import('../features/missions/missions-page')).MissionsPage }),
          },
          {
            path: 'vip',
            lazy: async () => ({ Component: (await import('../features/vip/vip-page')).VipPage }),
          },
          {
            path: 'messageV2',
            lazy: async () => ({ Component: (await import('../features/messages/messages-page')).MessagesPage }),
          },
          {
            path: 'feedback',
            lazy: async () => ({ Component: (await import('../features/messages/feedback-page')).FeedbackPage }),
          },
          {
            path: 'chatRoom',
            lazy: async () => ({ Component: (await import('../features/chatroom/chatroom-page')).ChatroomPage }),
          },
          {
            path: 'verification',
            lazy: async () => ({ Component: (await import('../features/kyc/verification-page')).VerificationPage }),
          },
          {
            path: 'manualRebate',
            lazy: async () => ({ Component: (await import('../features/vip/rebate-page')).RebatePage }),
          },
          {
            path: 'responsiblePlay',
            lazy: async () => ({
              Component: (await import('../features/responsible/responsible-page')).ResponsiblePage,
            }),
          },
          {
            path: ':entry',
            lazy: async () => ({ Component: (await import('../features/member/member-entry-page')).MemberEntryPage }),
          },
        ],
      },
      { path: '/:gameType', lazy: categoryRoute },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/pages/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
