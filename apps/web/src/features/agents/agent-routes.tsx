import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { AGENT_DEFAULT_ENTRY } from './menu';

// spec §2 agent centre menu (menu.ts): each entry is its own lazy chunk, under /agentHome/<entry>.
const page = <T extends string>(load: () => Promise<Record<T, ComponentType>>, name: T) =>
  lazy(async () => ({ default: (await load())[name] }));

const PAGES: Record<string, ComponentType> = {
  announcement: page(() => import('./announcements-page'), 'AnnouncementsPage'),
  agentTeamOverview: page(() => import('./overview-page'), 'OverviewPage'),
  registerCentre: page(() => import('./register-page'), 'RegisterCentrePage'),
  downlineManagement: page(() => import('./downlines-page'), 'DownlinesPage'),
  teamBetting: page(() => import('./team-bets-page'), 'TeamBetsPage'),
  userLossStatements: page(() => import('./user-loss-page'), 'UserLossPage'),
  revenueReport: page(() => import('./revenue-page'), 'RevenuePage'),
  downlineTransactions: page(() => import('./transactions-page'), 'TransactionsPage'),
  dividendRecord: page(() => import('./statements-page'), 'DividendRecordPage'),
  dailyWages: page(() => import('./statements-page'), 'DailyWagesPage'),
  hourlySalary: page(() => import('./statements-page'), 'HourlySalaryPage'),
  realtimeSalary: page(() => import('./statements-page'), 'RealtimeSalaryPage'),
  myIncome: page(() => import('./income-page'), 'MyIncomePage'),
  myContracts: page(() => import('./my-contracts-page'), 'MyContractsPage'),
  referralLink: page(() => import('./referral-page'), 'ReferralPage'),
};

/**
 * The agent centre's page for /agentHome/<entry>; /agentHome itself, and an entry the menu does not
 * have, open the team overview (spec: the default page).
 */
export function AgentRoutes() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = pathname.slice(paths.agentHome.length).replace(/^\/+|\/+$/g, '');
  const Page = Object.hasOwn(PAGES, entry) ? PAGES[entry] : undefined;
  // Keyed by the address, so coming back to /agentHome redirects again.
  if (!Page) return <Navigate key={pathname} to={paths.agentEntry(AGENT_DEFAULT_ENTRY)} replace />;
  return (
    <Suspense fallback={<p className="text-(--text-muted)">{t('common.loading')}</p>}>
      <Page />
    </Suspense>
  );
}
