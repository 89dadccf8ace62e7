import type { AdminVendor } from '@gamehall/shared/api/admin-games';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { AddVendorDialog } from './add-vendor-dialog';
import { generateOperatorKey, orderVendors, rotateSecret, vendorsKey, vendorsQuery } from './api';
import { CatalogueSyncDialog } from './catalogue-sync-dialog';
import { caletaGamesApi } from './games-api';
import { percentOfPpm } from './provider-fee';
import { STATUS_TONES } from './status-tones';
import { VendorDialog } from './vendor-dialog';

/** A value to hand over (a secret shown once, a public key to send), with its copy button. */
function CopyModal(props: { value: string | undefined; title: string; message: string; onClose: () => void }) {
  const { t } = useTranslation('games');
  return (
    <Modal open={props.value !== undefined} onClose={props.onClose} title={props.title}>
      <p className="mb-2 text-sm">{props.message}</p>
      <output className="mb-3 block rounded-md border border-(--border) bg-(--surface) p-2 font-mono text-xs break-all whitespace-pre-wrap select-all">
        {props.value}
      </output>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(props.value ?? '')}>
          {t('vendors.copy')}
        </Button>
        <Button onClick={props.onClose}>{t('common.close', { ns: 'core' })}</Button>
      </div>
    </Modal>
  );
}

type RowActions = {
  onEdit: () => void;
  onRotate: () => void;
  onKey: () => void;
  onSync: () => void;
  onMove: (by: -1 | 1) => void;
};

/** What an operator who may change vendors can do on a row. */
function VendorActions({ vendor: v, actions }: { vendor: AdminVendor; actions: RowActions }) {
  const { t } = useTranslation('games');
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" className="px-2 py-1 text-xs" onClick={actions.onEdit}>
        {t('common.edit', { ns: 'core' })}
      </Button>
      {v.integration && (
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={actions.onRotate}>
          {t('vendors.rotate')}
        </Button>
      )}
      {v.integration?.protocol === 'caleta' && (
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={actions.onKey}>
          {t('vendors.operatorKey')}
        </Button>
      )}
      {/* The sync lists games through Caleta's Games API, signed with the operator key: both must be there. */}
      {caletaGamesApi(v.integration?.gamesApi) && v.integration?.operatorPublicKey && (
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          data-testid={`vendor-sync-${v.code}`}
          onClick={actions.onSync}
        >
          {t('vendors.syncCatalogue')}
        </Button>
      )}
      <Button
        variant="ghost"
        className="px-2 py-1 text-xs"
        aria-label={t('vendors.up', { name: v.name })}
        onClick={() => actions.onMove(-1)}
      >
        <ArrowUp size={14} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className="px-2 py-1 text-xs"
        aria-label={t('vendors.down', { name: v.name })}
        onClick={() => actions.onMove(1)}
      >
        <ArrowDown size={14} aria-hidden />
      </Button>
    </div>
  );
}

function VendorRow({ vendor: v, actions }: { vendor: AdminVendor; actions: RowActions | null }) {
  const { t } = useTranslation('games');
  return (
    <tr className="border-b border-(--border) last:border-b-0" data-testid={`vendor-row-${v.code}`}>
      <td className="px-3 py-2">
        <span className="font-semibold">{v.name}</span>
        <span className="block text-xs text-(--text-muted)">{v.code}</span>
      </td>
      <td className="px-3 py-2">
        <StatusBadge label={t(`statuses.${v.status}`)} tone={STATUS_TONES[v.status] ?? 'muted'} />
        {v.status === 'maintenance' && (
          <span className="block text-xs text-(--text-muted)">
            {v.maintenanceUntil
              ? t('vendors.until', { time: formatDateTime(v.maintenanceUntil) })
              : t('vendors.untilFurtherNotice')}
          </span>
        )}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        {v.activeGameCount} / {v.listedGameCount} / {v.gameCount}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{percentOfPpm(v.providerFeePpm)} %</td>
      <td className="px-3 py-2">
        {v.integration ? (
          <>
            <StatusBadge
              label={v.integration.enabled ? t('integration.on') : t('integration.off')}
              tone={v.integration.enabled ? 'success' : 'danger'}
            />
            <span className="ml-2 text-xs text-(--text-muted)">
              {t(`walletModes.${v.integration.walletMode}`)} · {v.integration.currency}
            </span>
          </>
        ) : (
          <span className="text-xs text-(--text-muted)">{t('vendors.noIntegration')}</span>
        )}
      </td>
      <td className="px-3 py-2 text-xs">
        {v.integration && v.integration.allowedIps.length > 0 ? v.integration.allowedIps.join(', ') : t('anyIp')}
      </td>
      {actions && (
        <td className="px-3 py-2">
          <VendorActions vendor={v} actions={actions} />
        </td>
      )}
    </tr>
  );
}

/** The confirmations of the two key actions, and the dialogs that hand over what they made. */
function KeyDialogs({
  rotating,
  keying,
  onClose,
}: {
  rotating: AdminVendor | null;
  keying: AdminVendor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('games');
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<{ code: string; secret: string } | null>(null);
  const [publicKey, setPublicKey] = useState<{ code: string; publicKey: string } | null>(null);
  return (
    <>
      <ConfirmDialog
        open={rotating !== null}
        title={t('vendors.rotate')}
        message={t('vendors.rotateConfirm', { name: rotating?.name ?? '' })}
        confirmLabel={t('vendors.rotate')}
        danger
        onConfirm={async () => {
          if (!rotating) return;
          setSecret(await rotateSecret(rotating.code));
          await queryClient.invalidateQueries({ queryKey: vendorsKey });
        }}
        onClose={onClose}
      />
      <ConfirmDialog
        open={keying !== null}
        title={t('vendors.operatorKey')}
        message={t('vendors.operatorKeyConfirm', { name: keying?.name ?? '' })}
        confirmLabel={t('vendors.operatorKey')}
        danger
        onConfirm={async () => {
          if (!keying) return;
          setPublicKey(await generateOperatorKey(keying.code));
          await queryClient.invalidateQueries({ queryKey: vendorsKey });
        }}
        onClose={onClose}
      />
      <CopyModal
        value={publicKey?.publicKey}
        title={t('vendors.operatorPublicKey')}
        message={t('vendors.operatorKeySend', { code: publicKey?.code ?? '' })}
        onClose={() => setPublicKey(null)}
      />
      <CopyModal
        value={secret?.secret}
        title={t('vendors.newSecret')}
        message={t('vendors.secretOnce', { code: secret?.code ?? '' })}
        onClose={() => setSecret(null)}
      />
    </>
  );
}

export function VendorsPage() {
  const { t } = useTranslation('games');
  const can = useCan();
  const writable = can('games.write');
  const queryClient = useQueryClient();
  const vendors = useQuery(vendorsQuery);
  const [editing, setEditing] = useState<AdminVendor | null>(null);
  const [rotating, setRotating] = useState<AdminVendor | null>(null);
  const [keying, setKeying] = useState<AdminVendor | null>(null);
  const [adding, setAdding] = useState(false);
  const [syncing, setSyncing] = useState<AdminVendor | null>(null);
  const [error, setError] = useState('');
  // What the last add or sync did; the console's way of telling it is a status line on the page.
  const [notice, setNotice] = useState('');
  const list = vendors.data ?? [];

  const move = async (index: number, by: -1 | 1) => {
    const codes = list.map((v) => v.code);
    const j = index + by;
    if (j < 0 || j >= codes.length) return;
    [codes[index], codes[j]] = [codes[j] as string, codes[index] as string];
    setError('');
    try {
      await orderVendors(codes);
      await queryClient.invalidateQueries({ queryKey: vendorsKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const actionsOf = (v: AdminVendor, i: number): RowActions => ({
    onEdit: () => setEditing(v),
    onRotate: () => setRotating(v),
    onKey: () => setKeying(v),
    onSync: () => {
      setNotice('');
      setSyncing(v);
    },
    onMove: (by) => void move(i, by),
  });

  return (
    <div>
      <PageHeader
        title={t('vendors.title')}
        description={t('vendors.description')}
        actions={
          writable && (
            <Button
              data-testid="vendor-add"
              onClick={() => {
                setNotice('');
                setAdding(true);
              }}
            >
              <Plus size={16} aria-hidden />
              {t('vendors.add')}
            </Button>
          )
        }
      />
      {(error || vendors.error) && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error || errorMessage(vendors.error)}
        </p>
      )}
      {notice && (
        <p role="status" className="mb-3 text-sm text-(--success)" data-testid="vendors-notice">
          {notice}
        </p>
      )}
      <PlainTable
        caption={t('vendors.title')}
        collapse
        columns={[
          { label: t('fields.vendor') },
          { label: t('fields.status') },
          { label: t('fields.games'), numeric: true },
          { label: t('fields.providerFee'), numeric: true },
          { label: t('vendors.integration') },
          { label: t('fields.allowedIps') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {list.map((v, i) => (
          <VendorRow key={v.code} vendor={v} actions={writable ? actionsOf(v, i) : null} />
        ))}
      </PlainTable>
      <VendorDialog vendor={editing} onClose={() => setEditing(null)} />
      <AddVendorDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(v) => setNotice(t('vendors.added', { name: v.name, code: v.code }))}
      />
      <CatalogueSyncDialog vendor={syncing} onClose={() => setSyncing(null)} onApplied={setNotice} />
      <KeyDialogs
        rotating={rotating}
        keying={keying}
        onClose={() => {
          setRotating(null);
          setKeying(null);
        }}
      />
    </div>
  );
}
