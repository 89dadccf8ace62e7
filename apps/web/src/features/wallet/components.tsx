import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue as CopyButtonValue } from '../../components/copy-value';
import { Pager as PageButtons, type PagerProps } from '../../components/pager';
import { RecordsTable } from '../../components/records-table';
import { pageWindow } from './wallet-logic';

export { formatTime } from '../../components/format-time';
export { RecordsTable as DataTable } from '../../components/records-table';
export { useMoney } from '../../components/use-money';

// Small pieces every wallet page shares: title, amounts, statuses, copy buttons, paging, tables.

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 text-xl font-bold">{children}</h1>;
}

const STATUS_COLOURS: Record<string, string> = {
  pending: 'bg-(--accent)/15 text-(--accent)',
  approved: 'bg-(--success)/15 text-(--success)',
  paid: 'bg-(--success)/15 text-(--success)',
  confirmed: 'bg-(--success)/15 text-(--success)',
  rejected: 'bg-(--danger)/15 text-(--danger)',
  cancelled: 'bg-(--text-muted)/15 text-(--text-muted)',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status] ?? ''}`}>
      {t(`wallet.status.${status}`, { defaultValue: status })}
    </span>
  );
}

/** A value with a button that copies it (spec: bank details with copy buttons). */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButtonValue
      label={label}
      value={value}
      testId={testId}
      copyLabel={t('wallet.copy', { label })}
      copiedText={t('wallet.copied')}
    />
  );
}

/** Page-number buttons around the current page, with previous and next. */
export function Pager(props: PagerProps) {
  const { t } = useTranslation();
  return <PageButtons {...props} label={t('wallet.paging')} pages={pageWindow(props.page, props.totalPages)} />;
}

export const cell = 'whitespace-nowrap py-2 pr-4';
export const row = 'border-t border-(--text-muted)/20';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg bg-(--surface) p-4 ${className}`}>{children}</div>;
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="mb-3 mt-8 font-semibold">{children}</h2>;
}

/** A select with a visible label, styled like Field (the label names the select only, not its options). */
export function SelectField({
  label,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; ref?: React.Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <div className="mb-3 text-sm font-medium">
      <label htmlFor={id} className="mb-1 block">
        {label}
      </label>
      <select
        id={id}
        className="w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text)"
        {...select}
      >
        {children}
      </select>
    </div>
  );
}

/** The status of an order, with the operator's reason for a rejection under it, as written. */
export function StatusCell({ status, reason }: { status: string; reason?: string | null }) {
  return (
    <td className={cell}>
      <StatusBadge status={status} />
      {reason && <span className="block text-xs text-(--text-muted)">{reason}</span>}
    </td>
  );
}

/** A titled, paged history table of orders (deposits, withdrawals); `children` are its rows. */
export function HistorySection({
  title,
  headers,
  data,
  page,
  onPage,
  children,
}: {
  title: string;
  headers: string[];
  data: { content: readonly unknown[]; totalPages: number } | undefined;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <SectionTitle>{title}</SectionTitle>
      <RecordsTable caption={title} headers={headers} empty={(data?.content.length ?? 0) === 0}>
        {children}
      </RecordsTable>
      <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={onPage} />
    </>
  );
}

/** One balance on its own card: its label, and the amount ('…' until it has loaded). */
export function BalanceCard({
  label,
  amount,
  testId,
  className,
}: {
  label: string;
  amount: string | undefined;
  testId: string;
  className: string;
}) {
  return (
    <Card className={className}>
      <p className="text-sm text-(--text-muted)">{label}</p>
      <p className="text-xl font-bold" data-testid={testId}>
        {amount ?? '…'}
      </p>
    </Card>
  );
}
