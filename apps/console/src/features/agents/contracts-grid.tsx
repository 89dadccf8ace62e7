import { CONTRACT_KINDS, type Contract, ContractStatus } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, type GridFilter, toGridPage } from '../../components/data-grid';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { agentsKey, contractsKey, fetchContracts, formatRate, terminateContract } from './api';
import { agentPath } from './team-tree';

const CONTRACT_TONES: Record<string, Tone> = {
  active: 'success',
  offered: 'warning',
  rejected: 'muted',
  terminated: 'danger',
};

/**
 * Every agent's contracts (GET /admin/agents/contracts), filtered on the server; `holder` fixes the
 * holder (an agent's page), `paramPrefix` keeps its URL state apart from another grid's.
 */
export function ContractsGrid({ holder, paramPrefix }: { holder?: string; paramPrefix?: string }) {
  const { t } = useTranslation('agents');
  const writable = useCan()('agents.write');
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<Contract | null>(null);

  const columns = useMemo<ColumnDef<Contract, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('fields.id'), enableSorting: true, meta: { numeric: true } },
      { id: 'kind', accessorFn: (c) => t(`kinds.${c.kind}`), header: t('fields.kind') },
      { id: 'period', accessorFn: (c) => t(`periods.${c.period}`), header: t('fields.period') },
      {
        id: 'ratePpm',
        accessorKey: 'ratePpm',
        header: t('fields.rate'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatRate(row.original.ratePpm),
      },
      {
        id: 'holder',
        accessorFn: (c) => c.holder.username,
        header: t('fields.holder'),
        cell: ({ row }) => (
          <Link to={agentPath(row.original.holder)} className="text-(--accent) underline">
            {row.original.holder.username}
          </Link>
        ),
      },
      {
        id: 'upline',
        accessorFn: (c) => c.upline?.username ?? t('offeredByOperator'),
        header: t('fields.offeredBy'),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('fields.status'),
        cell: ({ row }) => (
          <StatusBadge
            label={t(`contractStatus.${row.original.status}`)}
            tone={CONTRACT_TONES[row.original.status] ?? 'muted'}
          />
        ),
      },
      {
        id: 'tiers',
        accessorFn: (c) =>
          c.tiers.map((x) => `${x.minValidBet}/${x.minActiveMembers}: ${formatRate(x.ratePpm)}`).join('; '),
        header: t('fields.tiers'),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('fields.created'),
        enableSorting: true,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'endedAt',
        accessorFn: (c) => (c.endedAt ? `${formatDateTime(c.endedAt)} ${endReasonText(t, c.endReason)}` : ''),
        header: t('fields.ended'),
      },
      ...(writable
        ? [
            {
              id: 'actions',
              header: t('common.actions', { ns: 'core' }),
              meta: { csv: () => '' },
              cell: ({ row }) =>
                row.original.status === 'active' || row.original.status === 'offered' ? (
                  <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEnding(row.original)}>
                    {t('contracts.terminate')}
                  </Button>
                ) : null,
            } satisfies ColumnDef<Contract, unknown>,
          ]
        : []),
    ],
    [t, writable],
  );

  const filters: GridFilter[] = [
    {
      name: 'kind',
      label: t('fields.kind'),
      type: 'select',
      options: CONTRACT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
    },
    {
      name: 'status',
      label: t('fields.status'),
      type: 'select',
      options: ContractStatus.options.map((s) => ({ value: s, label: t(`contractStatus.${s}`) })),
    },
    ...(holder ? [] : [{ name: 'holder', label: t('fields.holder'), type: 'text' } as const]),
    { name: 'upline', label: t('fields.uplineAgent'), type: 'text' },
    {
      name: 'offeredBy',
      label: t('fields.offeredBy'),
      type: 'select',
      options: [
        { value: 'operator', label: t('offeredByOperator') },
        { value: 'agent', label: t('offeredByAgent') },
      ],
    },
  ];

  return (
    <>
      <DataGrid<Contract>
        caption={holder ? t('contracts.of', { name: holder }) : t('contracts.title')}
        queryKey={holder ? [...contractsKey, holder] : contractsKey}
        fetchPage={(q) => fetchContracts(holder ? { ...q, holder } : q).then(toGridPage)}
        columns={columns}
        rowId={(c) => String(c.id)}
        filters={filters}
        defaultSort={{ sort: 'id', order: 'desc' }}
        exportName={holder ? `contracts-${holder}` : 'contracts'}
        paramPrefix={paramPrefix}
        hiddenColumns={['tiers']}
      />
      <ConfirmDialog
        open={ending !== null}
        title={t('contracts.terminate')}
        message={
          ending
            ? t('contracts.terminateConfirm', {
                id: ending.id,
                kind: t(`kinds.${ending.kind}`),
                holder: ending.holder.username,
              })
            : ''
        }
        confirmLabel={t('contracts.terminate')}
        danger
        reason={{ label: t('fields.reason'), max: 200 }}
        onConfirm={async (reason) => {
          if (!ending) return;
          await terminateContract(ending.id, reason);
          await queryClient.invalidateQueries({ queryKey: agentsKey });
        }}
        onClose={() => setEnding(null)}
      />
    </>
  );
}

/**
 * A contract's end reason as a sentence: the codes the contract rules write (never a raw
 * code such as 'upline_rate_lowered'), or the operator's or agent's own words as they wrote them.
 */
export function endReasonText(t: (key: string, options?: { defaultValue: string }) => string, reason: string | null) {
  if (!reason) return '';
  return t(`endReasons.${reason}`, { defaultValue: reason });
}
