import type { AuditEntry, AuditList } from '@gamehall/shared/api/operators';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridQuery, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';

/** The day after a yyyy-mm-dd date: the screen's "to" is inclusive, the API's is exclusive. */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function fetchAudit(q: GridQuery) {
  const query = { ...q, to: typeof q.to === 'string' ? dayAfter(q.to) : undefined };
  return api<AuditList>('/admin/audit', { query }).then(toGridPage);
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-(--text-muted)">-</span>;
  return (
    <pre className="max-h-64 overflow-auto rounded bg-(--surface) p-2 text-xs whitespace-pre-wrap">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function AuditPage() {
  const { t } = useTranslation('audit');
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const columns = useMemo<ColumnDef<AuditEntry, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('id'), enableSorting: true, meta: { numeric: true } },
      { id: 'time', accessorKey: 'time', header: t('time'), cell: ({ row }) => formatDateTime(row.original.time) },
      { id: 'actor', accessorFn: (e) => e.actor.username ?? '', header: t('actor') },
      {
        id: 'action',
        accessorKey: 'action',
        header: t('action'),
        cell: ({ row }) => <code>{row.original.action}</code>,
      },
      { id: 'target', accessorKey: 'target', header: t('target') },
      {
        id: 'success',
        accessorKey: 'success',
        header: t('result'),
        cell: ({ row }) => (
          <StatusBadge
            label={row.original.success ? t('ok') : t('refused')}
            tone={row.original.success ? 'success' : 'danger'}
          />
        ),
      },
      { id: 'ip', accessorKey: 'ip', header: t('ip') },
      {
        id: 'before',
        accessorFn: (e) => (e.before === undefined ? null : JSON.stringify(e.before)),
        header: t('before'),
      },
      { id: 'after', accessorFn: (e) => (e.after === undefined ? null : JSON.stringify(e.after)), header: t('after') },
      {
        id: 'details',
        header: t('common.details', { ns: 'core' }),
        meta: { csv: (e) => JSON.stringify(e.detail) },
        cell: ({ row }) => (
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setShown(row.original)}>
            {t('common.details', { ns: 'core' })}
          </Button>
        ),
      },
    ],
    [t],
  );
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <DataGrid<AuditEntry>
        caption={t('title')}
        queryKey={['audit']}
        fetchPage={fetchAudit}
        columns={columns}
        // before/after are long JSON: in the CSV and the details dialog, not as grid cells.
        hiddenColumns={['before', 'after']}
        rowId={(e) => String(e.id)}
        defaultSort={{ sort: 'id', order: 'desc' }}
        filters={[
          { name: 'operator', label: t('operator'), type: 'text' },
          { name: 'action', label: t('action'), type: 'text', placeholder: 'cashier.*' },
          { name: 'target', label: t('target'), type: 'text' },
          { name: 'from', label: t('from'), type: 'date' },
          { name: 'to', label: t('to'), type: 'date' },
          {
            name: 'success',
            label: t('result'),
            type: 'select',
            options: [
              { value: 'true', label: t('ok') },
              { value: 'false', label: t('refused') },
            ],
          },
          {
            name: 'actor',
            label: t('actors'),
            type: 'select',
            options: [{ value: 'all', label: t('actorsAll') }],
          },
        ]}
        exportName="audit-log"
      />
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? `${shown.action} #${shown.id}` : ''}
        wide
      >
        {shown && (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-(--text-muted)">{t('time')}</dt>
            <dd>{formatDateTime(shown.time)}</dd>
            <dt className="text-(--text-muted)">{t('actor')}</dt>
            <dd>{shown.actor.username ?? '-'}</dd>
            <dt className="text-(--text-muted)">{t('target')}</dt>
            <dd>{shown.target ?? '-'}</dd>
            <dt className="text-(--text-muted)">{t('ip')}</dt>
            <dd>{shown.ip ?? '-'}</dd>
            <dt className="text-(--text-muted)">{t('userAgent')}</dt>
            <dd className="break-all">{shown.userAgent ?? '-'}</dd>
            <dt className="text-(--text-muted)">{t('before')}</dt>
            <dd>
              <Json value={shown.before} />
            </dd>
            <dt className="text-(--text-muted)">{t('after')}</dt>
            <dd>
              <Json value={shown.after} />
            </dd>
            <dt className="text-(--text-muted)">{t('detail')}</dt>
            <dd>
              <Json value={shown.detail} />
            </dd>
          </dl>
        )}
      </Modal>
    </div>
  );
}
