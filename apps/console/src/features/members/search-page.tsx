import type { MemberRow } from '@gamehall/shared/api/admin-members';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { membersKey, searchMembers } from './api';
import { memberState, typeLabel } from './member-format';
import { SaveSegmentButton } from './save-segment-dialog';

const FIELDS = ['all', 'username', 'id', 'name', 'payee', 'mobile', 'email', 'bankAccount', 'ip'] as const;
// Cashier data: searched only by an operator who reads the cashier.
const CASHIER_FIELDS: readonly string[] = ['bankAccount', 'payee'];

export function SearchPage() {
  const { t } = useTranslation('members');
  const can = useCan();
  // Bank account numbers are cashier data: searched only for operators who hold cashier.read.
  const fields = FIELDS.filter((f) => !CASHIER_FIELDS.includes(f) || can('cashier.read'));
  const columns = useMemo<ColumnDef<MemberRow, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('id'), meta: { numeric: true } },
      {
        id: 'username',
        accessorKey: 'username',
        header: t('username'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link
            className="font-semibold text-(--accent) underline-offset-2 hover:underline"
            to={`/members/${row.original.id}`}
          >
            {row.original.username}
          </Link>
        ),
      },
      { id: 'type', accessorFn: (m) => typeLabel(t, m.type), header: t('type') },
      {
        id: 'status',
        accessorFn: (m) => memberState(t, m, formatDateTime).label,
        header: t('status'),
        cell: ({ row }) => <StatusBadge {...memberState(t, row.original, formatDateTime)} />,
      },
      { id: 'vip', accessorKey: 'vipLevel', header: t('vip'), meta: { numeric: true } },
      { id: 'mobile', accessorFn: (m) => m.mobile ?? '', header: t('mobile') },
      { id: 'email', accessorFn: (m) => m.email ?? '', header: t('email') },
      { id: 'upline', accessorFn: (m) => m.upline?.username ?? '', header: t('upline') },
      {
        id: 'balance',
        accessorKey: 'balance',
        header: t('balance'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.balance),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('created'),
        enableSorting: true,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'lastLogin',
        accessorFn: (m) => m.lastLoginAt ?? '',
        header: t('lastLogin'),
        enableSorting: true,
        cell: ({ row }) =>
          row.original.lastLoginAt ? (
            <>
              {formatDateTime(row.original.lastLoginAt)}
              <span className="block text-xs text-(--text-muted)">{row.original.lastLoginIp}</span>
            </>
          ) : (
            ''
          ),
      },
    ],
    [t],
  );

  return (
    <div>
      <PageHeader
        title={t('search.title')}
        description={t('search.description')}
        actions={can('campaigns.manage') ? <SaveSegmentButton /> : undefined}
      />
      <DataGrid<MemberRow>
        caption={t('search.title')}
        queryKey={[...membersKey, 'search']}
        fetchPage={(q) => searchMembers(q).then(toGridPage)}
        columns={columns}
        rowId={(m) => String(m.id)}
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        filters={[
          { name: 'q', label: t('search.q'), type: 'text' },
          {
            name: 'field',
            label: t('search.field'),
            type: 'select',
            options: fields.map((f) => ({ value: f, label: t(`search.fields.${f}`) })),
          },
          {
            name: 'status',
            label: t('status'),
            type: 'select',
            options: ['active', 'disabled'].map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
          { name: 'tag', label: t('search.tag'), type: 'text' },
          {
            name: 'agentsOnly',
            label: t('search.agentsOnly'),
            type: 'select',
            options: [{ value: 'true', label: t('yes') }],
          },
        ]}
        exportName="members"
      />
    </div>
  );
}
