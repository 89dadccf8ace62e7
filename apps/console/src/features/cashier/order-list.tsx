import { CASHIER_QUEUE_TARGET_MINUTES, type PayeeMatch } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type GridFilter, type GridPage, type GridQuery } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { BulkDesk } from './bulk-desk';
import { LiveBadge, useLiveCashier } from './live';
import { OrderStatus } from './status';

// What the deposit and withdrawal screens share: the grid's common columns and frame, and the
// detail's way back to its list.

type OrderList = 'deposits' | 'withdrawals';
type OrderRow = {
  reference: string;
  member: { username: string };
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
  riskLevel: 'low' | 'normal' | 'high' | 'blocked';
};

// The member's risk level (docs/risk.md) beside each order; normal reads as plain text.
const RISK_TONES: Record<OrderRow['riskLevel'], Tone> = {
  low: 'success',
  normal: 'muted',
  high: 'warning',
  blocked: 'danger',
};
const MATCH_TONES: Record<PayeeMatch, Tone> = { match: 'success', mismatch: 'danger', unverified: 'muted' };

/** A payee's or depositor's name with whether it is the member's verified name. */
export function NameWithMatch({ name, match }: { name: string | null; match: PayeeMatch | null }) {
  const { t } = useTranslation('cashier');
  if (name === null) return <span className="text-(--text-muted)">-</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span>{name}</span>
      {match && <StatusBadge label={t(`nameMatch.${match}`)} tone={MATCH_TONES[match]} />}
    </span>
  );
}

/**
 * How long a pending order has waited, against the desk's target (CASHIER_QUEUE_TARGET_MINUTES):
 * late ones read as such. A decided order no longer waits.
 */
export function waitOf(o: { status: string; createdAt: string }, list: OrderList, now: number) {
  if (o.status !== 'pending') return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(o.createdAt)) / 60_000));
  return { minutes, target: CASHIER_QUEUE_TARGET_MINUTES[list], late: minutes > CASHIER_QUEUE_TARGET_MINUTES[list] };
}

/** The columns every order grid has, by name, for the screen to place among its own. */
export function orderColumns<T extends OrderRow>(t: TFunction<'cashier'>, list: OrderList) {
  const column = (c: ColumnDef<T, unknown>) => c;
  return {
    reference: column({
      id: 'reference',
      accessorKey: 'reference',
      header: t('reference'),
      cell: ({ row }) => (
        <Link to={`/cashier/${list}/${row.original.reference}`} className="font-mono text-(--accent) underline">
          {row.original.reference}
        </Link>
      ),
    }),
    member: column({ id: 'member', accessorFn: (o) => o.member.username, header: t('member') }),
    amount: column({
      id: 'amount',
      accessorKey: 'amount',
      header: t('amount'),
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
    }),
    currency: column({ id: 'currency', accessorKey: 'currency', header: t('currency') }),
    status: column({
      id: 'status',
      accessorKey: 'status',
      header: t('statusLabel'),
      cell: ({ row }) => <OrderStatus status={row.original.status} />,
    }),
    risk: column({
      id: 'riskLevel',
      accessorFn: (o) => t(`riskLevels.${o.riskLevel}`),
      header: t('riskLevel'),
      cell: ({ row }) => (
        <StatusBadge label={t(`riskLevels.${row.original.riskLevel}`)} tone={RISK_TONES[row.original.riskLevel]} />
      ),
    }),
    age: column({
      id: 'age',
      accessorFn: (o) => waitOf(o, list, Date.now())?.minutes ?? '',
      header: t('wait.title', { target: CASHIER_QUEUE_TARGET_MINUTES[list] }),
      cell: ({ row }) => {
        const wait = waitOf(row.original, list, Date.now());
        if (!wait) return <span className="text-(--text-muted)">-</span>;
        const label = t('wait.minutes', { count: wait.minutes });
        return wait.late ? <StatusBadge label={t('wait.late', { wait: label })} tone="danger" /> : label;
      },
    }),
    createdAt: column({
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: t('created'),
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    }),
  };
}

/**
 * An order list's screen: its heading and its live grid, filtered on the server by status, member,
 * reference, amount range and day range (held in the URL by the grid), plus the list's own filters.
 */
export function OrderGrid<T extends OrderRow>({
  list,
  queryKey,
  fetchPage,
  columns,
  statuses,
  hiddenColumns,
  extraFilters = [],
  decidable,
}: {
  /** The rows the desk may decide (approve or reject) in bulk: they get a checkbox. */
  decidable: (row: T) => boolean;
  list: OrderList;
  queryKey: readonly unknown[];
  fetchPage: (q: GridQuery) => Promise<GridPage<T>>;
  columns: ColumnDef<T, unknown>[];
  statuses: readonly string[];
  hiddenColumns: string[];
  extraFilters?: GridFilter[];
}) {
  const { t } = useTranslation('cashier');
  const poll = useLiveCashier();
  const can = useCan();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const approver = can('cashier.approve');
  const filters: GridFilter[] = [
    {
      name: 'status',
      label: t('statusLabel'),
      type: 'select',
      options: statuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    { name: 'member', label: t('member'), type: 'text', placeholder: t('filters.memberHint') },
    { name: 'reference', label: t('reference'), type: 'text', placeholder: t('filters.referenceHint') },
    ...extraFilters,
    { name: 'minAmount', label: t('filters.minAmount'), type: 'text', placeholder: '0.00' },
    { name: 'maxAmount', label: t('filters.maxAmount'), type: 'text', placeholder: '0.00' },
    { name: 'from', label: t('filters.from'), type: 'date' },
    { name: 'to', label: t('filters.to'), type: 'date' },
  ];
  return (
    <div>
      <PageHeader
        title={t(`${list}.title`)}
        description={t(`${list}.description`)}
        actions={<LiveBadge poll={poll} />}
      />
      {approver && <BulkDesk list={list} selected={selected} onDone={() => setSelected(new Set())} />}
      <DataGrid<T>
        selection={
          approver
            ? {
                selected,
                onChange: setSelected,
                selectable: decidable,
                rowLabel: (o) => t('bulk.select', { reference: o.reference }),
                pageLabel: t('bulk.selectPage'),
              }
            : undefined
        }
        caption={t(`${list}.title`)}
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        rowId={(o) => o.reference}
        hiddenColumns={hiddenColumns}
        filters={filters}
        exportName={list}
        refetchInterval={poll}
      />
    </div>
  );
}

export function BackToList({ list }: { list: OrderList }) {
  const { t } = useTranslation('cashier');
  return (
    <Link to={`/cashier/${list}`} className="inline-flex items-center gap-1 text-sm text-(--accent) underline">
      <ArrowLeft size={14} aria-hidden />
      {t(`${list}.title`)}
    </Link>
  );
}

/** An order's detail before it is there: why it failed to load (with the way back), or loading. */
export function OrderNotReady({ list, error }: { list: OrderList; error: unknown }) {
  const { t } = useTranslation('cashier');
  if (error === null) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  return (
    <div>
      <BackToList list={list} />
      <p role="alert" className="mt-4 text-(--danger)">
        {errorMessage(error)}
      </p>
    </div>
  );
}
