import { type AdminGame, AdminGameBody, type CatalogueStatus } from '@gamehall/shared/api/admin-games';
import { GAME_TYPES, SLOT_SUB_CATEGORIES } from '@gamehall/shared/constants';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Flame } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useCan } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import { catalogueKey, changeGame, changeGamesStatus, fetchGames, vendorsQuery } from './api';
import { SelectField } from './select-field';
import { STATUS_TONES } from './status-tones';

const STATUSES = ['active', 'maintenance', 'hidden'] as const;

/**
 * Hide or show the games picked in the grid, across pages and filters, in one audited action; asks
 * first, and says how many changed.
 */
function BulkStatusBar({ picked, onDone }: { picked: number[]; onDone: () => void }) {
  const { t } = useTranslation('games');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'active' | 'hidden' | null>(null);
  const [result, setResult] = useState('');
  // A refusal is shown in the dialog, which stays open (ConfirmDialog).
  const run = async (status: 'active' | 'hidden') => {
    const r = await changeGamesStatus(picked, status);
    setResult(t(`catalogue.bulk.done.${status}`, { changed: r.changed, unchanged: r.unchanged }));
    onDone();
    await queryClient.invalidateQueries({ queryKey: catalogueKey });
  };
  return (
    <div className="mb-3 rounded-lg border border-(--border) bg-(--surface-raised) p-3 text-sm" data-testid="bulk-bar">
      <div className="flex flex-wrap items-center gap-2">
        <span>{t('catalogue.bulk.picked', { count: picked.length })}</span>
        <Button variant="secondary" disabled={picked.length === 0} onClick={() => setAsking('hidden')}>
          {t('catalogue.bulk.hide')}
        </Button>
        <Button variant="secondary" disabled={picked.length === 0} onClick={() => setAsking('active')}>
          {t('catalogue.bulk.show')}
        </Button>
        {picked.length > 0 && (
          <Button variant="ghost" onClick={onDone}>
            {t('catalogue.bulk.clear')}
          </Button>
        )}
      </div>
      {result && (
        <p role="status" className="mt-2">
          {result}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`catalogue.bulk.${asking === 'hidden' ? 'hide' : 'show'}`) : ''}
        message={asking ? t(`catalogue.bulk.confirm.${asking}`, { count: picked.length }) : undefined}
        confirmLabel={asking ? t(`catalogue.bulk.${asking === 'hidden' ? 'hide' : 'show'}`) : ''}
        danger={asking === 'hidden'}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          if (asking) await run(asking);
        }}
      />
    </div>
  );
}

function GameDialog({ game, onClose }: { game: AdminGame | null; onClose: () => void }) {
  const { t } = useTranslation('games');
  const [form, setForm] = useState<{ status: string; sort: string; subCategory: string } | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(catalogueKey);
  const current = form ?? {
    status: game?.status ?? 'active',
    sort: String(game?.sort ?? 0),
    subCategory: game?.subCategory ?? '',
  };
  const set = (patch: Partial<typeof current>) => setForm({ ...current, ...patch });
  const close = () => {
    setForm(null);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!game) return;
    const checked = validate(AdminGameBody, {
      status: current.status,
      sort: Number(current.sort || 0),
      subCategory: current.subCategory === '' ? null : current.subCategory,
    });
    setErrors(checked.errors);
    const data = checked.data;
    if (!data) return;
    if (await run(() => changeGame(game.nodeId, data))) close();
  };
  return (
    <Modal open={game !== null} onClose={close} title={t('catalogue.editTitle', { name: game?.name ?? '' })}>
      <form onSubmit={submit} noValidate>
        <SelectField
          label={t('fields.status')}
          value={current.status}
          onChange={(status) => set({ status })}
          options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          hint={t('hints.gameStatus')}
        />
        <p className="mb-3 text-sm text-(--text-muted)">
          {t(game?.isHot ? 'catalogue.hotNow' : 'catalogue.notHotNow', { players: game?.recentPlayers ?? 0 })}
        </p>
        <Field
          label={t('fields.sort')}
          type="number"
          value={current.sort}
          error={errors.sort}
          hint={t('hints.sort')}
          onChange={(e) => set({ sort: e.target.value })}
        />
        <SelectField
          label={t('fields.subCategory')}
          value={current.subCategory}
          onChange={(subCategory) => set({ subCategory })}
          options={[
            { value: '', label: t('common.none', { ns: 'core' }) },
            ...SLOT_SUB_CATEGORIES.map((s) => ({ value: s, label: t(`subCategories.${s}`) })),
          ]}
          error={errors.subCategory}
        />
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

export function CataloguePage() {
  const { t } = useTranslation('games');
  const can = useCan();
  const writable = can('games.write');
  const queryClient = useQueryClient();
  const vendors = useQuery(vendorsQuery).data ?? [];
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const [error, setError] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());

  const quick = async (game: AdminGame, body: { status?: CatalogueStatus }) => {
    setError('');
    try {
      await changeGame(game.nodeId, body);
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  // Rebuilt each render: the action buttons close over this render's handlers.
  const columns: ColumnDef<AdminGame, unknown>[] = [
    ...(writable
      ? [
          {
            id: 'pick',
            header: t('catalogue.bulk.pickColumn'),
            cell: ({ row }: { row: { original: AdminGame } }) => (
              <input
                type="checkbox"
                aria-label={t('catalogue.bulk.pick', { name: row.original.name })}
                checked={picked.has(row.original.nodeId)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if (e.target.checked) next.add(row.original.nodeId);
                  else next.delete(row.original.nodeId);
                  setPicked(next);
                }}
              />
            ),
          } satisfies ColumnDef<AdminGame, unknown>,
        ]
      : []),
    {
      id: 'icon',
      header: t('fields.icon'),
      cell: ({ row }) => <img src={row.original.iconUrl} alt="" width={40} height={40} className="h-10 w-10 rounded" />,
    },
    { id: 'nodeId', accessorKey: 'nodeId', header: t('fields.nodeId'), enableSorting: true, meta: { numeric: true } },
    {
      id: 'name',
      accessorKey: 'name',
      header: t('fields.name'),
      enableSorting: true,
      cell: ({ row }) => (
        <>
          {row.original.name}
          {row.original.isHot && (
            <Flame size={14} className="ml-1 inline text-(--accent)" aria-label={t('fields.hot')} />
          )}
          <span className="block text-xs text-(--text-muted)">{row.original.gameCode}</span>
        </>
      ),
    },
    { id: 'vendorCode', accessorKey: 'vendorName', header: t('fields.vendor'), enableSorting: true },
    { id: 'gameType', accessorKey: 'gameType', header: t('fields.gameType'), enableSorting: true },
    { id: 'subCategory', accessorKey: 'subCategory', header: t('fields.subCategory') },
    {
      id: 'isHot',
      accessorKey: 'isHot',
      header: t('fields.hot'),
      cell: ({ row }) => (row.original.isHot ? '✓' : ''),
    },
    {
      id: 'recentPlayers',
      accessorKey: 'recentPlayers',
      header: t('fields.recentPlayers'),
      meta: { numeric: true },
    },
    { id: 'sort', accessorKey: 'sort', header: t('fields.sort'), enableSorting: true, meta: { numeric: true } },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('fields.status'),
      cell: ({ row }) => (
        <StatusBadge label={t(`statuses.${row.original.status}`)} tone={STATUS_TONES[row.original.status] ?? 'muted'} />
      ),
    },
    ...(writable
      ? [
          {
            id: 'actions',
            header: t('common.actions', { ns: 'core' }),
            cell: ({ row }: { row: { original: AdminGame } }) => {
              const g = row.original;
              return (
                <div className="flex gap-1 whitespace-nowrap">
                  <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing(g)}>
                    {t('common.edit', { ns: 'core' })}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    onClick={() => void quick(g, { status: g.status === 'hidden' ? 'active' : 'hidden' })}
                  >
                    {g.status === 'hidden' ? t('catalogue.show') : t('catalogue.hide')}
                  </Button>
                </div>
              );
            },
          } satisfies ColumnDef<AdminGame, unknown>,
        ]
      : []),
  ];

  return (
    <div>
      <PageHeader title={t('catalogue.title')} description={t('catalogue.description')} />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {writable && <BulkStatusBar picked={[...picked]} onDone={() => setPicked(new Set())} />}
      <DataGrid<AdminGame>
        caption={t('catalogue.title')}
        queryKey={catalogueKey}
        fetchPage={(q) => fetchGames(q).then(toGridPage)}
        columns={columns}
        rowId={(g) => String(g.nodeId)}
        filters={[
          { name: 'q', label: t('filters.search'), type: 'text', placeholder: t('filters.searchHint') },
          {
            name: 'vendor',
            label: t('fields.vendor'),
            type: 'select',
            options: vendors.map((v) => ({ value: v.code, label: v.name })),
          },
          {
            name: 'gameType',
            label: t('fields.gameType'),
            type: 'select',
            options: GAME_TYPES.map((g) => ({ value: g, label: g })),
          },
          {
            name: 'status',
            label: t('fields.status'),
            type: 'select',
            options: (['active', 'maintenance', 'hidden'] as const).map((s) => ({
              value: s,
              label: t(`statuses.${s}`),
            })),
          },
          {
            name: 'hot',
            label: t('fields.hot'),
            type: 'select',
            options: [
              { value: 'true', label: t('common.yes', { ns: 'core' }) },
              { value: 'false', label: t('common.no', { ns: 'core' }) },
            ],
          },
          {
            name: 'subCategory',
            label: t('fields.subCategory'),
            type: 'select',
            options: SLOT_SUB_CATEGORIES.map((s) => ({ value: s, label: t(`subCategories.${s}`) })),
          },
        ]}
        defaultSort={{ sort: 'sort', order: 'asc' }}
        exportName="games"
      />
      <GameDialog game={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
