import type { CommissionReportRow } from '@gamehall/shared/api/admin-agents';
import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type GridFilter, type GridQuery, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { useBrandTimeZone, withRange } from '../../lib/brand-range';
import { formatMoney } from '../../lib/format';
import { commissionKey, fetchCommissionReport, formatInZone } from './api';
import { agentPath } from './team-tree';

type Totals = { statements: number; base: number; paid: number; held: number; carried: number };

/**
 * The commission cost report (docs/agents.md "Commission cost report"): every statement whose
 * period starts on the chosen brand days (the last 30 by default), per agent, kind and period, with
 * its base, what was paid, what is held and what a dividend carries on; a statement opens with its
 * lines, and a line leads to the member's rounds of the period.
 */
export function CommissionPage() {
  const { t } = useTranslation('agents');
  const timeZone = useBrandTimeZone();
  const [totals, setTotals] = useState<Totals | null>(null);
  const columns = useMemo<ColumnDef<CommissionReportRow, unknown>[]>(() => {
    const zone = timeZone ?? 'UTC';
    const money = (
      id: 'base' | 'paid' | 'held' | 'carried',
      label: string,
    ): ColumnDef<CommissionReportRow, unknown> => ({
      id,
      accessorKey: id,
      header: label,
      enableSorting: id !== 'carried',
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original[id]),
    });
    return [
      {
        id: 'statementId',
        accessorKey: 'statementId',
        header: t('fields.statement'),
        cell: ({ row }) => (
          <Link to={`/agents/statements/${row.original.statementId}`} className="text-(--accent) underline">
            {t('statements.number', { id: row.original.statementId })}
          </Link>
        ),
      },
      {
        id: 'agent',
        accessorFn: (r) => r.agent.username,
        header: t('fields.holder'),
        cell: ({ row }) => (
          <Link to={agentPath(row.original.agent)} className="underline">
            {row.original.agent.username}
          </Link>
        ),
      },
      { id: 'kind', accessorFn: (r) => t(`kinds.${r.kind}`), header: t('fields.kind') },
      {
        id: 'periodStart',
        accessorKey: 'periodStart',
        header: t('commission.period', { zone }),
        enableSorting: true,
        meta: {
          csv: (r: CommissionReportRow) => `${formatInZone(r.periodStart, zone)} – ${formatInZone(r.periodEnd, zone)}`,
        },
        cell: ({ row }) =>
          `${formatInZone(row.original.periodStart, zone)} – ${formatInZone(row.original.periodEnd, zone)}`,
      },
      money('base', t('commission.base')),
      money('paid', t('commission.paid')),
      money('held', t('commission.held')),
      money('carried', t('commission.carried')),
      {
        id: 'status',
        accessorFn: (r) => (r.onHold ? t('commission.onHold') : t(`statementStatus.${r.status}`)),
        header: t('fields.status'),
        cell: ({ row }) => (
          <StatusBadge
            label={row.original.onHold ? t('commission.onHold') : t(`statementStatus.${row.original.status}`)}
            tone={row.original.status === 'held' ? 'warning' : 'success'}
          />
        ),
      },
    ];
  }, [t, timeZone]);

  const filters: GridFilter[] = [
    { name: 'from', label: t('commission.from'), type: 'date' },
    { name: 'to', label: t('commission.to'), type: 'date' },
    {
      name: 'kind',
      label: t('fields.kind'),
      type: 'select',
      options: CONTRACT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
    },
    { name: 'agent', label: t('fields.holder'), type: 'text' },
  ];

  return (
    <div>
      <PageHeader title={t('commission.title')} description={t('commission.description', { zone: timeZone ?? '…' })} />
      {totals && (
        <p className="mb-3 text-sm tabular-nums" data-testid="commission-totals">
          {t('commission.totals', {
            statements: totals.statements,
            base: formatMoney(totals.base),
            paid: formatMoney(totals.paid),
            held: formatMoney(totals.held),
            carried: formatMoney(totals.carried),
          })}
        </p>
      )}
      {timeZone ? (
        <DataGrid<CommissionReportRow>
          caption={t('commission.title')}
          queryKey={[...commissionKey, timeZone]}
          fetchPage={(q: GridQuery) =>
            fetchCommissionReport(withRange(q, timeZone)).then((v) => {
              setTotals(v.totals);
              return toGridPage(v);
            })
          }
          columns={columns}
          rowId={(r) => String(r.statementId)}
          filters={filters}
          defaultSort={{ sort: 'periodStart', order: 'desc' }}
          exportName="commission-costs"
        />
      ) : (
        <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>
      )}
    </div>
  );
}
