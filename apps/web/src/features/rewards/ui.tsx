import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager as PageButtons, type PagerProps } from '../../components/pager';

export { formatTime } from '../../components/format-time';
export { RecordsTable as DataTable } from '../../components/records-table';
export { useMoney } from '../../components/use-money';

// The rewards pages' small pieces, in the member centre's look (features stay independent).

export const cell = 'whitespace-nowrap py-2 pr-4';
export const row = 'border-t border-(--text-muted)/20';

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 text-xl font-bold">{children}</h1>;
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="mb-3 mt-8 font-semibold">{children}</h2>;
}

export function Pager(props: PagerProps) {
  const { t } = useTranslation();
  return <PageButtons {...props} label={t('wallet.paging')} summary={`${props.page} / ${props.totalPages}`} />;
}

export function BalanceCard({ label, amount, testId }: { label: string; amount: string | undefined; testId: string }) {
  return (
    <div className="max-w-xs rounded-lg bg-(--surface) p-4">
      <p className="text-sm text-(--text-muted)">{label}</p>
      <p className="text-xl font-bold" data-testid={testId}>
        {amount ?? '…'}
      </p>
    </div>
  );
}
