import type { AdminStatement as Statement } from '@gamehall/shared/api/admin-agents';
import { CONTRACT_KINDS, StatementStatus } from '@gamehall/shared/api/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type GridFilter, toGridPage } from '../../components/data-grid';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { fetchStatements, formatRate, statementsKey } from './api';
import { BulkStatementBar } from './bulk-statement-bar';
import { agentPath } from './team-tree';

/** The settlement statements (GET /admin/agents/statements); `holder` fixes the agent (its page). */
export function StatementsGrid({ holder, paramPrefix }: { holder?: string; paramPrefix?: string }) {
  const { t } = useTranslation('agents');
  const writable = useCan()('agents.write');
  // Held statements picked for a bulk release or hold (docs/agents.md "Release and hold in bulk").
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const columns = useMemo<ColumnDef<Statement, unknown>[]>(() => {
    const money = (
      id: 'validBets' | 'netLoss' | 'amount',
      label: string,
      sortable = false,
    ): ColumnDef<Statement, unknown> => ({
      id,
      accessorKey: id,
      header: label,
      enableSorting: sortable,
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original[id]),
    });
    const pick: ColumnDef<Statement, unknown>[] = writable
      ? [
          {
            id: 'pick',
            header: t('bulk.pickColumn'),
            cell: ({ row }) =>
              row.original.status === 'held' ? (
                <input
                  type="checkbox"
                  aria-label={t('bulk.pick', { id: row.original.id })}
                  checked={picked.has(row.original.id)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.target.checked) next.add(row.original.id);
                    else next.delete(row.original.id);
                    setPicked(next);
                  }}
                />
              ) : null,
          },
        ]
      : [];
    return [
      ...pick,
      {
        id: 'id',
        accessorKey: 'id',
        header: t('fields.statement'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link to={`/agents/statements/${row.original.id}`} className="text-(--accent) underline">
            {t('statements.number', { id: row.original.id })}
          </Link>
        ),
      },
      { id: 'kind', accessorFn: (s) => t(`kinds.${s.kind}`), header: t('fields.kind') },
      {
        id: 'holder',
        accessorFn: (s) => s.holder.username,
        header: t('fields.holder'),
        cell: ({ row }) => (
          <Link to={agentPath(row.original.holder)} className="underline">
            {row.original.holder.username}
          </Link>
        ),
      },
      {
        id: 'periodStart',
        accessorKey: 'periodStart',
        header: t('fields.period'),
        enableSorting: true,
        meta: { csv: (s: Statement) => `${s.periodStart}/${s.periodEnd}` },
        cell: ({ row }) => `${formatDateTime(row.original.periodStart)} – ${formatDateTime(row.original.periodEnd)}`,
      },
      money('validBets', t('fields.validBets')),
      money('netLoss', t('fields.netLoss')),
      {
        id: 'ratePpm',
        accessorKey: 'ratePpm',
        header: t('fields.rate'),
        meta: { numeric: true },
        cell: ({ row }) => formatRate(row.original.ratePpm),
      },
      money('amount', t('fields.amount'), true),
      {
        id: 'status',
        accessorKey: 'status',
        header: t('fields.status'),
        cell: ({ row }) => (
          <span className="inline-flex flex-col gap-0.5">
            <StatusBadge
              label={t(`statementStatus.${row.original.status}`)}
              tone={row.original.status === 'held' ? 'warning' : 'success'}
            />
            {row.original.hold && (
              <span className="text-xs text-(--text-muted)">
                {t('bulk.heldBy', { note: row.original.hold.note, name: row.original.hold.heldBy })}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'hold',
        accessorFn: (s) => s.hold?.note ?? '',
        header: t('bulk.holdNote'),
      },
      {
        id: 'paidAt',
        accessorKey: 'paidAt',
        header: t('fields.paidAt'),
        cell: ({ row }) => formatDateTime(row.original.paidAt),
      },
    ];
  }, [t, writable, picked]);

  const filters: GridFilter[] = [
    {
      name: 'status',
      label: t('fields.status'),
      type: 'select',
      options: StatementStatus.options.map((s) => ({ value: s, label: t(`statementStatus.${s}`) })),
    },
    {
      name: 'kind',
      label: t('fields.kind'),
      type: 'select',
      options: CONTRACT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
    },
    ...(holder ? [] : [{ name: 'holder', label: t('fields.holder'), type: 'text' } as const]),
    { name: 'contractId', label: t('fields.contract'), type: 'text' },
  ];

  return (
    <>
      {writable && <BulkStatementBar picked={[...picked]} onDone={() => setPicked(new Set())} />}
      <DataGrid<Statement>
        caption={holder ? t('statements.of', { name: holder }) : t('statements.title')}
        queryKey={holder ? [...statementsKey, holder] : statementsKey}
        fetchPage={(q) => fetchStatements(holder ? { ...q, holder } : q).then(toGridPage)}
        columns={columns}
        rowId={(s) => String(s.id)}
        filters={filters}
        defaultSort={{ sort: 'id', order: 'desc' }}
        exportName={holder ? `statements-${holder}` : 'statements'}
        paramPrefix={paramPrefix}
        hiddenColumns={['hold']}
      />
    </>
  );
}
