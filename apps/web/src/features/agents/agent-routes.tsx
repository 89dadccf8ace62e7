import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { AGENT_DEFAULT_ENTRY } from './menu';

// spec §2 agent centre menu (menu.ts): each entry is its own lazy chunk, routed under /agentHome.
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
  referralLink: page(() => import('./referral-page'), 'ReferralPage'),
};

/** The agent centre's pages; /agentHome itself opens the team overview (spec: the default page). */
export function AgentRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-(--text-muted)">{t('common.loading')}</p>}>
      <Routes>
        <Route index element={<Navigate to={AGENT_DEFAULT_ENTRY} replace />} />
        {Object.entries(PAGES).map(([name, Page]) => (
          <Route key={name} path={name} element={<Page />} />
        ))}
        {/* An entry the menu does not have opens the default page. */}
        <Route path="*" element={<Navigate to={AGENT_DEFAULT_ENTRY} replace />} />
      </Routes>
    </Suspense>
  );
}
